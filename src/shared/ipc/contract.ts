import { z } from 'zod';
import type { IpcChannel } from './channels';

export { ipcChannels, isIpcChannel, type IpcChannel } from './channels';

/**
 * The one table of IPC channels between the renderer (through the preload bridge) and the main process.
 * Every channel is request/response (`ipcRenderer.invoke` ↔ `ipcMain.handle`). The main process parses every
 * request with `request` before its handler runs and every answer with `response` before it is sent back.
 *
 * To add a channel: add its name to channels.ts and its schemas here (the compiler checks both lists agree),
 * an implementation in src/main/ipc/implementations.ts, and examples in contract.test.ts.
 *
 * Channels with no request data use `z.undefined()`: the bridge call then takes no second argument.
 * Values cross the process boundary by structured clone: keep schemas to plain JSON-like data (no functions,
 * no class instances).
 */
export const ipcContract = {
  'app:getInfo': {
    request: z.undefined(),
    response: z.object({ version: z.string().min(1), platform: z.string().min(1) }).strict(),
  },
} satisfies Record<IpcChannel, IpcChannelSpec>;

export interface IpcChannelSpec {
  request: z.ZodType;
  response: z.ZodType;
}

export type IpcContract = typeof ipcContract;

/** What the caller passes (schema input). */
export type IpcRequest<C extends IpcChannel> = z.input<IpcContract[C]['request']>;
/** What the main-process implementation receives (schema output, after parsing). */
export type IpcParsedRequest<C extends IpcChannel> = z.output<IpcContract[C]['request']>;
/** What the implementation returns (schema input, validated before it is sent). */
export type IpcResponseInput<C extends IpcChannel> = z.input<IpcContract[C]['response']>;
/** What the caller receives. */
export type IpcResponse<C extends IpcChannel> = z.output<IpcContract[C]['response']>;

/** Arguments after the channel name: none when the request is `undefined`, else exactly one. */
export type IpcRequestArgs<C extends IpcChannel> =
  undefined extends IpcRequest<C> ? [request?: IpcRequest<C>] : [request: IpcRequest<C>];

/** The bridge the preload exposes as `window.merchantDesk`, derived from the table. */
export interface IpcBridge {
  invoke<C extends IpcChannel>(channel: C, ...args: IpcRequestArgs<C>): Promise<IpcResponse<C>>;
}

/** Main-process implementations, one per channel, derived from the table. */
export type IpcImplementations = {
  [C in IpcChannel]: (request: IpcParsedRequest<C>) => IpcResponseInput<C> | Promise<IpcResponseInput<C>>;
};
