import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, ok, type Result } from '../result';
import { olderTextDocumentsLeft } from './migrationV9';
import type { OrderCache } from './orderCache';

/**
 * Work on an opened cache that must not delay opening it (issue 26: a million orders): run after start, in the
 * core host, one small step at a time with the event loop free in between, and cancellable at any step.
 * 1. Orders of an older file still stored as plain JSON are converted (migrationV7.ts), and orders of a schema-8
 *    file moved to the title-set index (migrationV9.ts), in batches; once the last is converted, one VACUUM gives
 *    the freed pages back (1.3 s at 100,000 orders: the only step that long, once).
 * 2. Every stored order's JSON is decoded: a damaged one is recorded and fetched again by the next sync.
 * 3. The file's structure is checked table by table (PRAGMA quick_check(table): each table with its indexes), so a
 *    step lasts one table's check, not the whole file's (quick_check of a 100,000-order file: 1.3–1.5 s).
 */

export interface UpkeepProgress {
  phase: 'convert' | 'index' | 'vacuum' | 'scan' | 'check';
  done: number;
  total: number;
}

/** How the upkeep stands, as the core host reports it (the `cache:upkeep` push event). */
export interface UpkeepReport extends UpkeepProgress {
  state: 'running' | 'done' | 'cancelled' | 'failed';
  damagedOrders: number;
}

export interface UpkeepResult {
  cancelled: boolean;
  converted: number;
  /** Orders whose stored JSON was found damaged (recorded: the next sync fetches them again). */
  damaged: string[];
  /** What quick_check said of each damaged table ('ok' tables are not listed). */
  problems: string[];
}

export interface UpkeepOptions {
  signal?: AbortSignal;
  onProgress?: (p: UpkeepProgress) => void;
  /** Rows decoded per step. */
  scanBatch?: number;
  /** Lets the event loop run between steps (default: setImmediate). */
  pause?: () => Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runCacheUpkeep(
  cache: OrderCache,
  options: UpkeepOptions = {},
): Promise<Result<UpkeepResult, CacheError>> {
  const pause = options.pause ?? nextTurn;
  const result: UpkeepResult = { cancelled: false, converted: 0, damaged: [], problems: [] };
  const stop = () => {
    result.cancelled = options.signal?.aborted === true;
    return result.cancelled;
  };

  const report = (p: UpkeepProgress) => options.onProgress?.(p);
  const left = cache.legacyDocsLeft();
  if (!left.ok) return left;
  for (let done = left.value === 0; !done;) {
    await pause();
    if (stop()) return ok(result);
    const step = cache.convertLegacyDocs();
    if (!step.ok) return step;
    result.converted += step.value.converted;
    done = step.value.done;
    report({ phase: 'convert', done: result.converted, total: left.value });
  }

  // Schema 9: an older file's orders moved to the title-set index, a batch a step (migrationV9.ts); then the
  // full-text indexes merged. One VACUUM after either conversion gives the freed pages back.
  const textLeft = cache.textGroupsLeft();
  if (!textLeft.ok) return textLeft;
  for (let done = textLeft.value === 0, converted = 0; !done;) {
    await pause();
    if (stop()) return ok(result);
    const step = cache.convertTextGroups();
    if (!step.ok) return step;
    converted += step.value.converted;
    done = step.value.done;
    report({ phase: 'index', done: converted, total: textLeft.value });
  }
  // Once every order is converted (now, or by an earlier run killed before this): the older documents dropped, then
  // the new indexes merged, two steps of their own (each said again).
  const older = cache.guard(() => olderTextDocumentsLeft(cache.db));
  if (!older.ok) return older;
  if (older.value) {
    for (const finish of [() => cache.dropOlderTextDocuments(), () => cache.optimizeTextIndexes()]) {
      await pause();
      if (stop()) return ok(result);
      const finished = finish();
      if (!finished.ok) return finished;
      report({ phase: 'index', done: textLeft.value, total: textLeft.value });
    }
  }
  // Also when a conversion finished but its VACUUM was cancelled (a quarter of the file free).
  const free = cache.guard(
    () =>
      (cache.db.pragma('freelist_count', { simple: true }) as number) * 4 >
      (cache.db.pragma('page_count', { simple: true }) as number),
  );
  if (!free.ok) return free;
  if (left.value > 0 || textLeft.value > 0 || free.value) {
    await pause();
    if (stop()) return ok(result);
    const vacuumed = cache.guard(() => cache.db.exec('VACUUM'));
    if (!vacuumed.ok) return vacuumed;
    report({ phase: 'vacuum', done: 1, total: 1 });
  }

  const orders = cache.orderCount();
  if (!orders.ok) return orders;
  let scanned = 0;
  for (let after: number | undefined = 0; after !== undefined;) {
    await pause();
    if (stop()) return ok(result);
    const batch = options.scanBatch ?? 2_000;
    const step = cache.scanDocs(after, batch);
    if (!step.ok) return step;
    result.damaged.push(...step.value.damaged);
    scanned += batch;
    after = step.value.lastRid;
    report({ phase: 'scan', done: Math.min(scanned, orders.value), total: orders.value });
  }

  const tables = cache.guard(
    () =>
      cache.db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")
        .pluck()
        .all() as string[],
  );
  if (!tables.ok) return tables;
  for (const [i, table] of tables.value.entries()) {
    await pause();
    if (stop()) return ok(result);
    const checked = cache.guard(() =>
      (cache.db.pragma(`quick_check("${table}")`) as Array<{ quick_check: string }>).map((r) => r.quick_check),
    );
    if (!checked.ok) return checked;
    if (!(checked.value.length === 1 && checked.value[0] === 'ok'))
      result.problems.push(`${table}: ${checked.value.slice(0, 3).join('; ')}`);
    report({ phase: 'check', done: i + 1, total: tables.value.length });
  }
  if (result.problems.length > 0)
    return err({ kind: 'corrupt', file: cache.file, detail: `PRAGMA quick_check: ${result.problems.join(' | ')}` });
  return ok(result);
}
