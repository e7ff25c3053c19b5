import { exportCachedOrdersToFile } from '../../app/ordersExportFile';
import path from 'node:path';
import { z } from 'zod';
import { checkDecision, decideAfterSales, decisionJournalEntries, decisionStatus } from '../../app/afterSales';
import { attentionQueue } from '../../app/attention';
import { listSavedBuyers, loginLinkForSaved, removeSavedBuyer, saveBuyer, syncBuyer } from '../../app/buyers';
import {
  cacheSummary,
  cachedOrderDetail,
  countCachedOrders,
  queryCachedOrders,
  queryCachedPage,
  refreshOrder,
} from '../../app/orders';
import { createSession } from '../../app/session';
import { deliveryDeadlineSettingsSchema } from '../../due/deadlineRules';
import { SyncController } from '../../app/sync';
import { platformConfigSchema } from '../../config/platformConfig';
import { createAxiosTransport } from '../../http/axiosTransport';
import { createFileKeyStore } from '../../keys/keyStore';
import { err, type Result } from '../../result';
import { profileCredentials } from '../../secrets/profileCredentials';
import type { AppError } from '../../../shared/errors/appError';
import type { HostEnvironment, OperationResult, OperationTable } from '../operations';

/** An order ID payload (the after-sales journal operations). */
const orderIdPayload = z.object({ orderId: z.string().min(1) }).strict();

/**
 * The operations of one open profile session, each a call of the use-case layer (src/core/app): the host runs the
 * same code as the CLI and the in-process handlers. Results and errors are the use cases' own (AppError).
 */
export const orderSessionConfigSchema = z.object({
  profileId: z.string().min(1),
  platform: z.looseObject({}),
  cacheFile: z.string().min(1),
  /** The data directory (saved buyers, key files); default: the one holding the cache folder. */
  dataDir: z.string().min(1).optional(),
  /** Sync tuning (tests shrink pages to split windows cheaply). */
  sync: z.object({ parallelism: z.number().int().min(1).optional(), pageSize: z.number().int().optional() }).optional(),
  /** The profile's delivery-deadline settings (default: the labelled defaults). */
  deliveryDeadlines: deliveryDeadlineSettingsSchema.optional(),
});
export type OrderSessionConfig = z.input<typeof orderSessionConfigSchema>;

const syncRunSchema = z.object({ full: z.boolean().optional(), rebuild: z.boolean().optional() }).strict();
const attentionSchema = z.object({ limitPerKind: z.number().int().optional() }).strict();
const idSchema = z.object({ id: z.string().min(1) }).strict();
const loginLinkSchema = z.object({ merchantUserNo: z.string().min(1), itemId: z.unknown() }).strict();

export const SYNC_PROGRESS_EVENT = 'sync.progress';
export const ORDERS_CHANGED_EVENT = 'orders.changed';

const invalid = (error: z.ZodError): OperationResult =>
  err({ kind: 'invalid-input', message: error.issues.map((i) => i.message).join('; ') });

/** A use case's answer as an operation's (AppError is an OperationError). */
const done = <T>(r: Result<T, AppError>): OperationResult => (r.ok ? r : err({ ...r.error }));

