/**
 * The IPC channel names, with no schema library attached, so the sandboxed preload can allow-list them without
 * bundling zod. contract.ts must have exactly these keys (the compiler enforces it).
 */
export const ipcChannels = ['app:getInfo'] as const;

export type IpcChannel = (typeof ipcChannels)[number];

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && (ipcChannels as readonly string[]).includes(value);
}
