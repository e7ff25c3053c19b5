import type { IpcChannel, IpcImplementations } from '../shared/ipc/contract';

/** Channels that may change which profile is active, or the active profile's platform settings. */
export const PROFILE_CHANGING_CHANNELS = [
  'profiles:add',
  'profiles:edit',
  'profiles:remove',
  'profiles:use',
  'settings:update',
] as const satisfies readonly IpcChannel[];

/**
 * After a profile change succeeds, the core host's session is re-read (`reopen`) before the answer goes back, so
 * the window's next call already reaches the new active profile's session.
 */
export function reopenOnProfileChange(
  implementations: IpcImplementations,
  reopen: () => Promise<void>,
): IpcImplementations {
  const wrapped: Partial<IpcImplementations> = {};
  for (const channel of PROFILE_CHANGING_CHANNELS) {
    const handler = implementations[channel] as (request: unknown) => unknown;
    (wrapped as Record<string, unknown>)[channel] = async (request: unknown) => {
      const answer = (await handler(request)) as { ok: boolean };
      if (answer.ok) await reopen();
      return answer;
    };
  }
  return { ...implementations, ...wrapped };
}
