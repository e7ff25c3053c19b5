// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useOrderLoginLinkStore } from './orderLoginLinkStore';

describe('order login link store', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    useOrderLoginLinkStore.getState().reset();
    bridge = installFakeBridge({
      'buyers:listSaved': () => ({ ok: true, data: { buyers: [{ merchantUserNo: 'u-1', email: 'a@b.example' }] } }),
      'buyers:copyLoginLink': () => ({ ok: true, data: { copied: true, clearsAt: '2026-11-23T12:02:00.000Z' } }),
    });
  });

  it('loads the saved buyers', async () => {
    await useOrderLoginLinkStore.getState().loadSaved();
    expect(useOrderLoginLinkStore.getState().saved).toMatchObject({
      status: 'ready',
      data: [{ merchantUserNo: 'u-1' }],
    });
  });

  it('sends nothing for a bad item ID and says why', async () => {
    for (const bad of ['', '42?x=1', '../../x', '0', '-1']) {
      await useOrderLoginLinkStore.getState().copyLink('u-1', bad);
      expect(useOrderLoginLinkStore.getState().itemIdProblem, bad).toMatch(/item ID/);
    }
    expect(bridge.calls.filter(([c]) => c === 'buyers:copyLoginLink')).toEqual([]);
  });

  it('sends the checked item ID (canonical) and keeps the answer, once per click', async () => {
    await Promise.all([
      useOrderLoginLinkStore.getState().copyLink('u-1', ' 0042 '),
      useOrderLoginLinkStore.getState().copyLink('u-1', '42'),
    ]);
    expect(bridge.calls.filter(([c]) => c === 'buyers:copyLoginLink')).toEqual([
      ['buyers:copyLoginLink', { merchantUserNo: 'u-1', itemId: '42' }],
    ]);
    expect(useOrderLoginLinkStore.getState()).toMatchObject({
      itemIdProblem: null,
      copy: { status: 'ready', data: { copied: true, clearsAt: '2026-11-23T12:02:00.000Z' } },
    });
  });

  it('keeps the error of a failed copy', async () => {
    bridge.answer('buyers:copyLoginLink', () => ({
      ok: false,
      error: { kind: 'not-found', message: 'No saved buyer with user number u-1.' },
    }));
    await useOrderLoginLinkStore.getState().copyLink('u-1', '42');
    expect(useOrderLoginLinkStore.getState().copy).toMatchObject({ status: 'failed', error: { kind: 'not-found' } });
  });
});
