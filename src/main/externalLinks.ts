import type { Profile } from '../core/profiles/profileSchema';
import { err, ok, type Result } from '../core/result';
import type { AppError } from '../shared/errors/appError';

/**
 * The one allow-list for `shell.openExternal` in main: every address the app hands the system browser (a platform
 * page, a buyer's login link, a link the renderer tried to open as a window) passes `checkExternalUrl` first. Only
 * https pages on the active profile's platform origin are opened; plain http only on loopback for a sandbox
 * profile (the sandbox platform runs on this computer). Anything else could send the merchant somewhere the app
 * does not vouch for, so it is refused and nothing is opened.
 */
export type ExternalLinkProfile = Pick<Profile, 'kind' | 'platformUrl'>;

export type ExternalLinkRefusal = 'not-a-url' | 'no-profile' | 'credentials' | 'not-https' | 'other-origin';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The address as it may be opened, or why not. The refusal names origins only, never the whole address: a login
 * link carries a live authorization code.
 */
export function checkExternalUrl(
  url: string,
  profile: ExternalLinkProfile | null,
): Result<string, { reason: ExternalLinkRefusal; message: string }> {
  const refuse = (reason: ExternalLinkRefusal, why: string) => err({ reason, message: `Not opened: ${why}` });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return refuse('not-a-url', 'the address is not a valid URL.');
  }
  if (profile === null) return refuse('no-profile', 'no profile is active, so there is no platform to open.');
  if (target.username !== '' || target.password !== '')
    return refuse('credentials', 'the address carries a user name or password.');
  const sandboxHttp = profile.kind === 'sandbox' && target.protocol === 'http:' && LOOPBACK_HOSTS.has(target.hostname);
  if (target.protocol !== 'https:' && !sandboxHttp) return refuse('not-https', 'only https addresses are opened.');
  let platform: URL;
  try {
    platform = new URL(profile.platformUrl);
  } catch {
    return refuse('other-origin', 'the active profile has no valid platform address.');
  }
  if (target.origin !== platform.origin)
    return refuse('other-origin', `${target.origin} is not the platform of the active profile (${platform.origin}).`);
  return ok(target.href);
}

export interface GuardedOpenPorts {
  /** `shell.openExternal`. */
  open(url: string): Promise<void>;
  /** The active profile (null: none, or it cannot be read). */
  activeProfile(): ExternalLinkProfile | null;
}

/** Opens an address in the system browser when `checkExternalUrl` allows it; every openExternal in main is this. */
export function guardedOpenExternal(ports: GuardedOpenPorts): (url: string) => Promise<Result<void, AppError>> {
  return async (url) => {
    const allowed = checkExternalUrl(url, ports.activeProfile());
    if (!allowed.ok) return err({ kind: 'invalid-input', code: 'not-platform-page', message: allowed.error.message });
    try {
      await ports.open(allowed.value);
      return ok(undefined);
    } catch {
      // The address is not repeated: it may hold a live authorization code.
      return err({ kind: 'unexpected', message: 'The system browser could not be opened.' });
    }
  };
}
