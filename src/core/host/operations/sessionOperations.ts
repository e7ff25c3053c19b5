import path from 'node:path';
import { z } from 'zod';
import type { Credentials } from '../../credentials/credentials';
import { checkDecision, decideAfterSales, decisionJournalEntries, decisionStatus } from '../../app/afterSales';
import { attentionQueue } from '../../app/attention';
import { getInsights } from '../../app/insights';
import { listSavedBuyers, loginLinkForSaved, removeSavedBuyer, saveBuyer, syncBuyer } from '../../app/buyers';
import {
  cacheSummary,
  cachedOrderDetail,
  compactCachedOrdersInBackground,
  countCachedOrders,
  countCachedOrdersUpTo,
  queryCachedPage,
  refreshOrder,
} from '../../app/orders';
import { checkExportQuery } from '../../app/ordersExport';
import { exportCachedOrdersToFile } from '../../app/ordersExportFile';
import { createSession, type Session } from '../../app/session';
import { SyncController } from '../../app/sync';
import { platformConfigSchema } from '../../config/platformConfig';
import { deliveryDeadlineSettingsSchema } from '../../due/deadlineRules';
import { createAxiosTransport } from '../../http/axiosTransport';
import { createFileKeyStore } from '../../keys/keyStore';
import { createRequestLog } from '../../logging/requestLog';
import {
  afterSalesStatusSettingsSchema,
  POLL_OVERLAP_MAX_MINUTES,
  statusLabelsSchema,
} from '../../profiles/profileSchema';
import { ok, type Result } from '../../result';
import { environmentCredentials } from '../../credentials/environmentCredentials';
import { profileCredentials } from '../../credentials/profileCredentials';
import type { SecretStore } from '../../secrets/secretStore';
import type { AppError } from '../../../shared/errors/appError';
import type { HostEnvironment, Operation, OperationContext, OperationTable } from '../operations';
import { buyersData, decisionData, journalData, ordersData, syncData } from './channelData';
import { cacheUpkeepEvent, ordersChangedEvent, syncProgressEvent } from './hostEvents';
import type { SessionOperationMap, TypedOperationTable } from './sessionOperationMap';

/**
 * Where a session's secrets come from. `keychain`: a profile's token and key (the host asks its parent, which holds
 * the keychain). `environment`: the environment mode of `merchant-desk ui` — the parent answers the token from
 * MERCHANT_DESK_TOKEN, and the host reads the key file the environment names (a path, not a secret).
 */
const credentialsSourceSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('keychain') }).strict(),
  z.object({ source: z.literal('environment'), keyFile: z.string().min(1).nullable() }).strict(),
]);

/** A session's configuration: plain data, never a secret. */
export const orderSessionConfigSchema = z.object({
  profileId: z.string().min(1),
  platform: z.looseObject({}),
  cacheFile: z.string().min(1),
  /** The data directory (saved buyers, key files); default: the one holding the cache folder. */
  dataDir: z.string().min(1).optional(),
  /** Default: the keychain. */
  credentials: credentialsSourceSchema.optional(),
  /** Sync tuning (tests shrink pages to split windows cheaply). */
  sync: z.object({ parallelism: z.number().int().min(1).optional(), pageSize: z.number().int().optional() }).optional(),
  /** The profile's delivery-deadline settings (default: the labelled defaults). */
  deliveryDeadlines: deliveryDeadlineSettingsSchema.optional(),
  /** The profile's status labels (refusals and notices name a status by its label). */
  statusLabels: statusLabelsSchema.optional(),
  /** The profile's after-sales status values (default: the labelled defaults). */
  afterSales: afterSalesStatusSettingsSchema.optional(),
  /** How far back each poll asks again, in minutes (default: the labelled 2). */
  pollOverlapMinutes: z.number().int().min(0).max(POLL_OVERLAP_MAX_MINUTES).optional(),
  /** Where each platform request is logged (method, path, status, time; never a secret); none: not logged. */
  requestLog: z.string().min(1).optional(),
});
export type OrderSessionConfig = z.input<typeof orderSessionConfigSchema>;

function sessionCredentials(
  c: z.output<typeof orderSessionConfigSchema>,
  secrets: SecretStore,
  dataDir: string,
): Credentials {
  const source = c.credentials ?? { source: 'keychain' };
  if (source.source === 'keychain')
    return profileCredentials(c.profileId, secrets, createFileKeyStore({ dataDir, secrets }));
  const keyFile = source.keyFile === null ? {} : { MERCHANT_DESK_PRIVATE_KEY_FILE: source.keyFile };
  return {
    bearerToken: async () => {
      const token = await secrets.get(c.profileId, 'token');
      const value = token.ok ? (token.value ?? undefined) : undefined;
      return environmentCredentials(value === undefined ? {} : { MERCHANT_DESK_TOKEN: value }).bearerToken();
    },
    signingKey: () => environmentCredentials(keyFile).signingKey(),
  };
}

