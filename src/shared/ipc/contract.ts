import type { z } from 'zod';
import { afterSalesChannels } from './afterSales';
import { appChannels } from './app';
import { credentialsChannels } from './credentials';
import { profilesChannels } from './profiles';
import { settingsChannels } from './settings';
import { shellChannels } from './shell';
import { buyersChannels } from './buyers';
import type { IpcChannel, IpcEventName } from './channels';
import type { IpcChannelSpec } from './channelSpec';
import type { IpcEventPayload } from './events';
import { insightsChannels } from './insights';
import { ordersChannels } from './orders';
import { ipcResultSchema, type IpcResult } from './result';
import { syncChannels } from './sync';

export {
  ipcChannels,
  ipcEventNames,
  isIpcChannel,
  isIpcEventName,
  type IpcChannel,
  type IpcEventName,
} from './channels';
export type { IpcChannelSpec } from './channelSpec';

/**
 * The one table of request channels between the renderer and its host (Electron main, or the browser host of
 * `merchant-desk ui`), gathered from one file per domain (`src/shared/ipc/<domain>.ts`). The host's gate (gate.ts)
 * parses every request with `request` before the implementation runs and every answer with the channel's Result
 * schema (`ipcResultSchema(data)`) before it is sent back; answers that fail become typed error Results.
 *
 * To add a channel: its name in channels.ts, its schemas in its domain file (the compiler checks that the names and
 * the table agree), an implementation for each host, and examples in contract.test.ts.
 */
export const ipcContract = {
  ...appChannels,
  ...profilesChannels,
  ...credentialsChannels,
  ...settingsChannels,
  ...shellChannels,
  ...ordersChannels,
  ...insightsChannels,
  ...afterSalesChannels,
  ...buyersChannels,
  ...syncChannels,
} satisfies Record<IpcChannel, IpcChannelSpec>;

// The table has no channel beyond channels.ts's list (`satisfies` checks only the other direction for spreads).
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const tableMatchesNames: Exactly<keyof typeof ipcContract, IpcChannel> = true;
void tableMatchesNames;

export type IpcContract = typeof ipcContract;

/** What the caller passes (schema input). */
export type IpcRequest<C extends IpcChannel> = z.input<IpcContract[C]['request']>;
/** What the implementation receives (schema output, after parsing). */
export type IpcParsedRequest<C extends IpcChannel> = z.output<IpcContract[C]['request']>;
/** The data of a successful answer, as the caller receives it. */
export type IpcData<C extends IpcChannel> = z.output<IpcContract[C]['data']>;
/** What the caller receives: always a Result. */
export type IpcResponse<C extends IpcChannel> = IpcResult<IpcData<C>>;
/** What an implementation returns (schema input; validated before it is sent). */
export type IpcResponseInput<C extends IpcChannel> = IpcResult<z.input<IpcContract[C]['data']>>;

// (`& z.ZodType`: TypeScript cannot check the constraint over the whole union of channels at once.)
type ResponseSchema<C extends IpcChannel> = ReturnType<typeof ipcResultSchema<IpcContract[C]['data'] & z.ZodType>>;
const responseSchemas = new Map<IpcChannel, ResponseSchema<IpcChannel>>();

/** The Result schema of a channel's answer (built once per channel). */
export function ipcResponseSchema<C extends IpcChannel>(channel: C): ResponseSchema<C> {
  let schema = responseSchemas.get(channel);
  if (!schema) responseSchemas.set(channel, (schema = ipcResultSchema(ipcContract[channel].data)));
  return schema as unknown as ResponseSchema<C>;
}

/** Arguments after the channel name: none when the request is `undefined`, else exactly one. */
export type IpcRequestArgs<C extends IpcChannel> =
  undefined extends IpcRequest<C> ? [request?: IpcRequest<C>] : [request: IpcRequest<C>];

/**
 * `window.merchantDesk`: exactly this, in the Electron preload and in the browser host's bridge script.
 * `invoke` never rejects: every failure is an error Result. `on` throws only for a name outside the contract.
 */
export interface IpcBridge {
  invoke<C extends IpcChannel>(channel: C, ...args: IpcRequestArgs<C>): Promise<IpcResponse<C>>;
  on<E extends IpcEventName>(event: E, handler: (payload: IpcEventPayload<E>) => void): () => void;
}

/** The host side of every channel, derived from the table. */
export type IpcImplementations = {
  [C in IpcChannel]: (request: IpcParsedRequest<C>) => IpcResponseInput<C> | Promise<IpcResponseInput<C>>;
};
