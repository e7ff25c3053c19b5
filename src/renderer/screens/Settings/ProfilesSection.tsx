import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { activeProfile, useProfilesStore, type ProfileView } from '../../stores/profilesStore';
import { ConfirmDialog } from './ConfirmDialog';
import { RenameForm } from './RenameForm';

const keyText = (key: ProfileView['key']) =>
  key === null ? 'no key' : key === 'unknown' ? 'unknown' : `${key.bits} bits`;

/** Every profile of this data directory: switch, rename, remove (after a question). */
export function ProfilesSection() {
  const list = useProfilesStore((s) => s.list);
  const use = useProfilesStore((s) => s.use);
  const switchError = useProfilesStore((s) => s.switchError);
  const removal = useProfileSetupStore((s) => s.removal);
  const removeProfile = useProfileSetupStore((s) => s.removeProfile);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  const [lastRemoved, setLastRemoved] = useState<string | null>(null);
  const profiles = list.data?.profiles ?? [];
  const active = activeProfile(list.data);

  const confirmRemove = async () => {
    if (!removing) return;
    const name = removing.name;
    if (await removeProfile(removing.id)) setLastRemoved(name);
    setRemoving(null);
  };

  return (
    <div className="settings-section">
      <h2>Profiles</h2>
      <p role="status" className="active-profile-line">
        {active ? (
          <>
            Active profile: <strong>{active.name}</strong> ({active.id})
          </>
        ) : profiles.length > 0 ? (
          'No profile is active: choose one with "Switch to".'
        ) : (
          'No profile yet: add one under Connection.'
        )}
        {lastRemoved && removal.status === 'ready' && ` — removed “${lastRemoved}” with its token and key.`}
      </p>
      {list.error && <ErrorNotice error={list.error} title="Could not read the profiles" />}
      {list.data?.tokenProblem && (
        <ErrorNotice error={list.data.tokenProblem} title="The keychain could not be asked" />
      )}
      {switchError && <ErrorNotice error={switchError} title="Could not switch profile" />}
      {removal.status === 'failed' && removal.error && (
        <ErrorNotice error={removal.error} title="The profile was not removed" />
      )}
      <table className="settings-table">
        <caption className="visually-hidden">Profiles</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">ID</th>
            <th scope="col">Kind</th>
            <th scope="col">Token</th>
            <th scope="col">Key</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {profiles.map((p) => (
            <tr key={p.id} aria-current={p.id === active?.id ? 'true' : undefined}>
              <th scope="row">
                {renaming === p.id ? (
                  <RenameForm profile={p} onDone={() => setRenaming(null)} />
                ) : (
                  <>
                    {p.name}
                    {p.id === active?.id && <span className="chip chip-ok">active</span>}
                  </>
                )}
              </th>
              <td>
                <code>{p.id}</code>
              </td>
              <td>{p.kind === 'sandbox' ? 'Sandbox' : 'Merchant'}</td>
              <td>{p.tokenState}</td>
              <td>{keyText(p.key)}</td>
              <td>
                <div className="settings-row-actions">
                  {p.id !== active?.id && (
                    <button type="button" onClick={() => void use(p.id)} aria-label={`Switch to ${p.name}`}>
                      Switch to
                    </button>
                  )}
                  <button type="button" onClick={() => setRenaming(p.id)} aria-label={`Rename ${p.name}`}>
                    Rename
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setRemoving(p)}
                    aria-label={`Remove ${p.name}`}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {removing && (
        <ConfirmDialog
          title={`Remove “${removing.name}”?`}
          confirmLabel="Remove profile"
          busy={removal.status === 'loading'}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void confirmRemove()}
        >
          <p>
            Its access token and key are deleted from this computer; its cached orders stay in the data folder. The
            platform account itself is not touched.
          </p>
          {removing.id === active?.id ? (
            <p>
              <strong>This is the active profile.</strong> Afterwards no profile is active until you switch to one.
            </p>
          ) : (
            active && (
              <p>
                <strong>{active.name}</strong> stays the active profile.
              </p>
            )
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
