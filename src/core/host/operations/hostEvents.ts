import type { IpcEventName } from '../../../shared/ipc/channels';
import type { IpcEventPayloadInput } from '../../../shared/ipc/events';
import type { ChangeEvent } from '../../sync/changeEvents';
import type { SyncProgress } from '../../sync/progress';

/**
 * The events a session's host pushes, named and shaped as the windows' push events: whoever hosts the core (the
 * Electron app, `merchant-desk ui`) relays them as they are, and its publisher checks each against the contract.
 */
export const RELAYED_HOST_EVENTS = [
  'sync:progress',
  'orders:changed',
  'orders:reloaded',
] as const satisfies readonly IpcEventName[];

export type RelayedHostEvent = (typeof RELAYED_HOST_EVENTS)[number];

export const isRelayedHostEvent = (name: string): name is RelayedHostEvent =>
  (RELAYED_HOST_EVENTS as readonly string[]).includes(name);

/** A sync's progress for one profile; "not known yet" crosses as null. */
export function syncProgressEvent(profileId: string, p: SyncProgress): IpcEventPayloadInput<'sync:progress'> {
  return {
    profileId,
    ...p,
    ordersExpected: p.ordersExpected ?? null,
    etaMs: p.etaMs ?? null,
    clockSkew: p.clockSkew ?? null,
  };
}

/**
 * Change events as a window gets them: the change itself, without the cache's outbox sequence number; marked when
 * the merchant's own action in this app caused them (no notification repeats it).
 */
export function ordersChangedEvent(
  profileId: string,
  events: ReadonlyArray<ChangeEvent & { seq?: number }>,
  cause: 'platform' | 'merchant' = 'platform',
): IpcEventPayloadInput<'orders:changed'> {
  const changes = events.map(({ seq: _seq, ...change }) => change);
  return cause === 'merchant' ? { profileId, events: changes, byMerchant: true } : { profileId, events: changes };
}
