/**
 * Export of every cached order (`cache export`, CSV and JSON Lines), each in a fresh process: time and the
 * process's memory peak, per cache size.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { openOrderCache } from '../src/core/cache/openCache';
import { writeExport, type ExportFormat } from '../src/core/cache/exportOrders';
import type { BenchRun } from './benchRun';
import { mib } from './stats';
import { withMemoryPeak, type MemoryPeak } from './syncRuns';

/** The bench bundle's sub-command of the child side. */
export const EXPORT_RUN = 'exportrun';

/** Exports each cache file (its size: the orders it holds) in each format: CSV, JSON Lines, the Excel workbook. */
export async function exportBench(
  { say, results }: BenchRun,
  caches: ReadonlyArray<{ size: number; file: string }>,
): Promise<void> {
  say(
    `## Export of every cached order (\`cache export\`), ${caches.map((c) => c.size.toLocaleString('en')).join(' vs ')} orders, each in a fresh process\n`,
  );
  const lines = [...exportTableHead()];
  const record: Record<string, ExportRun[]> = {};
  for (const { size, file } of caches) {
    const runs = [
      await exportInFreshProcess(file, 'csv'),
      await exportInFreshProcess(file, 'jsonl'),
      await exportInFreshProcess(file, 'xlsx'),
    ];
    lines.push(...exportRows(size, runs));
    record[String(size)] = runs;
  }
  say(lines.join('\n'));
  say('');
  results.export = record;
}

export interface ExportRunInput {
  cache: string;
  output: string;
  format: ExportFormat;
}

export interface ExportRun {
  format: ExportFormat;
  orders: number;
  rows: number;
  bytes: number;
  wallMs: number;
  peak: MemoryPeak;
  baseline: MemoryPeak;
}

/** Child side of an export measurement: every order of a cache exported to a file, in a fresh process. */
export async function exportRun(input: ExportRunInput): Promise<void> {
  const r = openOrderCache({ file: input.cache });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const out = createWriteStream(input.output);
  const t = performance.now();
  const { value, peak, baseline } = await withMemoryPeak(
    () => writeExport(r.value, {}, out, { format: input.format }),
    true,
  );
  await new Promise<void>((resolve) => out.end(resolve));
  const wallMs = performance.now() - t;
  r.value.close();
  if (!value.ok) throw new Error(JSON.stringify(value.error));
  const run: ExportRun = {
    format: input.format,
    ...value.value,
    bytes: statSync(input.output).size,
    wallMs,
    peak,
    baseline,
  };
  rmSync(input.output, { force: true });
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

/** Parent side: exports a cache file in a fresh process (nothing else in its heap) and reads its figures. */
export function exportInFreshProcess(cache: string, format: ExportFormat): Promise<ExportRun> {
  const input: ExportRunInput = { cache, output: `${cache}.export.${format}`, format };
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, EXPORT_RUN, JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ExportRun)
        : reject(new Error(`exportrun exited ${code}`)),
    ),
  );
}

function exportRows(size: number, runs: ExportRun[]): string[] {
  return runs.map(
    (r) =>
      `| ${size.toLocaleString('en')} | ${r.format} | ${r.orders.toLocaleString('en')} | ${r.rows.toLocaleString('en')} | ${mib(r.bytes)} | ${(r.wallMs / 1000).toFixed(2)} | ${Math.round(r.orders / (r.wallMs / 1000)).toLocaleString('en')} | ${mib(r.peak.rss)} | ${mib(r.peak.rssAnon)} | ${mib(r.peak.heapUsed)} | ${mib(r.peak.liveHeap)} |`,
  );
}

function exportTableHead(): string[] {
  return [
    '| Orders cached | Format | Orders exported | Rows | Output MiB | Wall s | Orders/s | Peak RSS MiB | Peak RSS without mapped files MiB | Peak JS heap MiB | Peak live heap MiB (after GC) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
}
