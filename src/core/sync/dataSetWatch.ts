/**
 * Telling two platform data sets apart behind the same base URL and merchant ID. The sandbox names its data set in
 * every answer (header `x-data-set-id`, new when its data is generated anew); the cache records the first one it
 * sees and a sync that meets another stops before storing anything from it, asking for `sync --rebuild`, so two
 * data sets never mix in one cache. A real platform sends no such header: then nothing is recorded or checked, and
 * the cache relies on its identity (base URL + merchant ID) alone.
 */
import type { OrderCache } from '../cache/orderCache';
import type { HttpTransport } from '../http/transport';
import { err, ok, type Result } from '../result';
import type { SyncError } from '../../shared/errors/syncErrors';

/** The response header naming the platform's data set (lower case, as transports report headers). */
export const DATA_SET_HEADER = 'x-data-set-id';
/** The cache's meta row holding the data set its orders came from. */
export const DATA_SET_META_KEY = 'platform-data-set';

/** Data-set IDs named by the platform's answers. */
export interface DataSetSource {
  /** The IDs named since the previous call (each once); the list is cleared. */
  take(): string[];
}

/** Wraps a transport to note the data-set ID of every answer. */
export function watchDataSet(inner: HttpTransport): HttpTransport & DataSetSource {
  let named = new Set<string>();
  return {
    async send(request) {
      const response = await inner.send(request);
      const id = response.ok ? response.value.headers[DATA_SET_HEADER]?.trim() : undefined;
      if (id) named.add(id);
      return response;
    },
    take() {
      const ids = [...named];
      named = new Set();
      return ids;
    },
  };
}

/**
 * Compares the data sets the answers named with the one the cache recorded; records the first when the cache has
 * none yet. A mismatch is a `data-set-changed` error.
 */
export function checkDataSet(cache: OrderCache, named: readonly string[]): Result<void, SyncError> {
  if (named.length === 0) return ok(undefined);
  const recorded = cache.getMeta(DATA_SET_META_KEY);
  if (!recorded.ok) return err({ kind: 'cache', error: recorded.error });
  const expected = recorded.value ?? named[0]!;
  const other = named.find((id) => id !== expected);
  if (other !== undefined) return err({ kind: 'data-set-changed', recorded: expected, found: other });
  if (recorded.value === undefined) {
    const saved = cache.setMeta(DATA_SET_META_KEY, expected);
    if (!saved.ok) return err({ kind: 'cache', error: saved.error });
  }
  return ok(undefined);
}
