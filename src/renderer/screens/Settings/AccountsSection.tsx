import { useEffect, useState } from 'react';
import { useAccountsStore } from '../../stores/accountsStore';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { AccountPanel } from './AccountPanel';
import { ConnectAccountForm } from './ConnectAccountForm';

/** Onboarding from the sandbox to real accounts, and each account's token, key and connection test. */
export function AccountsSection() {
  const list = useProfilesStore((s) => s.list.data);
  const selectedId = useAccountsStore((s) => s.selectedId);
  const select = useAccountsStore((s) => s.select);
  const resetConnect = useAccountsStore((s) => s.resetConnect);
  const [adding, setAdding] = useState(false);
  const active = activeProfile(list);
  const accounts = list?.profiles.filter((p) => p.kind === 'merchant') ?? [];
  const selected = accounts.find((p) => p.id === selectedId) ?? null;
  const fallbackId = active?.kind === 'merchant' ? active.id : (accounts[0]?.id ?? null);

  // Show an account as soon as there is one: the active one, else the first.
  useEffect(() => {
    if (list && selected === null && fallbackId !== selectedId) void select(fallbackId);
  }, [list, selected, fallbackId, selectedId, select]);

  return (
    <div className="settings-section">
      <h2>Accounts</h2>
      {active?.kind === 'sandbox' && (
        <p className="settings-intro">
          You are on the <strong>sandbox</strong>: a demo platform on this computer with made-up orders, so you can try
          everything safely. When you are ready, connect your real merchant account; the sandbox stays available in
          Profiles.
        </p>
      )}
      {adding ? (
        <ConnectAccountForm
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
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Connect a real account
          </button>
        </div>
      )}
      {accounts.length > 1 && (
        <div className="settings-field settings-form-inline">
          <label htmlFor="account-select">Account</label>
          <select id="account-select" value={selectedId ?? ''} onChange={(e) => void select(e.target.value)}>
            {accounts.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.id})
              </option>
            ))}
          </select>
        </div>
      )}
      {selected && <AccountPanel profile={selected} active={selected.id === active?.id} />}
      {accounts.length === 0 && !adding && <p className="muted">No real account connected yet.</p>}
    </div>
  );
}
