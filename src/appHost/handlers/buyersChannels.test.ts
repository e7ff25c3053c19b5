import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedBuyersFile } from '../../core/app/buyers';
import { openLink, type LinkShell } from './loginLinks';
import { startIpcUseCaseKit, type IpcUseCaseKit } from '../../../test/helpers/ipcUseCases';

let t: IpcUseCaseKit;
beforeAll(async () => {
  t = await startIpcUseCaseKit({ orders: 10, seed: 7 });
});
afterAll(() => t.stop());

const buyer = { merchantUserNo: 'u-1', email: 'u1@example.com', firstName: 'Ada' };

describe('buyers handlers over the use-case layer', () => {
  it('buyers:sync answers the platform user ID only: the authorization code stays in the host', async () => {
    const r = await t.invoke('buyers:sync', buyer);
    expect(r.ok).toBe(true);
    if (r.ok) expect(Object.keys(r.data)).toEqual(['userId']);
  });

  it('saved buyers: save, list, replace by user number, remove; the file is owner-only and holds no code', async () => {
    expect(await t.invoke('buyers:listSaved')).toEqual({ ok: true, data: { buyers: [] } });
    expect(await t.invoke('buyers:save', buyer)).toEqual({ ok: true, data: { buyers: [buyer] } });
    const renamed = { ...buyer, firstName: 'Ada L.' };
    expect(await t.invoke('buyers:save', renamed)).toEqual({ ok: true, data: { buyers: [renamed] } });
    const file = savedBuyersFile(t.kit.dataDir, 'test');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await t.invoke('buyers:remove', { merchantUserNo: 'nobody' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(await t.invoke('buyers:listSaved')).toEqual({ ok: true, data: { buyers: [renamed] } });
  });

  it('buyers:copyLoginLink writes a fresh link to the clipboard and answers only {copied, clearsAt}', async () => {
    const r = await t.invoke('buyers:copyLoginLink', { merchantUserNo: 'u-1', itemId: '42' });
    expect(r).toEqual({ ok: true, data: { copied: true, clearsAt: '2026-11-23T16:00:30.000Z' } });
    expect(t.app.copied).toHaveLength(1);
    expect(t.app.copied[0]).toMatchObject({ clearAfterMs: 30_000 });
    expect(t.app.copied[0]!.text).toMatch(/\/items\/42\?authorizationCode=.+/);
    const second = await t.invoke('buyers:copyLoginLink', { merchantUserNo: 'u-1', itemId: '42' });
    expect(second.ok).toBe(true);
    expect(t.app.copied[1]!.text).not.toBe(t.app.copied[0]!.text); // a fresh code each time
  });

  it('a clipboard that cannot clear says why and promises no clearsAt; one that cannot write is a typed error', async () => {
    const original = t.app.clipboard;
    try {
      t.app.clipboard = {
        writeSecret: async () => ({ ok: true, value: { clearing: false, notClearedReason: 'no reader installed' } }),
      };
      expect(await t.invoke('buyers:copyLoginLink', { merchantUserNo: 'u-1', itemId: '42' })).toEqual({
        ok: true,
        data: { copied: true, clearsAt: null, notClearedReason: 'no reader installed' },
      });
      t.app.clipboard = {
        writeSecret: async () => ({
          ok: false,
          error: {
            kind: 'io',
            code: 'clipboard-unavailable',
            message: 'No clipboard tool was found.',
            action: 'Install xclip.',
          },
        }),
      };
      const r = await t.invoke('buyers:copyLoginLink', { merchantUserNo: 'u-1', itemId: '42' });
      expect(r).toMatchObject({
        ok: false,
        error: { kind: 'io', code: 'clipboard-unavailable', action: 'Install xclip.' },
      });
      expect(JSON.stringify(r)).not.toContain('authorizationCode');
    } finally {
      t.app.clipboard = original;
    }
  });

  it('buyers:openLoginLink opens a fresh link in the system browser and answers {opened: true}', async () => {
    const r = await t.invoke('buyers:openLoginLink', { merchantUserNo: 'u-1', itemId: '42' });
    expect(r).toEqual({ ok: true, data: { opened: true } });
    expect(t.app.opened).toHaveLength(1);
    expect(t.app.opened[0]).toMatch(/authorizationCode=/);
  });

  it('a link for a buyer not saved, or an item path, spends no code', async () => {
    const before = t.kit.platform.sandbox.requestCount('buyer-sync');
    expect(await t.invoke('buyers:copyLoginLink', { merchantUserNo: 'nobody', itemId: '42' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(await t.invoke('buyers:openLoginLink', { merchantUserNo: 'u-1', itemId: '../x' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-request' },
    });
    expect(t.kit.platform.sandbox.requestCount('buyer-sync')).toBe(before);
  });
});

describe('openLink', () => {
  const shell = (openExternal: LinkShell['openExternal']): LinkShell => ({
    clipboard: { writeSecret: () => {} },
    clipboardClearMs: () => null,
    openExternal,
  });

  it("an address main's allow-list refuses is not opened: its typed refusal comes back, without the link", async () => {
    const r = await openLink(
      shell(async () => ({
        ok: false,
        error: { kind: 'invalid-input', code: 'not-platform-page', message: 'Not opened: …' },
      })),
      'https://evil.example/items/1?authorizationCode=SECRET',
    );
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'not-platform-page' } });
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });

  it('an opener that answers nothing (the browser host) opened the link', async () => {
    expect(
      await openLink(
        shell(async () => {}),
        'https://platform.example.com/',
      ),
    ).toEqual({
      ok: true,
      data: { opened: true },
    });
  });
});
