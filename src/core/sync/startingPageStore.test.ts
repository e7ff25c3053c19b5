import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../result';
import type { SyncError } from '../../shared/errors/syncErrors';
import type { PageStore } from './pageStore';
import { StartingPageStore } from './startingPageStore';
import type { AnswerTime } from './platformClock';

const AT: AnswerTime = { seenAtMs: 1, answeredMs: 1 };
const FAILED: SyncError = { kind: 'aborted' };

/** A store that logs its calls; `write` fails when told to. */
function loggingStore(log: string[], failWrite = false): PageStore {
  return {
    write(orders) {
      log.push(`write ${orders.length}`);
      return failWrite ? err(FAILED) : ok(undefined);
    },
    loaded: () => void log.push('loaded'),
    record(row, done) {
      log.push(`record ${row.kind}`);
      done(ok(1));
    },
    ready: () => undefined,
    settled: () => Promise.resolve(ok(undefined)),
    watch: () => {
      log.push('watch');
      return () => void log.push('unwatch');
    },
    close: () => {
      log.push('close');
      return Promise.resolve();
    },
  };
}

function later(): { promise: Promise<PageStore>; start: (store: PageStore) => void } {
  let start!: (store: PageStore) => void;
  const promise = new Promise<PageStore>((resolve) => (start = resolve));
  return { promise, start };
}

describe('a page store used while it starts', () => {
  it('keeps what comes before it is there and hands it over in order; then passes calls straight through', async () => {
    const log: string[] = [];
    const { promise, start } = later();
    const store = new StartingPageStore(promise, 2);
    const unwatch = store.watch(() => {});
    expect(store.write([], AT, [])).toEqual(ok(undefined));
    let recorded: Result<number, unknown> | undefined;
    store.record({ kind: 'lease', token: 't', heartbeatMs: 1 }, (r) => (recorded = r));
    // Requests go on meanwhile (the run-ahead limit of unrecorded pages bounds what waits here).
    expect(store.ready()).toBeUndefined();
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual([]);
    start(loggingStore(log));
    await store.settled();
    expect(log).toEqual(['watch', 'write 0', 'record lease']);
    expect(recorded).toEqual(ok(1));
    store.loaded();
    expect(store.ready()).toBeUndefined();
    unwatch();
    await store.close();
    expect(log).toEqual(['watch', 'write 0', 'record lease', 'loaded', 'unwatch', 'close']);
  });

  it('reports a write that fails once handed over to the watchers (it was answered ok)', async () => {
    const { promise, start } = later();
    const store = new StartingPageStore(promise, 2);
    const seen: SyncError[] = [];
    store.watch((e) => seen.push(e));
    expect(store.write([], AT, []).ok).toBe(true);
    start(loggingStore([], true));
    expect(await store.settled()).toEqual(ok(undefined));
    expect(seen).toEqual([FAILED]);
    // Once it is there, an error known at once is returned at once.
    expect(store.write([], AT, [])).toEqual(err(FAILED));
  });

  it('holds the fetching side once it keeps `maxPages` pages, until the store is there', async () => {
    const { promise, start } = later();
    const store = new StartingPageStore(promise, 2);
    store.write([], AT, []);
    expect(store.ready()).toBeUndefined();
    store.write([], AT, []);
    const held = store.ready();
    expect(held).toBeInstanceOf(Promise);
    let released = false;
    void held!.then(() => (released = true));
    await new Promise((r) => setImmediate(r));
    expect(released).toBe(false);
    start(loggingStore([]));
    await held;
    expect(released).toBe(true);
  });

  it('a store that fails to start is reported where it is awaited, not as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let fail!: (error: Error) => void;
      const store = new StartingPageStore(new Promise<PageStore>((_, reject) => (fail = reject)), 1);
      store.write([], AT, []);
      fail(new Error('no writer'));
      // Pages are still being fetched meanwhile: nothing awaits the store yet.
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
      await expect(store.ready()).rejects.toThrow('no writer');
      await expect(store.close()).rejects.toThrow('no writer');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('closes the store once it is there, when the sync ends before it started', async () => {
    const log: string[] = [];
    const { promise, start } = later();
    const store = new StartingPageStore(promise, 2);
    let closed = false;
    const closing = store.close().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    start(loggingStore(log));
    await closing;
    expect(log).toEqual(['close']);
  });
});
