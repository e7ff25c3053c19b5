import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit, FakeClock, listOrders, signedBuyerSync, startTestSandbox } from '../../test/helpers/sandboxTestKit';
import { SandboxStateError, stateFilePath } from './persistentState';
import type { SandboxHandle } from './server';

const running: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.stop()));
});
const start = async (options: Parameters<typeof startTestSandbox>[0]) => {
  const h = await startTestSandbox(options);
  running.push(h);
  return h;
};
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'md-sandbox-state-'));
const mode = (file: string) => statSync(file).mode & 0o777;

describe('a sandbox with a state directory', () => {
  it('serves the same orders, decisions and buyers after a restart, even when started with other options', async () => {
    const dir = freshDir();
    const clock = new FakeClock();
    const first = await start({ orders: 200, seed: 4, now: clock.now, stateDir: dir });
    const id = first.store.query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [1] }).list[0]!.id;
    clock.advance(5_000);
    const rejected = await audit(first, id, { isApproved: false, rejectDescription: 'redeemed', rejectImageUrls: [] });
    expect(rejected.json.code).toBe('0000');
    first.store.insertOrders(3);
    const synced = await signedBuyerSync(
      first,
      { merchantUserNo: 'u-1', email: 'u1@example.com' },
      { nowMs: clock.ms },
    );
    expect(synced.json.code).toBe('0000');
    const before = (await listOrders(first, { pageSize: 100 })).json.data;
    await first.stop();

    clock.advance(3_600_000); // a restart an hour later: the data must not be regenerated against the new clock
    const second = await start({ orders: 50, seed: 99, now: clock.now, stateDir: dir });
    expect(second.restored).toBe(true);
    expect(second.dataSet).toEqual(first.dataSet);
    expect(second.store.size).toBe(203);
    expect((await listOrders(second, { pageSize: 100 })).json.data).toEqual(before);
    expect(second.store.get(id)).toMatchObject({
      rejectDescription: 'redeemed',
      auditedAtMs: clock.ms - 3_600_000,
      order: { orderAfterSalesStatus: 3 },
    });
    expect((await audit(second, id, { isApproved: true })).json.code).toBe('20002');
    expect(second.buyers.get('u-1')).toMatchObject({ userId: synced.json.data.userId, email: 'u1@example.com' });
  });

  it('names its data set in every answer; another directory (or none) is another data set', async () => {
    const a = await start({ orders: 5, stateDir: freshDir() });
    const b = await start({ orders: 5, stateDir: freshDir() });
    const c = await start({ orders: 5 });
    const answer = await fetch(`${a.baseUrl}/nowhere`);
    expect(answer.headers.get('x-data-set-id')).toBe(a.dataSet.dataSetId);
    const ids = new Set([a, b, c].map((h) => h.dataSet.dataSetId));
    expect(ids.size).toBe(3);
  });

  it.skipIf(process.platform === 'win32')(
    'keeps its files owner-only (POSIX): directory 0700, state 0600 (skipped on Windows: no POSIX modes)',
    async () => {
      const dir = path.join(freshDir(), 'nested');
      const h = await start({ orders: 5, stateDir: dir });
      await audit(h, h.store.ids()[0]!, { isApproved: true });
      expect(mode(dir)).toBe(0o700);
      expect(mode(stateFilePath(dir))).toBe(0o600);
    },
  );

  it('refuses a damaged or foreign state file instead of serving other data', async () => {
    const damaged = freshDir();
    writeFileSync(stateFilePath(damaged), '{"format":1,"dataSetId":');
    await expect(start({ stateDir: damaged })).rejects.toBeInstanceOf(SandboxStateError);

    const foreign = freshDir();
    const h = await start({ orders: 30, seed: 1, stateDir: foreign });
    await h.stop();
    const state = JSON.parse(readFileSync(stateFilePath(foreign), 'utf8'));
    state.store.changed.push({ slot: 0, order: { id: '1234567890123456789' }, updateMs: 0 });
    writeFileSync(stateFilePath(foreign), JSON.stringify(state));
    await expect(start({ stateDir: foreign })).rejects.toThrow(/does not belong to this data set/);
  });
});
