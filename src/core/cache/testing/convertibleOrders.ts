import { fakeOrder } from '../../sync/testing/fakeOrders';
import type { OrderCache } from '../orderCache';

/**
 * Tests only: fills `cache` with `orders` orders as the conversion tests want them (three order statuses, every
 * seventh with a remark that shares a catalogue word), in pages of 500, and indexes them for search — the file a
 * test then rewinds to schema 8 (rewindV9.ts) to watch the conversion run.
 */
export function fillConvertibleOrders(cache: OrderCache, orders: number, nowMs: number): void {
  const list = Array.from({ length: orders }, (_, i) =>
    fakeOrder(i + 1, nowMs - i * 60_000, { orderStatus: 1 + (i % 3), remark: i % 7 === 0 ? 'steam, fast' : '' }),
  );
  for (let i = 0; i < list.length; i += 500)
    cache.applyPage(list.slice(i, i + 500), { seenAtMs: nowMs, baseline: false });
  cache.indexPendingSearchRows();
}
