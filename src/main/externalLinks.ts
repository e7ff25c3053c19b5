import { platformPageUrl } from '../core/app/shell';
import type { ProfileStore } from '../core/profiles/profileStore';

/** The one Electron API this module uses: `shell.openExternal`. */
export interface ExternalShell {
  openExternal(url: string): Promise<void>;
}

/** A URL was not opened: it is not a page of the active profile's platform. The message never holds the URL's query. */
export class ExternalLinkRefused extends Error {
  override name = 'ExternalLinkRefused';
}

/**
 * The app's only way to the system browser: a URL opens only when it is a page of the active profile's platform —
 * the same origin, over https (http only where that platform is on this machine, as the sandbox is), no user info.
 * The buyers' login links and the platform pages are such pages; anything else (another site, `file:`, a scheme
 * another app handles) is refused before the operating system sees it. Refusals are thrown, as a failed
 * `shell.openExternal` is, so every caller already reports them.
 */
export function platformLinkOpener(shell: ExternalShell, profiles: Pick<ProfileStore, 'active'>) {
  return async (url: string): Promise<void> => {
    const active = profiles.active();
    if (!active.ok || !active.value)
      throw new ExternalLinkRefused('Not opened: no profile is active, so no platform page can be opened.');
    const target = platformPageUrl(url, active.value.platformUrl);
    if (!target.ok) throw new ExternalLinkRefused(target.error.message);
    await shell.openExternal(target.value.href); // eng-disable OPEN_EXTERNAL_JS_CHECK (checked just above)
  };
}
