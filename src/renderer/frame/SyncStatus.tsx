import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/Button';
import { formatAgo, instantMs } from '../format/time';
import { useSyncStore } from '../stores/syncStore';

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
  const lastSyncedMs = instantMs(live?.lastSyncedAt ?? status?.lastSyncedAt ?? null);
  const state = running || live?.state === 'syncing' ? 'syncing' : (live?.state ?? status?.state ?? 'idle');

  let text: string;
  if (state === 'syncing') {
    text = progress
      ? `Syncing… ${progress.ordersFetched.toLocaleString()}${progress.ordersExpected !== null ? ` of ${progress.ordersExpected.toLocaleString()}` : ''} orders`
      : 'Syncing…';
  } else if (state === 'paused') text = 'Sync paused';
  else if (state === 'offline') text = 'Offline';
  else if (lastSyncedMs !== undefined) text = `Synced ${formatAgo(lastSyncedMs, now)}`;
  else text = 'Not synced yet';

  const problem = live?.error ?? lastError;
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
          aria-label="Sync progress"
        />
      )}
      <Button icon={RefreshCw} onClick={() => void syncNow()} disabled={state === 'syncing'}>
        <span className="narrow-hidden">Sync now</span>
      </Button>
      {problem && state !== 'syncing' && (
        <span className="sync-status-error" role="alert" title={problem.action ?? undefined}>
          {problem.message}
          {problem.action ? ` ${problem.action}` : ''}
        </span>
      )}
    </div>
  );
}
