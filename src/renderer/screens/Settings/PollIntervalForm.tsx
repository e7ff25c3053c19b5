import { useState, type FormEvent } from 'react';
import { useSettingsStore } from '../../stores/settingsStore';
import { SaveStatus } from './SaveStatus';
import { TextField } from './TextField';

const MIN = 15;
const MAX = 86_400;

/** How often the active profile's orders are fetched in the background. */
export function PollIntervalForm({ profileName, stored }: { profileName: string; stored: number }) {
  const save = useSettingsStore((s) => s.save);
  const updateProfile = useSettingsStore((s) => s.updateProfile);
  const [value, setValue] = useState(String(stored));
  const [hint, setHint] = useState<string | null>(null);
  const hostError = save.section === 'poll' ? save.fieldErrors.pollIntervalSeconds : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const seconds = Number(value);
    if (!Number.isInteger(seconds) || seconds < MIN || seconds > MAX)
      return setHint(`Whole seconds from ${MIN} to ${MAX} (one day).`);
    setHint(null);
    await updateProfile('poll', { pollIntervalSeconds: seconds });
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="poll-title" noValidate>
      <h3 id="poll-title">Checking for new orders ({profileName})</h3>
      <TextField
        id="poll-interval"
        label="Check every (seconds)"
        type="number"
        inputMode="numeric"
        min={MIN}
        max={MAX}
        help="While the app runs it asks the platform for changes this often; Sync now fetches at once."
        value={value}
        onChange={setValue}
        error={hint ?? hostError}
      />
      <div className="settings-actions">
        <button type="submit" disabled={value === String(stored) || save.status === 'saving'}>
          Save
        </button>
        <SaveStatus section="poll" />
      </div>
    </form>
  );
}
