import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppSessionKit, type AppSessionKit } from '../../../test/helpers/appSession';
import { createLoginLink, listSavedBuyers, removeSavedBuyer, saveBuyer, savedBuyersFile, syncBuyer } from './buyers';

let kit: AppSessionKit;
beforeAll(async () => {
  kit = await startAppSessionKit({ orders: 5 });
});
afterAll(() => kit.stop());

describe('buyer use cases', () => {
  it('saved buyers keep who the buyer is, never a code; the file is owner-only', () => {
    const s = kit.session();
    const withCode = saveBuyer(s, { merchantUserNo: 'u-7', email: 'u7@example.com', authorizationCode: 'secret-code' });
    expect(withCode).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    const saved = saveBuyer(s, { merchantUserNo: 'u-7', email: 'u7@example.com' });
    expect(saved).toEqual({ ok: true, value: [{ merchantUserNo: 'u-7', email: 'u7@example.com' }] });
    const file = savedBuyersFile(kit.dataDir, 'test');
    expect(readFileSync(file, 'utf8')).not.toMatch(/secret-code|authorizationCode/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(removeSavedBuyer(s, 'u-7')).toEqual({ ok: true, value: [] });
  });

  it('a bad buyer is invalid input; a damaged file is a settings error naming it', () => {
    const s = kit.session();
    expect(saveBuyer(s, { merchantUserNo: '', email: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    writeFileSync(savedBuyersFile(kit.dataDir, 'test'), '{not json');
    const r = listSavedBuyers(s);
    expect(r).toMatchObject({ ok: false, error: { kind: 'settings' } });
    if (!r.ok) expect(r.error.message).toContain(savedBuyersFile(kit.dataDir, 'test'));
  });

  it('buyer sync and a fresh login link; a bad item spends no code', async () => {
    const s = kit.session();
    const synced = await syncBuyer(s, { merchantUserNo: 'u-8', email: 'u8@example.com' });
    expect(synced).toMatchObject({
      ok: true,
      value: { userId: expect.any(String), authorizationCode: expect.any(String) },
    });
    const before = kit.platform.sandbox.requestCount('buyer-sync');
    expect(await createLoginLink(s, { merchantUserNo: 'u-8', email: 'u8@example.com' }, '../x')).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(kit.platform.sandbox.requestCount('buyer-sync')).toBe(before);
    const link = await createLoginLink(s, { merchantUserNo: 'u-8', email: 'u8@example.com' }, '42');
    expect(link.ok && link.value.url).toMatch(/\/items\/42\?authorizationCode=/);
  });
});
