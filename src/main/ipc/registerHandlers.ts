import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import {
  ipcChannels,
  ipcContract,
  type IpcChannel,
  type IpcImplementations,
  type IpcParsedRequest,
  type IpcResponse,
} from '../../shared/ipc/contract';
import { isTrustedSenderFrame, type RendererLocation } from '../trustedSender';

export interface RegisterHandlersOptions {
  implementations: IpcImplementations;
  /** The app's own renderer page; IPC from any other frame is refused. */
  renderer: RendererLocation;
  /** Where refusals are reported (default: console.warn). */
  warn?: (message: string) => void;
}

/**
 * Registers one `ipcMain.handle` per contract channel. Each call is answered only when
 *  1. the sender is the top frame of the app's own renderer (file:// page or dev server), and
 *  2. the request parses with the channel's request schema;
 * then the implementation runs and its answer is checked against the response schema.
 * Returns a function that removes the handlers.
 */
export function registerHandlers({
  implementations,
  renderer,
  warn = console.warn,
}: RegisterHandlersOptions): () => void {
  for (const channel of ipcChannels) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) =>
      handleInvoke(channel, implementations[channel], event, args, renderer, warn),
    );
  }
  return () => {
    for (const channel of ipcChannels) ipcMain.removeHandler(channel);
  };
}

async function handleInvoke<C extends IpcChannel>(
  channel: C,
  implementation: IpcImplementations[C],
  event: IpcMainInvokeEvent,
  args: unknown[],
  renderer: RendererLocation,
  warn: (message: string) => void,
): Promise<IpcResponse<C>> {
  if (!isTrustedSenderFrame(event.senderFrame, renderer)) {
    warn(`[ipc] refused "${channel}" from untrusted sender ${event.senderFrame?.url ?? '(no frame)'}`);
    throw new Error(`IPC "${channel}" refused: the sender is not the Merchant Desk window`);
  }
  if (args.length > 1) {
    throw new Error(`Invalid request for IPC "${channel}": expected at most one argument, got ${args.length}`);
  }
  const spec = ipcContract[channel];
  const request = spec.request.safeParse(args[0]);
  if (!request.success) {
    throw new Error(`Invalid request for IPC "${channel}": ${z.prettifyError(request.error)}`);
  }
  const run = implementation as (request: IpcParsedRequest<C>) => unknown;
  const result = await run(request.data as IpcParsedRequest<C>);
  const response = spec.response.safeParse(result);
  if (!response.success) {
    warn(`[ipc] "${channel}" produced an answer that breaks the contract: ${z.prettifyError(response.error)}`);
    throw new Error(`IPC "${channel}" failed: the main process produced an invalid answer`);
  }
  return response.data as IpcResponse<C>;
}
