import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/Button';
import { formatAgo, instantMs } from '../format/time';
import { useSyncStore } from '../stores/syncStore';
import { useT } from '../i18n/t';
import { errorWords } from '../i18n/errorText';
import { useLocaleStore } from '../i18n/localeStore';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Where the cache stands: last synced "2 min ago", Sync now, progress while a sync runs, and what went wrong. */
export function SyncStatus() {
  const status = useSyncStore((s) => s.status.data);
  const live = useSyncStore((s) => s.live);
  const progress = useSyncStore((s) => s.progress);
  const running = useSyncStore((s) => s.running);
  const lastError = useSyncStore((s) => s.lastError);
  const syncNow = useSyncStore((s) => s.syncNow);
  const now = useNow(30_000);
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const lastSyncedMs = instantMs(live?.lastSyncedAt ?? status?.lastSyncedAt ?? null);
  const state = running || live?.state === 'syncing' ? 'syncing' : (live?.state ?? status?.state ?? 'idle');

  let text: string;
  if (state === 'syncing') {
    if (!progress) text = t('sync.syncing');
    else if (progress.ordersExpected === null) text = t('sync.syncingCount', { fetched: progress.ordersFetched });
    else text = t('sync.syncingOf', { fetched: progress.ordersFetched, expected: progress.ordersExpected });
  } else if (state === 'paused') text = t('sync.paused');
  else if (state === 'offline') text = t('sync.offline');
  else if (lastSyncedMs !== undefined) text = t('sync.synced', { ago: formatAgo(lastSyncedMs, now) });
  else text = t('sync.never');

  const problem = live?.error ?? lastError;
  const words = problem ? errorWords(problem, t, locale) : null;
  return (
    <div className="sync-status" data-state={state}>
      <span className="sync-status-text" role="status" aria-live="polite">
        {text}
      </span>
      {state === 'syncing' && progress && progress.pagesPlanned > 0 && (
        <progress
          className="sync-progress"
          max={progress.pagesPlanned}
          value={progress.pagesDone}
          aria-label={t('sync.progress')}
        />
      )}
      <Button icon={RefreshCw} onClick={() => void syncNow()} disabled={state === 'syncing'}>
        <span className="narrow-hidden">{t('sync.now')}</span>
      </Button>
      {words && state !== 'syncing' && (
        <span
          className="sync-status-error"
          role="alert"
          title={[words.details, words.action].filter(Boolean).join(' ') || undefined}
        >
          {[words.text, words.details === null ? words.action : null].filter(Boolean).join(' ')}
        </span>
      )}
    </div>
  );
}
