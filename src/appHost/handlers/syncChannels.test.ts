import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIpcUseCaseKit, type IpcUseCaseKit } from '../../../test/helpers/ipcUseCases';

let t: IpcUseCaseKit;
/** Why each `orders:reloaded` said every screen must read again. */
const reloaded: string[] = [];
beforeAll(async () => {
  t = await startIpcUseCaseKit({ orders: 80, seed: 3 });
  t.app.onEvent = (name, data) => {
    if (name === 'orders:reloaded') reloaded.push((data as { reason: string }).reason);
  };
});
afterAll(() => t.stop());

describe('sync handlers over the use-case layer', () => {
  it('sync:status before any sync: no cache yet, a typed cache error', async () => {
    expect(await t.invoke('sync:status')).toMatchObject({ ok: false, error: { kind: 'cache' } });
  });

  it('sync:now fills the cache; sync:status then says complete and idle', async () => {
    const r = await t.invoke('sync:now', {});
    expect(r).toMatchObject({ ok: true, data: { mode: 'full', cached: 80, inserted: 80, keptAs: null } });
    // The first sync sends no change per order: every screen is told to read again.
    expect(reloaded).toEqual(['first-sync']);
    expect(await t.invoke('sync:status')).toMatchObject({
      ok: true,
      data: { state: 'idle', complete: true, unfinished: null },
    });
    expect(t.problems).toEqual([]);
  });

  it('sync:setPaused: a paused sync refuses to start, typed; resuming lets it run', async () => {
    expect(await t.invoke('sync:setPaused', { paused: true })).toEqual({ ok: true, data: { state: 'paused' } });
    expect(await t.invoke('sync:now', {})).toMatchObject({ ok: false, error: { kind: 'sync', code: 'paused' } });
    expect(await t.invoke('sync:setPaused', { paused: false })).toEqual({ ok: true, data: { state: 'idle' } });
    reloaded.length = 0;
    expect(await t.invoke('sync:now', {})).toMatchObject({ ok: true, data: { mode: 'incremental' } });
    expect(reloaded).toEqual([]); // an incremental sync's changes arrive one by one (orders:changed)
  });

  it('a full sync and a rebuild each tell every screen to read again (issue 21 §1)', async () => {
    reloaded.length = 0;
    expect(await t.invoke('sync:now', { full: true })).toMatchObject({ ok: true, data: { mode: 'full' } });
    expect(reloaded).toEqual(['full-sync']);
  });

  it('sync:now with rebuild keeps the old file and fetches every order again', async () => {
    reloaded.length = 0;
    const r = await t.invoke('sync:now', { rebuild: true });
    expect(r).toMatchObject({ ok: true, data: { mode: 'full', inserted: 80 } });
    expect(reloaded).toEqual(['rebuild']);
    if (r.ok) expect(r.data.keptAs).toMatch(/\.replaced-/);
  });

  it('a request outside the contract never reaches the use case', async () => {
    expect(await t.invoke('sync:now', { full: 'yes' } as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-request' },
    });
  });
});
