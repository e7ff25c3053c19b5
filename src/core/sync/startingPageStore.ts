import { ok, type Result } from '../result';
import type { SyncError } from '../../shared/errors/syncErrors';
import type { PageStore } from './pageStore';

/**
 * A page store still starting (the writer thread: ~145 ms on this machine, most of the time a sync took before its
 * first request), used at once: the requests go out while it starts, and what the sync hands it meanwhile is kept,
 * in order, and handed over once it is there (docs/PERFORMANCE.md §8, "Eighth pass"). At most `maxPages` pages are
 * kept (the writer thread's own queue bound, WRITER_QUEUE_PAGES): past them `ready` holds the fetching side until the
 * store is there, as the writer's queue does once it is (pages never pile up in memory: syncWriterBusy.test.ts).
 */
export class StartingPageStore implements PageStore {
  private store: PageStore | undefined;
  /** Calls made before the store was there, in order. */
  private readonly waiting: Array<(store: PageStore) => void> = [];
  /** Watchers, and their unwatch on the store once it is there. */
  private readonly listeners = new Map<(error: SyncError) => void, (() => void) | undefined>();
  private readonly started: Promise<PageStore>;

  private keptPages = 0;

  constructor(
    starting: Promise<PageStore>,
    private readonly maxPages: number,
  ) {
    this.started = starting.then((store) => {
      this.store = store;
      for (const listener of this.listeners.keys()) this.listeners.set(listener, store.watch(listener));
      for (const call of this.waiting.splice(0)) call(store);
      return store;
    });
    // A start that fails is reported where the store is awaited (ready past the kept pages, settled, close: the
    // sync's own error path), not as an unhandled rejection while pages are still being fetched.
    this.started.catch(() => undefined);
  }

  write(...args: Parameters<PageStore['write']>): Result<void, SyncError> {
    if (this.store) return this.store.write(...args);
    // An error the store would have returned at once reaches the watchers instead (as one found later would).
    this.keptPages++;
    this.waiting.push((store) => {
      const written = store.write(...args);
      if (!written.ok) for (const listener of this.listeners.keys()) listener(written.error);
    });
    return ok(undefined);
  }

  loaded(): void {
    if (this.store) this.store.loaded();
    else this.waiting.push((store) => store.loaded());
  }

  record(...args: Parameters<PageStore['record']>): void {
    if (this.store) this.store.record(...args);
    else this.waiting.push((store) => store.record(...args));
  }

  /** While starting: nothing to wait for until `maxPages` pages are kept, then the store (and its own `ready`). */
  ready(): Promise<void> | undefined {
    if (this.store) return this.store.ready();
    return this.keptPages < this.maxPages ? undefined : this.started.then((store) => store.ready());
  }

  async settled(): Promise<Result<void, SyncError>> {
    return (await this.started).settled();
  }

  watch(listener: (error: SyncError) => void): () => void {
    this.listeners.set(listener, this.store?.watch(listener));
    return () => {
      this.listeners.get(listener)?.();
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    await (await this.started).close();
  }
}
