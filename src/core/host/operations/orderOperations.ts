import { z } from 'zod';
import { SellerApi } from '../../api/sellerApi';
import { describeCacheError, type CacheError } from '../../cache/cacheErrors';
import { openOrderCache } from '../../cache/openCache';
import type { OrderCache } from '../../cache/orderCache';
import { platformConfigSchema } from '../../config/platformConfig';
import { describeApiError, type ApiError } from '../../errors';
import { createAxiosTransport } from '../../http/axiosTransport';
import { err, ok, type Result } from '../../result';
import { describeSecretStoreError } from '../../secrets/secretStore';
import { SyncEngine } from '../../sync/syncEngine';
import { describeSyncError } from '../../sync/syncErrors';
import type { HostEnvironment, OperationError, OperationResult, OperationTable } from '../operations';

/**
 * The operations of one open profile session — order cache queries, sync, an after-sales decision — over the real
 * cache, sync engine and API client. The use-case layer (a later change) replaces this table with its own; the
 * host does not care which table it serves.
 */
export const orderSessionConfigSchema = z.object({
  profileId: z.string().min(1),
  platform: z.looseObject({}),
  cacheFile: z.string().min(1),
  /** Sync tuning (tests shrink pages to split windows cheaply). */
  sync: z.object({ parallelism: z.number().int().min(1).optional(), pageSize: z.number().int().optional() }).optional(),
});
export type OrderSessionConfig = z.input<typeof orderSessionConfigSchema>;

const syncRunSchema = z.object({ full: z.boolean().optional() }).strict();

export const SYNC_PROGRESS_EVENT = 'sync.progress';

export function createOrderOperations(
  config: unknown,
  { secrets, onDispose }: Omit<HostEnvironment, 'config'>,
): OperationTable {
  const parsed = orderSessionConfigSchema.safeParse(config);
  if (!parsed.success) throw new Error(`invalid session configuration: ${parsed.error.message}`);
  const session = parsed.data;
  const platform = platformConfigSchema.parse(session.platform);
  const seller = new SellerApi({
    config: platform,
    transport: createAxiosTransport(),
    credentials: {
      async bearerToken() {
        const token = await secrets.get(session.profileId, 'token');
        if (!token.ok) return err({ message: describeSecretStoreError(token.error) });
        if (!token.value) return err({ message: `No access token is stored for profile "${session.profileId}".` });
        return ok(token.value);
      },
      signingKey: async () => err({ message: 'These operations sign nothing.' }),
    },
  });
  let cache: Result<OrderCache, CacheError> | undefined;
  const openCache = () =>
    (cache ??= openOrderCache({
      file: session.cacheFile,
      identity: { baseUrl: platform.baseUrl, merchantId: platform.merchantId },
    }));
  let engine: SyncEngine | undefined;
  onDispose(() => {
    if (cache?.ok) cache.value.close();
  });

  const withCache = async (fn: (c: OrderCache) => OperationResult | Promise<OperationResult>) => {
    const c = openCache();
    return c.ok ? fn(c.value) : err(cacheFailure(c.error));
  };

  return {
    'cache.query': {
      run: (payload) => withCache((c) => fromCache(c.query(payload))),
    },
    'cache.stats': {
      run: () => withCache((c) => fromCache(c.stats())),
    },
    'sync.run': {
      run: (payload, ctx) =>
        withCache(async (c) => {
          const input = syncRunSchema.safeParse(payload ?? {});
          if (!input.success) return err({ kind: 'invalid-input', message: input.error.message });
          engine ??= new SyncEngine({ cache: c, source: seller, settings: session.sync });
          const r = await engine.sync({
            full: input.data.full,
            signal: ctx.signal,
            onProgress: (p) => ctx.emit(SYNC_PROGRESS_EVENT, p),
          });
          return r.ok ? r : err({ kind: 'sync', message: describeSyncError(r.error), cause: r.error });
        }),
    },
    'afterSales.decide': {
      moneyMoving: true,
      async run(payload) {
        const r = await seller.auditAfterSales(payload);
        return r.ok ? r : err(apiFailure(r.error));
      },
    },
  };
}

function fromCache<T>(r: Result<T, CacheError>): OperationResult {
  return r.ok ? ok(r.value) : err(cacheFailure(r.error));
}

function cacheFailure(error: CacheError): OperationError {
  return error.kind === 'invalid-query'
    ? { kind: 'invalid-input', message: error.message }
    : { kind: 'cache', message: describeCacheError(error), cause: error };
}

function apiFailure(error: ApiError): OperationError {
  return { kind: error.kind, message: describeApiError(error), cause: error };
}
