import { useState, type FormEvent } from 'react';
import { useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { SaveStatus } from './SaveStatus';

const linesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');

/**
 * Which hosts' images an order shows at once. The platform's own product-image hosts always load; images from any
 * other host wait for a click (fetching one tells that host when and from where the order was looked at); hosts on
 * this computer or the local network never load. The merchant may add hosts they trust.
 */
export function ImageHostsForm({ profileName, stored }: { profileName: string; stored: readonly string[] }) {
  const save = useSettingsStore((s) => s.save);
  const updateProfile = useSettingsStore((s) => s.updateProfile);
  const [value, setValue] = useState(stored.join('\n'));
  const hostError = save.section === 'imageHosts' ? save.fieldErrors.imageHosts : undefined;
  const changed = linesOf(value).join('\n') !== stored.join('\n');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The order view reads the hosts from the profile list: reload it once saved.
    if (await updateProfile('imageHosts', { imageHosts: linesOf(value) })) await useProfilesStore.getState().load();
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="image-hosts-title" noValidate>
      <h3 id="image-hosts-title">Order images ({profileName})</h3>
      <div className="settings-field">
        <label htmlFor="image-hosts">More hosts whose images load at once (one per line)</label>
        <textarea
          id="image-hosts"
          rows={3}
          placeholder="images.example.com"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="image-hosts-help"
          aria-invalid={hostError !== undefined}
        />
        <p id="image-hosts-help" className={hostError ? 'settings-field-error' : 'settings-help'}>
          {hostError ??
            'The platform’s own product-image hosts always load. Images a buyer links from anywhere else wait for a click: loading one tells that server when and from where you opened the order. Hosts on this computer or your local network are never loaded.'}
        </p>
      </div>
      <div className="settings-actions">
        <button type="submit" disabled={!changed || save.status === 'saving'}>
          Save
        </button>
        <SaveStatus section="imageHosts" />
      </div>
    </form>
  );
}
