import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { ipcChannels, type IpcImplementations } from '../../shared/ipc/contract';
import { describeUnexpected } from '../../core/logging/redact';
import { createIpcGate, describeGateProblem } from '../../shared/ipc/gate';
import { errorResult } from '../../shared/ipc/result';
import { isTrustedSenderFrame, type RendererLocation } from '../trustedSender';

export interface RegisterHandlersOptions {
  implementations: IpcImplementations;
  /** The app's own renderer page; IPC from any other frame is refused. */
  renderer: RendererLocation;
  /** Where refusals and host-side bugs are reported (default: console.warn). */
  warn?: (message: string) => void;
}

/**
 * Registers one `ipcMain.handle` per contract channel. A call from anything but the top frame of the app's own
 * renderer (app://merchant-desk or the dev server) is answered with a `refused` error; every other call goes through the
 * shared gate (src/shared/ipc/gate.ts), the same one the browser host uses. Handlers never throw: every answer is
 * a Result. Returns a function that removes the handlers.
 */
export function registerHandlers({
  implementations,
  renderer,
  warn = console.warn,
}: RegisterHandlersOptions): () => void {
  const gate = createIpcGate({
    implementations,
    report: (problem) => warn(describeGateProblem(problem, describeUnexpected)),
  });
  for (const channel of ipcChannels) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSenderFrame(event.senderFrame, renderer)) {
        warn(`[ipc] refused "${channel}" from untrusted sender ${event.senderFrame?.url ?? '(no frame)'}`);
        return errorResult('refused', `"${channel}" refused: the sender is not the Merchant Desk window.`);
      }
      return gate(channel, args);
    });
  }
  return () => {
    for (const channel of ipcChannels) ipcMain.removeHandler(channel);
  };
}
