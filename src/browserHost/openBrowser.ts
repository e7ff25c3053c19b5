import { spawn } from 'node:child_process';
import { openThroughRedirectFile } from '../core/paths/redirectFile';

/** How each desktop opens a URL in the default browser (no shell: the URL is one argument, never parsed). */
export function browserOpener(platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: [url] };
}

// The redirect page lives in core (Electron main opens login links through it too); `ui` imports it from here.
export { writeRedirectFile } from '../core/paths/redirectFile';

/** Opens the URL in the default browser; `onFailure` is called when no opener could be started. */
export function openInBrowser(url: string, onFailure: () => void): void {
  const { command, args } = browserOpener(process.platform, url);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', onFailure);
    child.once('exit', (code) => {
      if (code !== 0) onFailure();
    });
    child.unref();
  } catch {
    onFailure();
  }
}

/**
 * Opens a link that may carry a secret (a buyer's login link) in the default browser through an owner-only
 * redirect page, so the opener's and the browser's command lines hold only that page's file:// address.
 */
export function openLinkInBrowser(url: string, onFailure: () => void): Promise<void> {
  return openThroughRedirectFile(url, (fileUrl) => openInBrowser(fileUrl, onFailure)).catch(onFailure);
}
