import type { IpcChannel, IpcImplementations } from '../shared/ipc/contract';

/**
 * Settings changed outside the app (`merchant-desk profiles edit` while a window is open): before a call is
 * answered, a changed stamp of the settings (the file's size and time) re-reads the active profile, so the call
 * reaches the session active now — never one merchant's cache under another's name.
 */
export function reopenOnOutsideChange(
  implementations: IpcImplementations,
  ports: { stamp(): string; reopen(): Promise<void> },
): IpcImplementations {
  let seen = ports.stamp();
  const wrapped: Partial<Record<IpcChannel, unknown>> = {};
  for (const channel of Object.keys(implementations) as IpcChannel[]) {
    const handler = implementations[channel] as (request: unknown) => unknown;
    wrapped[channel] = async (request: unknown) => {
      const now = ports.stamp();
      if (now !== seen) {
        seen = now;
        await ports.reopen();
      }
      return handler(request);
    };
  }
  return wrapped as IpcImplementations;
}
