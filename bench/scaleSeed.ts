/**
 * `bench.mjs scaleseed FILE N`: fills a cache file up to N orders without the platform — copies of its first
 * 20,000 orders with new IDs and order numbers (`-k` appended), stored through the sync's page writer (pages of
 * 100, secondary indexes deferred and built at the end, full-text batches as in a sync). For the scale bench's
 * size, open and query figures when a full sync to that size does not fit the time (docs/PERFORMANCE.md "Scale"
 * says which figures come from a seeded file). Prints the orders added, the time and the writer's CPU.
 */
import { openOrderCache } from '../src/core/cache/openCache';
import { PageWriter } from '../src/core/sync/pageStore';
import type { Order } from '../src/shared/domain/order';

export const SCALE_SEED = 'scaleseed';
const BASE_ORDERS = 20_000;

export function scaleSeed(file: string, target: number): void {
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  try {
    const count = () => cache.db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
    const start = count();
    const ids = cache.db.prepare('SELECT id FROM orders ORDER BY rid LIMIT ?').pluck().all(BASE_ORDERS) as string[];
    const base: Order[] = [];
    for (const id of ids) {
      const r = cache.getOrder(id);
      if (r.ok && r.value) base.push(r.value);
    }
    if (base.length === 0) throw new Error('no orders to copy');
    const writer = new PageWriter(cache, false, true);
    const t = performance.now();
    const cpu = process.cpuUsage();
    const now = Date.now();
    for (let i = start, page: Order[] = []; i < target; i++) {
      const copy = Math.floor(i / base.length) + 1;
      const o = base[i % base.length]!;
      // A new 64-bit ID per copy (beyond every sandbox ID), the order number marked with the copy.
      page.push({ ...o, id: (BigInt(o.id) + BigInt(copy) * 10n ** 17n).toString(), orderNum: `${o.orderNum}-${copy}` });
      if (page.length === 100 || i === target - 1) {
        const r = writer.write(page, { seenAtMs: now, answeredMs: now });
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        page = [];
      }
    }
    const finished = writer.finish();
    if (!finished.ok) throw new Error(JSON.stringify(finished.error));
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    const used = process.cpuUsage(cpu);
    process.stdout.write(
      `seeded ${(count() - start).toLocaleString('en')} orders (${start.toLocaleString('en')} → ${count().toLocaleString('en')}) in ${((performance.now() - t) / 1000).toFixed(0)} s, CPU ${((used.user + used.system) / 1000 / 1000).toFixed(0)} s\n`,
    );
  } finally {
    cache.close();
  }
}
