// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../testing/fakeBridge';
import { useBuyersStore } from './buyersStore';

const anna = { merchantUserNo: 'u1', email: 'anna@example.com', firstName: 'Anna' };

describe('buyers store', () => {
  beforeEach(() => useBuyersStore.getState().reset());

  it('turns answers into state: saved list, a failed save beside the list', async () => {
    const bridge = installFakeBridge({
      'buyers:listSaved': () => ({ ok: true, data: { buyers: [anna] } }),
      'buyers:save': () => ({
        ok: false,
        error: { kind: 'invalid-input', message: 'email must look like name@example.com' },
      }),
    });
    await useBuyersStore.getState().load();
    expect(useBuyersStore.getState().saved.data?.buyers).toEqual([anna]);
    expect(await useBuyersStore.getState().save({ ...anna, email: 'x' })).toBe(false);
    expect(useBuyersStore.getState().saveError?.kind).toBe('invalid-input');
    expect(useBuyersStore.getState().saved.data?.buyers).toEqual([anna]);
    expect(bridge.calls.map(([c]) => c)).toEqual(['buyers:listSaved', 'buyers:save']);
  });

  it('a second click while a link is being made sends nothing; the link itself never reaches the page', async () => {
    let release: () => void = () => {};
    const bridge = installFakeBridge({
      'buyers:copyLoginLink': () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true, data: { copied: true, clearsAt: '2026-11-23T12:02:00.000Z' } });
        }),
    });
    const first = useBuyersStore.getState().loginLink('u1', '42', 'copy');
    await useBuyersStore.getState().loginLink('u1', '42', 'copy');
    release();
    await first;
    expect(bridge.calls.filter(([c]) => c === 'buyers:copyLoginLink')).toHaveLength(1);
    expect(useBuyersStore.getState().links.u1).toEqual({
      status: 'copied',
      clearsAtMs: Date.UTC(2026, 10, 23, 12, 2),
      notClearedReason: null,
    });
    expect(JSON.stringify(useBuyersStore.getState())).not.toMatch(/authorizationCode|https?:/);
  });

  it('a failed link says how it failed, and does not linger once a later link (of any buyer) works', async () => {
    let copyWorks = false;
    installFakeBridge({
      'buyers:copyLoginLink': () =>
        copyWorks
          ? { ok: true, data: { copied: true, clearsAt: null } }
          : {
              ok: false,
              error: { kind: 'io', code: 'clipboard-no-display', message: 'The login link was not copied.' },
            },
      'buyers:openLoginLink': () => ({
        ok: false,
        error: { kind: 'io', code: 'browser-failed', message: 'The login link was not opened.' },
      }),
    });
    await useBuyersStore.getState().loginLink('u1', '42', 'copy');
    expect(useBuyersStore.getState().links.u1).toMatchObject({ status: 'failed', how: 'copy' });
    copyWorks = true;
    await useBuyersStore.getState().loginLink('u2', '42', 'copy');
    expect(useBuyersStore.getState().links).toEqual({
      u2: { status: 'copied', clearsAtMs: null, notClearedReason: null },
    });
    await useBuyersStore.getState().loginLink('u2', '42', 'open');
    expect(useBuyersStore.getState().links).toEqual({
      u2: { status: 'failed', how: 'open', error: expect.objectContaining({ code: 'browser-failed' }) },
    });
  });

  it('remembers the user ID a sync returned, per buyer', async () => {
    installFakeBridge({ 'buyers:sync': () => ({ ok: true, data: { userId: '9007199254740993' } }) });
    await useBuyersStore.getState().syncToPlatform(anna);
    expect(useBuyersStore.getState().syncs.u1).toEqual({ status: 'synced', userId: '9007199254740993' });
  });
});
