import type { AppError } from '../../shared/errors/appError';
import type { ProfileStore } from '../profiles/profileStore';
import { err, ok, type Result } from '../result';
import { profileStoreAppError } from './profilesErrors';

/** What the operating system opens for the person, and the fixed places it may open. */
export interface ShellPorts {
  profiles: ProfileStore;
  dataDir: string;
  logFile: string;
  /** Opens a folder or file with the system's handler; a problem as text. */
  openPath(target: string): Promise<Result<void, string>>;
  /** Opens an address in the default browser; a problem as text. */
  openExternal(url: string): Promise<Result<void, string>>;
}

export interface Opened {
  opened: true;
  target: string;
}

async function opening(target: string, open: Promise<Result<void, string>>): Promise<Result<Opened, AppError>> {
  const r = await open;
  if (r.ok) return ok({ opened: true, target });
  return err({ kind: 'io', message: `Could not open ${target} (${r.error}).`, action: `Open ${target} yourself.` });
}

export const openDataFolder = (ports: ShellPorts) => opening(ports.dataDir, ports.openPath(ports.dataDir));
export const openLogFile = (ports: ShellPorts) => opening(ports.logFile, ports.openPath(ports.logFile));

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether `url` is a page of the active profile's platform: the same origin, over https (plain http only where the
 * profile's own platform is on this machine, as the sandbox is). Anything else could send the person elsewhere.
 */
export function platformPageUrl(url: string, platformUrl: string): Result<URL, AppError> {
  const refuse = (why: string): Result<URL, AppError> =>
    err({ kind: 'invalid-input', code: 'not-platform-page', message: `Not opened: ${why}` });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return refuse('the address is not a valid URL.');
  }
  const platform = new URL(platformUrl);
  if (target.origin !== platform.origin)
    return refuse(`${target.origin} is not the platform of the active profile (${platform.origin}).`);
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && LOOPBACK.has(target.hostname)))
    return refuse('only https addresses are opened.');
  if (target.username || target.password) return refuse('the address carries a user name or password.');
  return ok(target);
}

/** Opens a page of the active profile's platform in the default browser. */
export async function openPlatformPage(ports: ShellPorts, url: string): Promise<Result<Opened, AppError>> {
  const active = ports.profiles.active();
  if (!active.ok) return err(profileStoreAppError(active.error));
  if (!active.value)
    return err({ kind: 'settings', message: 'No profile is active, so there is no platform to open.' });
  const target = platformPageUrl(url, active.value.platformUrl);
  if (!target.ok) return target;
  // A port, checked just above; the app's port is guarded again in main (src/main/externalLinks.ts).
  return opening(target.value.href, ports.openExternal(target.value.href)); // eng-disable OPEN_EXTERNAL_JS_CHECK
}
