import type { CacheIdentity } from '../../../shared/errors/cacheErrors';
import { fakeOrder } from '../../sync/testing/fakeOrders';
import { openOrderCache } from '../openCache';
import type { OrderCache } from '../orderCache';

/**
 * Writes a cache file of `n` fake orders (created a minute apart back from `nowMs`, stored 1,000 a page), runs
 * `more` on it, checkpoints and closes it: a template the thread tests copy for each case.
 */
export function writeFilledCacheFile(
  file: string,
  identity: CacheIdentity,
  n: number,
  nowMs: number,
  more?: (cache: OrderCache) => void,
): void {
  const c = openOrderCache({ file, identity });
  if (!c.ok) throw new Error(c.error.kind);
  const orders = Array.from({ length: n }, (_, i) => fakeOrder(i + 1, nowMs - i * 60_000));
  for (let i = 0; i < n; i += 1_000)
    c.value.applyPage(orders.slice(i, i + 1_000), { seenAtMs: nowMs, baseline: false });
  more?.(c.value);
  c.value.db.pragma('wal_checkpoint(TRUNCATE)');
  c.value.close();
}
