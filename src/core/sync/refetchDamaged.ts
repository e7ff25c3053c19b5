import type { OrderCache } from '../cache/orderCache';
import type { SyncError } from '../../shared/errors/syncErrors';
import { err, ok, type Result } from '../result';
import type { OrderSource } from './windowSync';

/**
 * Orders found damaged in the cache (their stored JSON unreadable: cache/damagedOrders.ts) are fetched again by ID,
 * one request each, before a sync does anything else; each is stored (its content hash was cleared, so even an
 * unchanged copy is written) and forgotten. An order the platform no longer lists is forgotten too (nothing to
 * store). Returns the orders stored again.
 */
export async function refetchDamaged(
  cache: OrderCache,
  source: OrderSource,
  seenAtMs: () => number,
  baseline: boolean,
): Promise<Result<number, SyncError>> {
  const ids = cache.damagedOrders();
  if (!ids.ok) return err({ kind: 'cache', error: ids.error });
  let stored = 0;
  for (const id of ids.value) {
    const page = await source.listOrders({ id, pageIndex: 1, pageSize: 1 });
    if (!page.ok) return err({ kind: 'api', error: page.error, window: `order ${id} (stored copy damaged)` });
    const found = page.value.data.list.filter((o) => o.id === id);
    if (found.length > 0) {
      // No events: what changed is unknown (the stored version could not be read).
      const written = cache.applyPage(found, { seenAtMs: seenAtMs(), answeredMs: null, baseline });
      if (!written.ok) return err({ kind: 'cache', error: written.error });
      stored += written.value.inserted + written.value.updated;
    }
    const forgotten = cache.forgetDamaged([id]);
    if (!forgotten.ok) return err({ kind: 'cache', error: forgotten.error });
  }
  return ok(stored);
}
