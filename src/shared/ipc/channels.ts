/**
 * The names of the contract's request channels and push events, with no schema library attached, so the sandboxed
 * preload can allow-list them without bundling zod. contract.ts and events.ts must have exactly these keys (the
 * compiler enforces it).
 */
export const ipcChannels = [
  'app:getInfo',
  'app:updates',
  'app:updateAction',
  'profiles:list',
  'profiles:get',
  'profiles:add',
  'profiles:edit',
  'profiles:remove',
  'profiles:use',
  'credentials:setToken',
  'credentials:tokenStatus',
  'credentials:deleteToken',
  'credentials:keyStatus',
  'credentials:generateKey',
  'credentials:importKey',
  'credentials:removeKey',
  'credentials:testConnection',
  'credentials:inspectSignature',
  'settings:get',
  'settings:update',
  'shell:openDataFolder',
  'shell:openLogFile',
  'shell:openPlatformPage',
  'orders:queryPage',
  'orders:count',
  'orders:countQuick',
  'orders:get',
  'orders:refresh',
  'orders:export',
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
  'buyers:copyLoginLink',
  'buyers:openLoginLink',
  'sync:now',
  'sync:status',
  'sync:setPaused',
] as const;

/** Events main (or the browser host) pushes to the renderer. */
export const ipcEventNames = [
  'sync:progress',
  'sync:state',
  'orders:changed',
  'orders:reloaded',
  'host:state',
  'app:navigate',
  'app:updates',
  'cache:upkeep',
] as const;

export type IpcChannel = (typeof ipcChannels)[number];
export type IpcEventName = (typeof ipcEventNames)[number];

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && (ipcChannels as readonly string[]).includes(value);
}

export function isIpcEventName(value: unknown): value is IpcEventName {
  return typeof value === 'string' && (ipcEventNames as readonly string[]).includes(value);
}

/** The one wording of "no such channel", whichever side (preload, gate) notices first. */
export function unknownChannelMessage(channel: unknown): string {
  return `Unknown request channel ${JSON.stringify(String(channel))}: it is not in the IPC contract.`;
}

/** The one wording of "no such event", thrown by `on` in the preload and in the browser host's bridge. */
export function unknownEventMessage(event: unknown): string {
  return `Unknown event ${JSON.stringify(String(event))}: it is not in the IPC contract.`;
}
