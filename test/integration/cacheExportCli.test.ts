import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as exceljsModule from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cacheFilePath, openOrderCache } from '../../src/core/cache/openCache';
import { fakeOrder } from '../../src/core/sync/testing/fakeOrders';
import { runCliCapture } from '../helpers/runCliCapture';
import { itWith } from '../helpers/requires';

const ExcelJS = (exceljsModule as unknown as { default?: typeof exceljsModule }).default ?? exceljsModule;

/** A data directory whose default profile has a cache of `n` orders. */
function dataDirWithOrders(n: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-export-cli-'));
  const opened = openOrderCache({ file: cacheFilePath(dir, 'default') });
  if (!opened.ok) throw new Error(opened.error.kind);
  const orders = Array.from({ length: n }, (_, i) => fakeOrder(i + 1, Date.UTC(2026, 0, 1) + i * 60_000));
  for (let i = 0; i < n; i += 100) opened.value.applyPage(orders.slice(i, i + 100), { seenAtMs: 0, baseline: true });
  opened.value.close();
  return dir;
}

describe('cache export, cancelled', () => {
  it('leaves an existing output file as it was and no partial file', async () => {
    const dir = dataDirWithOrders(300);
    const outDir = mkdtempSync(path.join(tmpdir(), 'md-export-out-'));
    const file = path.join(outDir, 'orders.csv');
    writeFileSync(file, 'the previous export\n');
    const cancelled = new AbortController();
    cancelled.abort();
    const r = await runCliCapture(
      ['cache', 'export', '--format', 'csv', '--output', file],
      { MERCHANT_DESK_DATA_DIR: dir },
      cancelled.signal,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Export cancelled; .*orders\.csv was left as it was/);
    expect(readFileSync(file, 'utf8')).toBe('the previous export\n');
    expect(readdirSync(outDir)).toEqual(['orders.csv']);
  });
});

describe('cache export through the built CLI', () => {
  const bin = path.resolve('bin/merchant-desk.js');
  const built = existsSync(path.resolve('out/cli/main.js'));
  itWith(built, 'needs `npm run build` (the built CLI)')(
    'writes the export to standard output, every row, BOM first',
    async () => {
      const dir = dataDirWithOrders(3_000);
      const child = spawn(process.execPath, [bin, 'cache', 'export', '--format', 'csv'], {
        env: { PATH: process.env.PATH, MERCHANT_DESK_DATA_DIR: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => chunks.push(c));
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, stderr).toBe(0);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text.startsWith('\uFEFForder_id,')).toBe(true);
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(3_001);
    },
  );
});

describe('cache export for spreadsheets and programs', () => {
  it('--format xlsx --output: an owner-only workbook with the Orders and Items sheets, IDs exact', async () => {
    const dir = dataDirWithOrders(120);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-export-out-')), 'orders.xlsx');
    const r = await runCliCapture(['cache', 'export', '--format', 'xlsx', '--output', file], {
      MERCHANT_DESK_DATA_DIR: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Exported 120 orders \(240 rows\)/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
      ['Orders', 121],
      ['Items', 121],
    ]);
    expect(book.getWorksheet('Orders')!.getRow(2).getCell(1).value).toBe(fakeOrder(120, 0).id);
  });

  it('--format xlsx without --output and --raw with another format are refused before anything is written', async () => {
    const dir = dataDirWithOrders(1);
    const xlsx = await runCliCapture(['cache', 'export', '--format', 'xlsx'], { MERCHANT_DESK_DATA_DIR: dir });
    expect(xlsx.code).toBe(2);
    expect(xlsx.stderr).toMatch(/--format xlsx needs --output FILE/);
    expect(xlsx.stdout).toBe('');
    const raw = await runCliCapture(['cache', 'export', '--format', 'jsonl', '--raw'], { MERCHANT_DESK_DATA_DIR: dir });
    expect(raw.stderr).toMatch(/--raw applies to --format csv only/);
  });

  it('csv keeps 19-digit IDs as text for a spreadsheet; --raw writes the plain digits for programs', async () => {
    const dir = dataDirWithOrders(2);
    const outDir = mkdtempSync(path.join(tmpdir(), 'md-export-out-'));
    const safe = path.join(outDir, 'safe.csv');
    const raw = path.join(outDir, 'raw.csv');
    const env = { MERCHANT_DESK_DATA_DIR: dir };
    expect((await runCliCapture(['cache', 'export', '--format', 'csv', '--output', safe], env)).code).toBe(0);
    expect((await runCliCapture(['cache', 'export', '--format', 'csv', '--raw', '--output', raw], env)).code).toBe(0);
    const id = fakeOrder(2, 0).id;
    expect(readFileSync(safe, 'utf8').split('\r\n')[1]).toMatch(new RegExp(`^"=""${id}""",`));
    expect(readFileSync(raw, 'utf8').split('\r\n')[1]).toMatch(new RegExp(`^${id},`));
    expect(readFileSync(raw, 'utf8')).not.toMatch(/_label/);
  });
});
