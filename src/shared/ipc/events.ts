import { z } from 'zod';
import { orderListQueryObject } from '../domain/requests';
import { mainTargetScreens, type MainTargetScreen } from '../screens';
import { parseIsoInstant } from '../time/isoInstant';
import type { IpcEventName } from './channels';
import { ipcErrorSchema } from './result';
import { updateStateSchema } from './app';
import { upkeepReportSchema } from './upkeep';

/**
 * Push events, main (or the browser host) → renderer: one table, one zod schema per event. The sender validates
 * every payload before it leaves (events.ts's `checkEvent`); the renderer subscribes with
 * `window.merchantDesk.on(name, handler)`, which returns the unsubscribe function.
 *
 * An event says that something changed; it is not a replay. A screen that needs the current state subscribes
 * first and then asks for it with a request channel.
 */

const count = z.number().int().min(0);
const isoInstant = z.string().refine((s) => parseIsoInstant(s) !== undefined, 'expected an ISO 8601 instant');
const profileId = z.string().min(1);

/** The core's SyncProgress (src/core/sync/progress.ts) for one profile; "not known yet" is null. */
export const syncProgressSchema = z
  .object({
    profileId,
    phase: z.enum(['windows', 'catch-up', 'poll']),
    windowsDone: count,
    /** Windows done, in progress and queued (grows as over-full windows split). */
    windowsKnown: count,
    pagesDone: count,
    pagesPlanned: count,
    ordersFetched: count,
    /** Orders the platform reported for the whole range, when known. */
    ordersExpected: count.nullable(),
    requests: count,
    elapsedMs: count,
    etaMs: count.nullable(),
    /** The last event of its phase. */
    finished: z.boolean(),
    /** The platform's clock was more than a day off this computer's; the local clock stood in. */
    clockSkew: z.object({ platformTime: z.string(), localTime: z.string() }).strict().nullable(),
  })
  .strict();

/** Where the sync of one profile stands; sent whenever it changes. */
export const syncStateSchema = z
  .object({
    profileId,
    state: z.enum(['idle', 'syncing', 'paused', 'offline', 'error']),
    lastSyncedAt: isoInstant.nullable(),
    nextPollAt: isoInstant.nullable(),
    /** Why the state is `offline` or `error`; null otherwise. */
    error: ipcErrorSchema.nullable(),
  })
  .strict();

const deliveryState = z.object({ status: z.number().int().nullable(), exception: z.boolean() }).strict();
const afterSalesState = z.object({ exists: z.boolean(), status: z.number().int().nullable() }).strict();
const changeBase = { orderId: z.string().min(1), orderNum: z.string().nullable(), atMs: count };

/** The core's ChangeEvent (src/core/sync/changeEvents.ts); events.test.ts checks the two stay the same shape. */
export const changeEventSchema = z.discriminatedUnion('type', [
  z
    .object({
      ...changeBase,
      type: z.literal('new-order'),
      orderStatus: z.number().int().nullable(),
      buyerName: z.string().nullable(),
      createTime: z.string().nullable(),
    })
    .strict(),
  z
    .object({
      ...changeBase,
      type: z.literal('order-status-changed'),
      from: z.number().int().nullable(),
      to: z.number().int().nullable(),
    })
    .strict(),
  z
    .object({ ...changeBase, type: z.literal('delivery-status-changed'), from: deliveryState, to: deliveryState })
    .strict(),
  z.object({ ...changeBase, type: z.literal('after-sales-opened'), status: z.number().int().nullable() }).strict(),
  z
    .object({ ...changeBase, type: z.literal('after-sales-changed'), from: afterSalesState, to: afterSalesState })
    .strict(),
  z.object({ ...changeBase, type: z.literal('dispute-opened') }).strict(),
]);

/**
 * The change events one sync step, refresh or decision committed to a profile's cache. `byMerchant`: the merchant's
 * own action in this app caused them (a decision, "Check again") — lists and counts follow, no notification tells
 * the merchant what they just did.
 */
