/**
 * Where the app's own renderer lives. IPC is answered only for frames showing exactly this page.
 * No runtime import of electron here, so this stays testable in plain Node.
 */
export interface RendererLocation {
  /** file:// URL of the built renderer page (out/renderer/index.html, inside app.asar when packaged). */
  fileUrl: string;
  /** electron-vite's dev server URL (ELECTRON_RENDERER_URL); set only for unpackaged dev runs. */
  devServerUrl?: string | undefined;
}

/** The parts of Electron's WebFrameMain the check reads. */
export interface SenderFrameLike {
  readonly url: string;
  readonly parent: unknown;
}

/** True when `url` is the app's renderer page: the same file (any hash/query), or the dev server's origin. */
export function isTrustedRendererUrl(url: string, location: RendererLocation): boolean {
  let actual: URL;
  try {
    actual = new URL(url);
  } catch {
    return false;
  }
  if (actual.protocol === 'file:') {
    const expected = new URL(location.fileUrl);
    return expected.protocol === 'file:' && actual.host === expected.host && actual.pathname === expected.pathname;
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