/**
 * The core host's upkeep starts this long after the cache opens: the app's first screen is read meanwhile, without
 * the upkeep's thread on the other core (Session's upkeepDelayMs).
 */
export const UPKEEP_START_DELAY_MS = 2_000;

/** The session of a host's configuration (its cache opens on first use). */
export function openConfiguredSession(
  config: unknown,
  secrets: SecretStore,
): { session: Session; settings: z.output<typeof orderSessionConfigSchema> } {
  const parsed = orderSessionConfigSchema.safeParse(config);
  if (!parsed.success) throw new Error(`invalid session configuration: ${parsed.error.message}`);
  const c = parsed.data;
  const platform = platformConfigSchema.parse(c.platform);
  const dataDir = c.dataDir ?? path.dirname(path.dirname(c.cacheFile));
  const session = createSession({
    config: platform,
    credentials: sessionCredentials(c, secrets, dataDir),
    profileId: c.profileId,
    dataDir,
    cacheFile: c.cacheFile,
    cacheOwner: { baseUrl: platform.baseUrl, merchantId: platform.merchantId },
    ...(c.deliveryDeadlines ? { deliveryDeadlines: c.deliveryDeadlines } : {}),
    ...(c.statusLabels ? { statusLabels: c.statusLabels } : {}),
    ...(c.afterSales ? { afterSales: c.afterSales } : {}),
    ...(c.pollOverlapMinutes !== undefined ? { pollOverlapMinutes: c.pollOverlapMinutes } : {}),
    ...(c.requestLog ? { onRequest: createRequestLog({ file: c.requestLog }) } : {}),
    transport: (options) => createAxiosTransport(options),
    upkeepAfterOpen: true,
    upkeepDelayMs: UPKEEP_START_DELAY_MS,
  });
  return { session, settings: c };
}

/** A use case's answer mapped to its channel's data. */
const mapped = <T, D>(r: Result<T, AppError>, data: (value: T) => D): Result<D, AppError> =>
  r.ok ? ok(data(r.value)) : r;

/** Publishes the change events a call revealed (lists, counts, the attention queue and the tray follow them). */
function published<T extends { events: ReadonlyArray<unknown> }>(
  session: Session,
  ctx: OperationContext,
  r: Result<T, AppError>,
  cause: 'platform' | 'merchant' = 'platform',
): Result<T, AppError> {
  if (r.ok && r.value.events.length > 0)
    ctx.emit('orders:changed', ordersChangedEvent(session.profileId, r.value.events as never, cause));
  return r;
}

/**
 * The operations of one open session, each named after its IPC channel and typed from the contract
 * (sessionOperationMap.ts), each one call of the use-case layer (src/core/app): the host runs the same code as the
 * CLI. Requests come parsed from the parent's gate; the use cases check what they take all the same.
 */
