import { useEffect, useState } from 'react';
import { DateTime } from '../../components/DateTime';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useChangesStore } from '../../stores/changesStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { useSyncStore } from '../../stores/syncStore';
import { ConfirmDialog } from './ConfirmDialog';
import { formatBytes } from './settingsFields';

/** The active profile's order cache: its size, the last full sync, a rebuild, and where it lives. */
export function CacheSection() {
  const cache = useSettingsStore((s) => s.cache);
  const loadCache = useSettingsStore((s) => s.loadCache);
  const opened = useSettingsStore((s) => s.opened);
  const open = useSettingsStore((s) => s.open);
  const status = useSyncStore((s) => s.status.data);
  const running = useSyncStore((s) => s.running);
  const lastResult = useSyncStore((s) => s.lastResult);
  const lastError = useSyncStore((s) => s.lastError);
  const syncNow = useSyncStore((s) => s.syncNow);
  const revision = useChangesStore((s) => s.revision);
  const [asking, setAsking] = useState(false);
  const [rebuilt, setRebuilt] = useState(false);

  useEffect(() => {
    void loadCache();
  }, [loadCache, revision]);

  const rebuild = async () => {
    setAsking(false);
    setRebuilt(false);
    await syncNow({ rebuild: true });
    setRebuilt(true);
    await loadCache();
  };
  const stats = cache.data;
  return (
    <div className="settings-section">
      <h2>Cache</h2>
      {cache.error && <ErrorNotice error={cache.error} title="Could not read the cache" />}
      {stats && (
        <dl className="settings-facts">
          <dt>Profile</dt>
          <dd>{stats.profileId}</dd>
          <dt>Orders cached</dt>
          <dd data-testid="cache-orders">{stats.orders.toLocaleString()}</dd>
          <dt>Size</dt>
          <dd>{formatBytes(stats.bytes)}</dd>
          <dt>Last full sync</dt>
          <dd>{status?.lastFullSyncAt ? <DateTime value={status.lastFullSyncAt} /> : 'not yet'}</dd>
          <dt>Last sync</dt>
          <dd>{status?.lastSyncedAt ? <DateTime value={status.lastSyncedAt} /> : 'not yet'}</dd>
          <dt>File</dt>
          <dd>
            <code>{stats.file}</code>
          </dd>
        </dl>
      )}
      <div className="settings-actions">
        <button type="button" onClick={() => setAsking(true)} disabled={running}>
          {running ? 'Syncing…' : 'Rebuild the cache'}
        </button>
        <button type="button" onClick={() => void open('data-folder')}>
          Open data folder
        </button>
      </div>
      <p role="status">
        {rebuilt && !running && lastResult && !lastError
          ? `Rebuilt: ${lastResult.cached.toLocaleString()} orders cached${lastResult.keptAs ? `; the old cache was kept as ${lastResult.keptAs}` : ''}.`
          : ''}
        {opened.status === 'ready' && opened.data ? `Opened ${opened.data.target}.` : ''}
      </p>
      {rebuilt && lastError && <ErrorNotice error={lastError} title="The rebuild did not finish" />}
      {opened.status === 'failed' && opened.error && <ErrorNotice error={opened.error} title="Could not open it" />}
      {asking && (
        <ConfirmDialog
          title="Rebuild the cache?"
          confirmLabel="Rebuild"
          onCancel={() => setAsking(false)}
          onConfirm={() => void rebuild()}
        >
          <p>
            Every order is fetched from the platform again; this can take a while. The old cache file is kept until the
            new one is complete.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
