/**
 * Where the app's own renderer lives. IPC is answered only for frames showing exactly this page.
 * No runtime import of electron here, so this stays testable in plain Node.
 */
export interface RendererLocation {
  /** The built renderer page on the app:// scheme (APP_INDEX_URL); only its origin is trusted. */
  appUrl: string;
  /** electron-vite's dev server URL (ELECTRON_RENDERER_URL); set only for unpackaged dev runs. */
  devServerUrl?: string | undefined;
}

/** The parts of Electron's WebFrameMain the check reads. */
export interface SenderFrameLike {
  readonly url: string;
  readonly parent: unknown;
}

/**
 * True when `url` is on the app's renderer origin: exactly app://merchant-desk (no other host, port or
 * credentials), or the dev server's origin. file:// is never trusted: any local file would share it.
 */
export function isTrustedRendererUrl(url: string, location: RendererLocation): boolean {
  let actual: URL;
  try {
    actual = new URL(url);
  } catch {
    return false;
  }
  const expected = new URL(location.appUrl);
  if (actual.protocol === expected.protocol) {
    // URL.origin is "null" for a non-special scheme in Node, so compare its parts.
    return actual.host === expected.host && actual.host !== '' && actual.username === '' && actual.password === '';
  }
  if (location.devServerUrl !== undefined && location.devServerUrl !== '') {
    const dev = new URL(location.devServerUrl);
    return (actual.protocol === 'http:' || actual.protocol === 'https:') && actual.origin === dev.origin;
  }
  return false;
}

/** True when an IPC message came from the top frame of the app's renderer (not an iframe, not a destroyed frame). */
export function isTrustedSenderFrame(frame: SenderFrameLike | null | undefined, location: RendererLocation): boolean {
  if (frame === null || frame === undefined) return false;
  if (frame.parent !== null) return false;
  return isTrustedRendererUrl(frame.url, location);
}