export function sessionOperations(
  session: Session,
  tuning: { parallelism?: number | undefined; pageSize?: number | undefined } = {},
): TypedOperationTable<SessionOperationMap> {
  const sync = new SyncController(session);
  return {
    // The list's pages and an order: what a screen waits on to show anything (run before the counts and Insights
    // that reach the host with them).
    'orders:queryPage': {
      urgent: true,
      run: async (request) => mapped(queryCachedPage(session, request), ordersData.page),
    },
    'orders:count': { run: async (request) => mapped(countCachedOrders(session, request), ordersData.count) },
    'orders:countQuick': {
      run: async (request) => mapped(countCachedOrdersUpTo(session, request), ordersData.countQuick),
    },
    'orders:get': { urgent: true, run: async ({ id }) => mapped(cachedOrderDetail(session, id), ordersData.order) },
    'orders:refresh': {
      run: async ({ id }, ctx) =>
        mapped(published(session, ctx, await refreshOrder(session, id)), ordersData.refreshed),
    },
    'orders:cacheStats': { run: async () => mapped(cacheSummary(session), ordersData.cacheStats) },
    /** The background upkeep stopped after its step (never opens the cache for it). */
    'orders:cancelUpkeep': { run: async () => ({ ok: true, value: { cancelled: session.cancelUpkeep() } }) },
    /** Free pages given back on a thread of its own, syncs held meanwhile (refused while one runs). */
    'orders:compact': {
      run: async () => sync.holdingSyncs(() => compactCachedOrdersInBackground(session)),
    },
    /** The upkeep's latest report, for a window opened after its events (never opens the cache for it). */
    'orders:upkeepState': {
      run: async () => ({ ok: true, value: { report: session.upkeepState ?? null } }),
    },
    /** The attention queue: counts, rows per kind, the next due-state change. */
    'orders:attention': {
      run: async (request) =>
        mapped(
          attentionQueue(session, { limitPerKind: request?.limitPerKind, quickCounts: request?.quickCounts }),
          ordersData.attention,
        ),
    },
    /** Insights: the figures are the channel's data as they are (the use case checks the request too). */
    'insights:get': { run: async (request) => getInsights(session, request) },
    'orders:checkExport': {
      run: async (query) => {
        const valid = checkExportQuery(query);
        if (!valid.ok) return valid;
        const cache = session.existingCache();
        return cache.ok ? ok(null) : cache;
      },
    },
    'orders:openCache': { run: async () => ok({ opened: session.existingCache().ok }) },
    'orders:exportToFile': {
      run: async ({ query, format, file }) => exportCachedOrdersToFile(session, query, file, { format }),
    },
    'afterSales:decide': {
      moneyMoving: true,
      run: async (request, ctx) =>
        mapped(published(session, ctx, await decideAfterSales(session, request), 'merchant'), decisionData),
    },
    'afterSales:status': { run: async ({ orderId }) => mapped(decisionStatus(session, orderId), journalData.status) },
    'afterSales:journal': {
      run: async ({ limit }) => mapped(decisionJournalEntries(session, limit), journalData.journal),
    },
    /** Settles an unsettled decision from the after-sales filter: a read, never a resend. */
    'afterSales:check': {
      run: async ({ orderId }, ctx) =>
        mapped(published(session, ctx, await checkDecision(session, orderId), 'merchant'), journalData.check),
    },
    'buyers:sync': { run: async (request) => mapped(await syncBuyer(session, request), buyersData.synced) },
    /**
     * A fresh login link for a saved buyer. Its answer holds a live authorization code: it goes to the parent over
     * the port, which writes it to the clipboard or opens it — it is never relayed to a window and never logged.
     */
    'buyers:loginLink': {
      run: async ({ merchantUserNo, itemId }) => loginLinkForSaved(session, merchantUserNo, itemId),
    },
    'buyers:listSaved': { run: async () => mapped(listSavedBuyers(session), buyersData.saved) },
    'buyers:save': { run: async (request) => mapped(saveBuyer(session, request), buyersData.saved) },
    'buyers:remove': {
      run: async ({ merchantUserNo }) => mapped(removeSavedBuyer(session, merchantUserNo), buyersData.saved),
    },
    'sync:now': {
      run: async (request, ctx) => {
        const baseline = sync.status();
        const r = await sync.syncNow({
          ...(request.full ? { full: true } : {}),
          ...(request.rebuild ? { rebuild: true } : {}),
          ...(tuning.parallelism !== undefined ? { parallelism: tuning.parallelism } : {}),
          ...(tuning.pageSize !== undefined ? { pageSize: tuning.pageSize } : {}),
          signal: ctx.signal,
          onProgress: (p) => ctx.emit('sync:progress', syncProgressEvent(session.profileId, p)),
          onChange: (e) => ctx.emit('orders:changed', ordersChangedEvent(session.profileId, [e])),
        });
        // A sync that filled or replaced the cache as a whole sends no change per order: every screen reads again.
        if (r.ok && r.value.mode !== 'incremental') {
          const reason = request.rebuild
            ? 'rebuild'
            : baseline.ok && baseline.value.baseline
              ? 'full-sync'
              : 'first-sync';
          ctx.emit('orders:reloaded', { profileId: session.profileId, reason });
        }
        return mapped(r, syncData.run);
      },
    },
    'sync:status': { run: async () => mapped(sync.status(), syncData.status) },
    'sync:setPaused': { run: async ({ paused }) => ok({ state: sync.setPaused(paused) }) },
  };
}

/**
 * The operation table of a host configured with one session. Its typed operations take their payload on trust:
 * only the parent's gate, which parsed the window's request against the contract, calls them.
 */
export function createSessionOperations(
  config: unknown,
  { secrets, onDispose }: Omit<HostEnvironment, 'config'>,
): OperationTable {
  const { session, settings } = openConfiguredSession(config, secrets);
  onDispose(() => session.close());
  return asOperationTable(relayingUpkeep(session, sessionOperations(session, settings.sync ?? {})));
}

/**
 * Every operation may open the cache, which starts its background upkeep (Session.existingCache): each call hands
 * the session its context's `emit`, through which the upkeep's reports leave as `cache:upkeep` events (the emit of
 * any call reaches every subscriber of the host).
 */
export function relayingUpkeep<T extends object>(session: Session, table: T): T {
  const relayed: Record<string, Operation> = {};
  for (const [name, op] of Object.entries(table as Record<string, Operation>)) {
    relayed[name] = {
      ...op,
      run: (payload, ctx) => {
        session.relayUpkeep((report) => ctx.emit('cache:upkeep', cacheUpkeepEvent(session.profileId, report)));
        return op.run(payload, ctx);
      },
    };
  }
  return relayed as T;
}

/** A typed table as the dispatcher's (operations take `unknown`; the map's types hold for what the parent sends). */
export function asOperationTable<T extends object>(table: T): OperationTable {
  return table as unknown as OperationTable;
}