export const ordersChangedSchema = z
  .object({ profileId, events: z.array(changeEventSchema).min(1), byMerchant: z.boolean().optional() })
  .strict();

/**
 * A profile's cache was filled or replaced as a whole — the first sync created it, a full sync reloaded it, a
 * rebuild replaced it — without a change event per order (a baseline is no news): every list, count and queue of
 * that profile reads again.
 */
export const ordersReloadedSchema = z
  .object({ profileId, reason: z.enum(['first-sync', 'full-sync', 'rebuild']) })
  .strict();

/** The core host's life: the renderer shows a banner while it restarts and an error naming the log when it gave up. */
export const hostStateSchema = z
  .object({
    state: z.enum(['starting', 'running', 'restarting', 'failed', 'stopped']),
    /** Why it is restarting, failed or stopped; null when running. */
    message: z.string().min(1).nullable(),
    /** The log file to look at when it failed. */
    logFile: z.string().min(1).nullable(),
  })
  .strict();

/**
 * Main asks the window to show a screen: a notification or a `merchantdesk://` link was clicked. `screen` is one the
 * screen table lets main open (src/shared/screens.ts); `orderId` an order ID (the requests' rule: 1 … 2^63−1) whose
 * page opens instead, else null (the list or inbox itself).
 */
export const appNavigateSchema = z
  .object({
    // The lists a notification or a link leads to, and Settings (the application menu's Settings…, ⌘,), which no
    // merchantdesk:// link opens.
    screen: z.enum(['settings', ...mainTargetScreens] as ['settings', ...MainTargetScreen[]]),
    orderId: orderListQueryObject.shape.id.unwrap().nullable(),
  })
  .strict();

/**
 * The background upkeep of a profile's cache after it opens (core/cache/cacheUpkeep.ts): converting an older file's
 * orders, reading back every stored order, checking the file table by table. Sent after each step (`running`) and
 * once at the end (`done`, `cancelled` — the session closed or asked it to stop —, or `failed`: the check found
 * the file damaged). Browsing and syncing go on meanwhile: this is for showing that work is under way.
 */
export const cacheUpkeepSchema = upkeepReportSchema.extend({ profileId }).strict();

export const ipcEventContract = {
  'sync:progress': syncProgressSchema,
  'sync:state': syncStateSchema,
  'orders:changed': ordersChangedSchema,
  'orders:reloaded': ordersReloadedSchema,
  'host:state': hostStateSchema,
  'app:navigate': appNavigateSchema,
  /** The app's own update moved on (checking, downloading, ready to restart, …). */
  'app:updates': updateStateSchema,
  'cache:upkeep': cacheUpkeepSchema,
} satisfies Record<IpcEventName, z.ZodType>;

export type IpcEventContract = typeof ipcEventContract;
/** What a sender passes. */
export type IpcEventPayloadInput<E extends IpcEventName> = z.input<IpcEventContract[E]>;
/** What a renderer handler receives. */
export type IpcEventPayload<E extends IpcEventName> = z.output<IpcEventContract[E]>;

/** Sends validated events to the renderer(s): main's window, or the browser host's pages. */
export interface IpcEventPublisher {
  /** False when the payload broke the contract (nothing was sent; the sender's log says why). */
  publish<E extends IpcEventName>(event: E, payload: IpcEventPayloadInput<E>): boolean;
}

/** The payload as it may be sent, or the reason it may not. */
export function checkEvent<E extends IpcEventName>(
  event: E,
  payload: unknown,
): { ok: true; payload: IpcEventPayload<E> } | { ok: false; problem: string } {
  const parsed = ipcEventContract[event].safeParse(payload);
  return parsed.success
    ? { ok: true, payload: parsed.data as IpcEventPayload<E> }
    : { ok: false, problem: `event "${event}" breaks its schema: ${z.prettifyError(parsed.error)}` };
}
