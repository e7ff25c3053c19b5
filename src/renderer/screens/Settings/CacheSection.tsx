import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { DateTime } from '../../components/DateTime';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useChangesStore } from '../../stores/changesStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { useSyncStore } from '../../stores/syncStore';
import { formatNumber } from '../../format/money';
import { useT } from '../../i18n/t';
import { ConfirmDialog } from './ConfirmDialog';
import { formatBytes } from './settingsFields';

/** Unused space below this is not worth a button (a few pages are always free after ordinary syncs). */
const COMPACT_WORTH_BYTES = 16 * 1024 * 1024;

/**
 * The active profile's order cache: its size and unused space (given back on request), the last full sync, a
 * rebuild, and where it lives.
 */
export function CacheSection() {
  const cache = useSettingsStore((s) => s.cache);
  const loadCache = useSettingsStore((s) => s.loadCache);
  const opened = useSettingsStore((s) => s.opened);
  const open = useSettingsStore((s) => s.open);
  const compaction = useSettingsStore((s) => s.compaction);
  const compactCache = useSettingsStore((s) => s.compactCache);
  const status = useSyncStore((s) => s.status.data);
  const running = useSyncStore((s) => s.running);
  const lastResult = useSyncStore((s) => s.lastResult);
  const lastError = useSyncStore((s) => s.lastError);
  const syncNow = useSyncStore((s) => s.syncNow);
  const revision = useChangesStore((s) => s.revision);
  const [asking, setAsking] = useState(false);
  const [rebuilt, setRebuilt] = useState(false);
  const t = useT();

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
  const compacting = compaction.status === 'loading';
  return (
    <div className="settings-section">
      <h2>{t('settings.section.cache')}</h2>
      {cache.error && <ErrorNotice error={cache.error} title={t('cache.readFailed')} />}
      {stats && (
        <dl className="settings-facts">
          <dt>{t('cache.profile')}</dt>
          <dd>{stats.profileId}</dd>
          <dt>{t('cache.orders')}</dt>
          <dd data-testid="cache-orders">{formatNumber(stats.orders)}</dd>
          <dt>{t('cache.size')}</dt>
          <dd>{formatBytes(stats.bytes)}</dd>
          {stats.freeBytes >= COMPACT_WORTH_BYTES && (
            <>
              <dt>{t('cache.free')}</dt>
              <dd data-testid="cache-free">{t('cache.freeValue', { size: formatBytes(stats.freeBytes) })}</dd>
            </>
          )}
          <dt>{t('cache.lastFullSync')}</dt>
          <dd>{status?.lastFullSyncAt ? <DateTime value={status.lastFullSyncAt} /> : t('cache.notYet')}</dd>
          <dt>{t('cache.lastSync')}</dt>
          <dd>{status?.lastSyncedAt ? <DateTime value={status.lastSyncedAt} /> : t('cache.notYet')}</dd>
          <dt>{t('cache.file')}</dt>
          <dd>
            <code>{stats.file}</code>
          </dd>
        </dl>
      )}
      <div className="settings-actions">
        <Button onClick={() => setAsking(true)} disabled={running}>
          {running ? t('cache.syncing') : t('cache.rebuild')}
        </Button>
        {(compacting || (stats && stats.freeBytes >= COMPACT_WORTH_BYTES)) && (
          <Button
            onClick={() => void compactCache()}
            disabled={running || compacting}
            aria-describedby="cache-compact-note"
          >
            {compacting ? t('cache.compacting') : t('cache.compact', { size: formatBytes(stats?.freeBytes ?? 0) })}
          </Button>
        )}
        <Button onClick={() => void open('data-folder')}>{t('about.openDataFolder')}</Button>
      </div>
      {(compacting || (stats && stats.freeBytes >= COMPACT_WORTH_BYTES)) && (
        <p className="settings-help" id="cache-compact-note">
          {t('cache.compactNote')}
        </p>
      )}
      <p role="status">
        {rebuilt && !running && lastResult && !lastError
          ? lastResult.keptAs
            ? t('cache.rebuiltKept', { count: lastResult.cached, file: lastResult.keptAs })
            : t('cache.rebuilt', { count: lastResult.cached })
          : ''}
        {opened.status === 'ready' && opened.data ? t('about.opened', { target: opened.data.target }) : ''}
        {compaction.status === 'ready' && compaction.data
          ? t('cache.compacted', {
              before: formatBytes(compaction.data.bytesBefore),
              after: formatBytes(compaction.data.bytesAfter),
            })
          : ''}
      </p>
      {compaction.status === 'failed' && compaction.error && (
        <ErrorNotice error={compaction.error} title={t('cache.compactFailed')} />
      )}
      {rebuilt && lastError && <ErrorNotice error={lastError} title={t('cache.rebuildFailed')} />}
      {opened.status === 'failed' && opened.error && <ErrorNotice error={opened.error} title={t('about.openFailed')} />}
      {asking && (
        <ConfirmDialog
          title={t('cache.confirmTitle')}
          confirmLabel={t('cache.confirm')}
          onCancel={() => setAsking(false)}
          onConfirm={() => void rebuild()}
        >
          <p>{t('cache.confirmBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
