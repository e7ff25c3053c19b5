import { hostname } from 'node:os';
import type { OrderCache } from '../cache/orderCache';
import { err, ok, type Result } from '../result';
import type { SyncError } from '../../shared/errors/syncErrors';
import type { CheckpointRow } from './checkpoint';

/**
 * One sync at a time per cache file, across processes (the desktop app and a CLI `sync`, or two CLI runs): the
 * holder is recorded in the file's `meta` table under `sync.lease`, taken in an IMMEDIATE transaction and
 * refreshed by a heartbeat. A lease is stale — and is taken over — when its process is gone (same host, PID not
 * alive: a killed sync) or its heartbeat is older than `staleMs` (another host, or a reused PID).
 */

const KEY = 'sync.lease';

export interface LeaseHolder {
  pid: number;
  host: string;
  /** Local clock of the holder when it took the lease. */
  sinceMs: number;
  heartbeatMs: number;
  /** Random per lease: tells this holder from an earlier one of the same PID. */
  token: string;
}

export interface SyncLeaseOptions {
  /** Local clock (default Date.now). */
  now?: () => number;
  pid?: number;
  host?: string;
  /** Whether a process of this host is alive (default: `process.kill(pid, 0)`). */
  isAlive?: (pid: number) => boolean;
  /** A heartbeat older than this makes the lease stale (default 60 s). */
  staleMs?: number;
  /** How often the holder refreshes its heartbeat (default 10 s; 0: never, for tests). */
  heartbeatEveryMs?: number;
  /** Called once when a heartbeat finds the lease taken over (this holder had stopped beating for too long). */
  onLost?: () => void;
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(cache: OrderCache): LeaseHolder | undefined {
  const raw = cache.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(KEY) as string | undefined;
  if (raw === undefined) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<LeaseHolder>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.heartbeatMs === 'number')
      return { sinceMs: v.heartbeatMs, token: '', ...v } as LeaseHolder;
  } catch {
    // An unreadable lease holds nothing.
  }
  return undefined;
}

/** Refreshes the heartbeat of the lease `token` holds; 0 when the lease is no longer that one (taken over). */
export function beatLease(cache: OrderCache, token: string, heartbeatMs: number): number {
  return cache.db
    .prepare("UPDATE meta SET value = json_set(value, '$.heartbeatMs', ?) WHERE key = ? AND value ->> 'token' = ?")
    .run(heartbeatMs, KEY, token).changes;
}

/**
 * Where the heartbeat is written while a writer thread stores the sync's pages: in its stream (see CheckpointRow),
 * so this connection never waits for the write lock the writer holds — a wait that blocked the event loop for up
 * to the busy timeout.
 */
export interface LeaseBeatPort {
  record(row: CheckpointRow, done: (written: Result<number, unknown>) => void): void;
}

export class SyncLease {
  private timer: ReturnType<typeof setInterval> | undefined;
  private released = false;
  /** Taken over by another process. */
  lost = false;
  private onLost: (() => void) | undefined;
  private port: LeaseBeatPort | undefined;

  private constructor(
    private readonly cache: OrderCache,
    readonly holder: LeaseHolder,
    private readonly now: () => number,
  ) {}

  /** Takes the cache's sync lease, or says who holds it (`busy` with the holder). */
  static acquire(cache: OrderCache, options: SyncLeaseOptions = {}): Result<SyncLease, SyncError> {
    const now = options.now ?? Date.now;
    const self = { pid: options.pid ?? process.pid, host: options.host ?? hostname() };
    const isAlive = options.isAlive ?? processIsAlive;
    const staleMs = options.staleMs ?? 60_000;
    const taken = cache.guard(() =>
      cache.db
        .transaction((): LeaseHolder | { busy: LeaseHolder } => {
          const current = readHolder(cache);
          const t = now();
          if (current) {
            const gone = current.host === self.host && current.pid !== self.pid && !isAlive(current.pid);
            const stale = t - current.heartbeatMs > staleMs;
            if (!gone && !stale) return { busy: current };
          }
          const holder: LeaseHolder = {
            ...self,
            sinceMs: t,
            heartbeatMs: t,
            token: Math.random().toString(36).slice(2),
          };
          cache.db
            .prepare(
              'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
            )
            .run(KEY, JSON.stringify(holder));
          return holder;
        })
        .immediate(),
    );
    if (!taken.ok) return err({ kind: 'cache', error: taken.error });
    if ('busy' in taken.value) {
      const { pid, host, sinceMs } = taken.value.busy;
      return err({ kind: 'busy', holder: { pid, host, sinceMs } });
    }
    const lease = new SyncLease(cache, taken.value, now);
    lease.onLost = options.onLost;
    const every = options.heartbeatEveryMs ?? 10_000;
    if (every > 0) {
      lease.timer = setInterval(() => lease.heartbeat(), every);
      lease.timer.unref();
    }
    return ok(lease);
  }

  /**
   * Refreshes the heartbeat while this lease is still the recorded one. Returns false, and calls `onLost` once,
   * when it is not: another process took the lease over (this one looked dead — asleep, or blocked for too long).
   */
  heartbeat(): boolean {
    if (this.released || this.lost) return !this.lost;
    if (this.port) {
      const token = this.holder.token;
      this.port.record({ kind: 'lease', token, heartbeatMs: this.now() }, (written) => this.beaten(written));
      return true;
    }
    return this.beaten(this.cache.guard(() => beatLease(this.cache, this.holder.token, this.now())));
  }

  /** Writes the heartbeat through `port` from now on (undefined: on this connection again). */
  beatThrough(port: LeaseBeatPort | undefined): void {
    this.port = port;
  }

  private beaten(updated: Result<number, unknown>): boolean {
    if (this.released || this.lost) return !this.lost;
    if (!updated.ok || updated.value > 0) return true; // a busy file is no proof of loss: the next beat tells
    this.lost = true;
    if (this.timer) clearInterval(this.timer);
    this.onLost?.();
    return false;
  }

  /** Gives the lease up (only if it is still ours). */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.timer) clearInterval(this.timer);
    this.cache.guard(() =>
      this.cache.db.prepare("DELETE FROM meta WHERE key = ? AND value ->> 'token' = ?").run(KEY, this.holder.token),
    );
  }
}
