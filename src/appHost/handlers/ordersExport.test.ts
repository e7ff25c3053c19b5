import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIpcUseCaseKit, type IpcUseCaseKit } from '../../../test/helpers/ipcUseCases';
import { exportCachedOrders } from '../../core/app/ordersExport';
import type { ExportFormat } from '../../core/cache/exportOrders';
import type { ExportDownload } from './ordersExport';

let t: IpcUseCaseKit;
beforeAll(async () => {
  t = await startIpcUseCaseKit({ orders: 60, seed: 9 });
  expect((await t.invoke('sync:now', {})).ok).toBe(true);
});
afterAll(() => t.stop());

function collector(): { out: Writable; text: () => string } {
  let text = '';
  const out = new Writable({
    write(chunk: Buffer | string, _enc, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { out, text: () => text };
}

/** What `cache export` writes for the same filters: the core's export into memory. */
async function expected(query: object, format: ExportFormat): Promise<string> {
  const c = collector();
  const r = await exportCachedOrders(t.kit.session(), query, c.out, { format });
  if (!r.ok) throw new Error(r.error.message);
  return c.text();
}

describe('orders:export', () => {
  it('save dialog: writes the chosen file owner-only, with exactly what `cache export` writes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-export-'));
    const file = path.join(dir, 'chosen.csv');
    const asked: Array<[string, ExportFormat]> = [];
    t.app.exportDestination = {
      kind: 'save-dialog',
      chooseFile: async (name, format) => (asked.push([name, format]), file),
    };
    const r = await t.invoke('orders:export', { format: 'csv', sellerOrderStatus: [4], sort: 'paid' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data).toMatchObject({ file });
    expect(asked).toEqual([['orders-test-2026-11-23.csv', 'csv']]);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(await expected({ sellerOrderStatus: [4], sort: 'paid' }, 'csv'));
    expect((r.data as { orders: number }).orders).toBeGreaterThan(0);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['chosen.csv']); // no partial file left beside it
  });

  it('a cancelled dialog answers {cancelled: true} and writes nothing', async () => {
    t.app.exportDestination = { kind: 'save-dialog', chooseFile: async () => null };
    expect(await t.invoke('orders:export', { format: 'jsonl' })).toEqual({ ok: true, data: { cancelled: true } });
  });

  it('bad filters are refused before the dialog opens', async () => {
    let asked = 0;
    t.app.exportDestination = { kind: 'save-dialog', chooseFile: async () => (asked++, '/nowhere/x.csv') };
    const r = await t.invoke('orders:export', { format: 'csv', search: Array(33).fill('w').join(' ') });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(asked).toBe(0);
  });

  it('an unwritable folder is an io error naming the file, and nothing is left', async () => {
    const file = path.join(tmpdir(), 'md-no-such-folder', 'x.csv');
    t.app.exportDestination = { kind: 'save-dialog', chooseFile: async () => file };
    const r = await t.invoke('orders:export', { format: 'csv' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'io', message: expect.stringContaining(file) } });
    expect(existsSync(file)).toBe(false);
  });

  it('download: offers the export under a name and type, and its stream is `cache export`', async () => {
    const offered: ExportDownload[] = [];
    const temporary = path.join(mkdtempSync(path.join(tmpdir(), 'md-export-')), 'pending.jsonl');
    t.app.exportDestination = {
      kind: 'download',
      temporaryFile: async () => ({ file: temporary, remove: () => rmSync(temporary, { force: true }) }),
      offer: (d) => (offered.push(d), '/_md/export/abc'),
    };
    const r = await t.invoke('orders:export', { format: 'jsonl', hasAfterSales: true });
    expect(r).toEqual({ ok: true, data: { download: '/_md/export/abc' } });
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ fileName: 'orders-test-2026-11-23.jsonl', contentType: expect.any(String) });
    const c = collector();
    expect((await offered[0]!.write(c.out)).ok).toBe(true);
    expect(c.text()).toBe(await expected({ hasAfterSales: true }, 'jsonl'));
    // The core host wrote the export into the temporary file; it is gone once served.
    expect(existsSync(temporary)).toBe(false);
  });

  it('a host with no destination says exporting is not available', async () => {
    delete t.app.exportDestination;
    expect(await t.invoke('orders:export', { format: 'csv' })).toMatchObject({
      ok: false,
      error: { kind: 'unexpected', code: 'export-unavailable' },
    });
    expect(t.problems).toEqual([]);
  });
});
