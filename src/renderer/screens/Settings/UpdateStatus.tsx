import { useEffect } from 'react';
import type { UpdateState } from '../../../shared/ipc/app';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAppStore } from '../../stores/appStore';

/** What the merchant reads about the app's own update: one sentence per state. */
export function updateSentence(state: UpdateState): string {
  switch (state.kind) {
    case 'idle':
      return 'Merchant Desk looks for a new version a little after it starts, then daily.';
    case 'checking':
      return 'Checking for a new version…';
    case 'downloading':
      return `Downloading version ${state.version} in the background (${Math.round(state.percent)} %).`;
    case 'ready':
      return `Version ${state.version} is downloaded. It is installed when you restart Merchant Desk.`;
    case 'up-to-date':
      return 'Merchant Desk is up to date.';
    case 'failed':
      return `The last check for a new version failed: ${state.message}`;
    case 'off':
      return `Updates are off: ${state.reason}.`;
  }
}

/** Settings → About: where the app's own update stands, with "Check for updates" or "Restart to update". */
export function UpdateStatus() {
  const updates = useAppStore((s) => s.updates);
  const restart = useAppStore((s) => s.restart);
  const load = useAppStore((s) => s.loadUpdates);
  const act = useAppStore((s) => s.updateAction);
  useEffect(() => {
    void load();
  }, [load]);
  const state = updates.data;
  const busy = updates.status === 'loading' || state?.kind === 'checking' || state?.kind === 'downloading';
  return (
    <div className="settings-updates" data-testid="update-status">
      <h3>Updates</h3>
      <p role="status">
        {state ? updateSentence(state) : ''}
        {restart === 'waiting'
          ? ' An after-sales decision is being sent: the app restarts as soon as it is answered.'
          : ''}
      </p>
      {updates.error && <ErrorNotice error={updates.error} title="Could not read the update state" />}
      {state && state.kind !== 'off' && (
        <div className="settings-actions">
          {state.kind === 'ready' ? (
            <button type="button" className="primary" onClick={() => void act('restart')}>
              Restart to update
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void act('check')}>
              Check for updates
            </button>
          )}
        </div>
      )}
    </div>
  );
}
