import type { z } from 'zod';
import type { IpcChannel, IpcContract, IpcParsedRequest } from '../../../shared/ipc/contract';
import type { AppError } from '../../../shared/errors/appError';
import type { ExportFormat, ExportSummary } from '../../cache/exportOrders';
import type { Result } from '../../result';
import type { OperationContext } from '../operations';

/**
 * The channels a profile session's core host answers itself, each operation named after its IPC channel: the
 * window's request goes through unchanged (the gate has parsed it once) and the operation answers the channel's
 * data. Adding a platform channel is a contract entry, a name here and an operation in sessionOperations.ts.
 */
export const HOSTED_CHANNELS = [
  'orders:queryPage',
  'orders:count',
  'orders:countQuick',
  'orders:get',
  'orders:refresh',
  'orders:cacheStats',
  'orders:cancelUpkeep',
  'orders:upkeepState',
  'orders:compact',
  'orders:attention',
  'insights:get',
  'afterSales:decide',
  'afterSales:status',
  'afterSales:journal',
  'afterSales:check',
  'buyers:sync',
  'buyers:listSaved',
  'buyers:save',
  'buyers:remove',
  'sync:now',
  'sync:status',
  'sync:setPaused',
] as const satisfies readonly IpcChannel[];

export type HostedChannel = (typeof HOSTED_CHANNELS)[number];

/** The data an operation answers: the contract's schema input (the gate parses it before a window sees it). */
type ChannelData<C extends IpcChannel> = z.input<IpcContract[C]['data']>;

/** The operations a window's channels relay to, one per channel. */
export type HostedChannelOperations = {
  [C in HostedChannel]: { request: IpcParsedRequest<C>; data: ChannelData<C> };
};

/**
 * Every operation of a session's host: request and answer types. The channels' come from the contract; those
 * below are main's own (no window calls them): the export into the file main's save dialog chose, the login link
 * main writes to the clipboard or opens (it never reaches a window), and the cache opened ahead of the first read.
 */
export type SessionOperationMap = HostedChannelOperations & {
  /** Bad filters and a missing cache are said before a save dialog opens or a download is offered. */
  'orders:checkExport': { request: Omit<IpcParsedRequest<'orders:export'>, 'format'>; data: null };
  'orders:exportToFile': {
    request: { query: Omit<IpcParsedRequest<'orders:export'>, 'format'>; format: ExportFormat; file: string };
    data: ExportSummary;
  };
  'buyers:loginLink': { request: { merchantUserNo: string; itemId?: unknown }; data: { url: string } };
  /**
   * Opens the session's cache (starting its upkeep) before a window asks: main sends it as the host starts, so the
   * window's first read does not pay for the opening. `opened`: false when there is no cache yet (nothing to open).
   */
  'orders:openCache': { request: null; data: { opened: boolean } };
};

/** An operation map: operation name → its request and answer. */
export type OperationMap = Record<string, { request: unknown; data: unknown }>;

/** A table that serves exactly the map's operations, each typed by it (checked where the table is written). */
export type TypedOperationTable<M extends OperationMap> = {
  readonly [K in keyof M]: {
    run(request: M[K]['request'], ctx: OperationContext): Promise<Result<M[K]['data'], AppError>>;
    /** See Operation.moneyMoving. */
    moneyMoving?: boolean;
    /** See Operation.urgent. */
    urgent?: boolean;
  };
};
