import { useEffect, useState } from 'react';
import { Select } from '../../components/ui/Select';
import { Button } from '../../components/ui/Button';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { ProfilePanel } from './ProfilePanel';
import { AddProfileForm } from './AddProfileForm';
import { Msg, useT } from '../../i18n/t';

/** Onboarding from the sandbox to a merchant profile, and each merchant profile's connection, token, key and connection test. */
export function ConnectionSection() {
  const list = useProfilesStore((s) => s.list.data);
  const selectedId = useProfileSetupStore((s) => s.selectedId);
  const select = useProfileSetupStore((s) => s.select);
  const resetConnect = useProfileSetupStore((s) => s.resetConnect);
  const [adding, setAdding] = useState(false);
  const t = useT();
  const active = activeProfile(list);
  const merchantProfiles = list?.profiles.filter((p) => p.kind === 'merchant') ?? [];
  const selected = merchantProfiles.find((p) => p.id === selectedId) ?? null;
  const fallbackId = active?.kind === 'merchant' ? active.id : (merchantProfiles[0]?.id ?? null);

  // Show a merchant profile as soon as there is one: the active one, else the first.
  useEffect(() => {
    if (list && selected === null && fallbackId !== selectedId) void select(fallbackId);
  }, [list, selected, fallbackId, selectedId, select]);

  return (
    <div className="settings-section">
      <h2>{t('settings.section.connection')}</h2>
      {active?.kind === 'sandbox' && (
        <p className="settings-intro">
          <Msg id="connection.sandboxIntro" values={{ b: (chunks) => <strong>{chunks}</strong> }} />
        </p>
      )}
      {adding ? (
        <AddProfileForm
          onDone={(profileId) => {
            setAdding(false);
            void select(profileId);
          }}
          onCancel={() => {
            setAdding(false);
            resetConnect();
          }}
        />
      ) : (
        <div className="settings-actions">
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('connection.add')}
          </Button>
        </div>
      )}
      {merchantProfiles.length > 1 && (
        <div className="settings-field settings-form-inline">
          <label htmlFor="profile-select">{t('connection.profile')}</label>
          <Select id="profile-select" value={selectedId ?? ''} onChange={(e) => void select(e.target.value)}>
            {merchantProfiles.map((p) => (
              <option key={p.id} value={p.id}>
                {t('connection.profileOption', { name: p.name, id: p.id })}
              </option>
            ))}
          </Select>
        </div>
      )}
      {selected && <ProfilePanel profile={selected} active={selected.id === active?.id} />}
      {merchantProfiles.length === 0 && !adding && <p className="muted">{t('connection.none')}</p>}
    </div>
  );
}