export function createSessionOperations(
  config: unknown,
  { secrets, onDispose }: Omit<HostEnvironment, 'config'>,
): OperationTable {
  const parsed = orderSessionConfigSchema.safeParse(config);
  if (!parsed.success) throw new Error(`invalid session configuration: ${parsed.error.message}`);
  const c = parsed.data;
  const platform = platformConfigSchema.parse(c.platform);
  const dataDir = c.dataDir ?? path.dirname(path.dirname(c.cacheFile));
  const session = createSession({
    config: platform,
    credentials: profileCredentials(c.profileId, secrets, createFileKeyStore({ dataDir, secrets })),
    profileId: c.profileId,
    dataDir,
    cacheFile: c.cacheFile,
    cacheOwner: { baseUrl: platform.baseUrl, merchantId: platform.merchantId },
    ...(c.deliveryDeadlines ? { deliveryDeadlines: c.deliveryDeadlines } : {}),
    transport: (options) => createAxiosTransport(options),
  });
  const sync = new SyncController(session);
  onDispose(() => session.close());

  return {
    /** A page and the exact count (the CLI's `cache query`). */
    'cache.query': { run: async (payload) => done(queryCachedOrders(session, payload)) },
    'orders.queryPage': { run: async (payload) => done(queryCachedPage(session, payload)) },
    'orders.count': { run: async (payload) => done(countCachedOrders(session, payload)) },
    'orders.exportToFile': {
      run: async (payload) => {
        const { query, format, file } = payload as { query: unknown; format: 'csv' | 'jsonl'; file: string };
        return done(await exportCachedOrdersToFile(session, query, file, { format }));
      },
    },
    'orders.get': {
      run: async (payload) => {
        const input = idSchema.safeParse(payload);
        return input.success ? done(cachedOrderDetail(session, input.data.id)) : invalid(input.error);
      },
    },
    'orders.refresh': {
      run: async (payload, ctx) => {
        const input = idSchema.safeParse(payload);
        if (!input.success) return invalid(input.error);
        const r = await refreshOrder(session, input.data.id);
        if (r.ok && r.value.events.length > 0) ctx.emit(ORDERS_CHANGED_EVENT, r.value.events);
        return done(r);
      },
    },
    'cache.stats': { run: async () => done(cacheSummary(session)) },
    /** The attention queue (orders:attention): counts, rows per kind, the next due-state change. */
    'orders.attention': {
      run: async (payload) => {
        const input = attentionSchema.safeParse(payload ?? {});
        if (!input.success) return invalid(input.error);
        return done(attentionQueue(session, input.data));
      },
    },
    'sync.run': {
      run: async (payload, ctx) => {
        const input = syncRunSchema.safeParse(payload ?? {});
        if (!input.success) return invalid(input.error);
        const r = await sync.syncNow({
          ...input.data,
          ...(c.sync?.parallelism !== undefined ? { parallelism: c.sync.parallelism } : {}),
          ...(c.sync?.pageSize !== undefined ? { pageSize: c.sync.pageSize } : {}),
          signal: ctx.signal,
          onProgress: (p) => ctx.emit(SYNC_PROGRESS_EVENT, p),
          onChange: (e) => ctx.emit(ORDERS_CHANGED_EVENT, [e]),
        });
        return done(r);
      },
    },
    'sync.status': { run: async () => done(sync.status()) },
    'sync.setPaused': {
      run: async (payload) => {
        const input = z.object({ paused: z.boolean() }).strict().safeParse(payload);
        return input.success ? { ok: true, value: sync.setPaused(input.data.paused) } : invalid(input.error);
      },
    },
    'afterSales.decide': {
      moneyMoving: true,
      run: async (payload, ctx) => {
        const r = await decideAfterSales(session, payload);
        if (r.ok && r.value.events.length > 0) ctx.emit(ORDERS_CHANGED_EVENT, r.value.events);
        return done(r);
      },
    },
    'afterSales.status': {
      run: async (payload) => {
        const input = orderIdPayload.safeParse(payload);
        return input.success ? done(decisionStatus(session, input.data.orderId)) : invalid(input.error);
      },
    },
    'afterSales.journal': {
      run: async (payload) => {
        const input = z
          .object({ limit: z.number().int().min(1).max(500) })
          .strict()
          .safeParse(payload);
        return input.success ? done(decisionJournalEntries(session, input.data.limit)) : invalid(input.error);
      },
    },
    /** Settles an unsettled decision from the filter: a read, never a resend. */
    'afterSales.check': {
      run: async (payload) => {
        const input = orderIdPayload.safeParse(payload);
        return input.success ? done(await checkDecision(session, input.data.orderId)) : invalid(input.error);
      },
    },
    'buyers.sync': { run: async (payload) => done(await syncBuyer(session, payload)) },
    /**
     * A fresh login link for a saved buyer. Its answer holds a live authorization code: it goes to main over the
     * port, and main writes it to the clipboard or opens it — it is never relayed to a window and never logged.
     */
    'buyers.loginLink': {
      run: async (payload) => {
        const input = loginLinkSchema.safeParse(payload);
        return input.success
          ? done(await loginLinkForSaved(session, input.data.merchantUserNo, input.data.itemId))
          : invalid(input.error);
      },
    },
    'buyers.listSaved': { run: async () => done(listSavedBuyers(session)) },
    'buyers.save': { run: async (payload) => done(saveBuyer(session, payload)) },
    'buyers.remove': {
      run: async (payload) => {
        const input = z
          .object({ merchantUserNo: z.string().min(1) })
          .strict()
          .safeParse(payload);
        return input.success ? done(removeSavedBuyer(session, input.data.merchantUserNo)) : invalid(input.error);
      },
    },
  };
}
