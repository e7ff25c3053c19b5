import { spawn } from 'node:child_process';
import { openThroughRedirectFile } from '../core/paths/redirectFile';
import { err, ok, type Result } from '../core/result';
import type { AppError } from '../shared/errors/appError';
import { browserNotOpened } from '../shared/errors/linkErrors';

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

/** An opener still running this long after its start is taken as having opened the page (some wait for the browser). */
const OPENER_SETTLE_MS = 3_000;

/**
 * Starts the opener on `url` and answers whether that worked: the opener's exit status (xdg-open
 * answers 3 or 4 when it finds no browser or no display), a missing opener, or — when it is still running after a few
 * seconds, as some openers wait for the browser — opened. The link is an argument of the opener, never of a shell,
 * and never in the answer or the log (it holds a live authorization code).
 */
function openerAnswer(
  url: string,
  options: {
    log?: (line: string) => void;
    opener?: (url: string) => { command: string; args: string[] };
    settleMs?: number;
  } = {},
): Promise<Result<void, AppError>> {
  const { command, args } = (options.opener ?? ((u) => browserOpener(process.platform, u)))(url);
  const log = options.log ?? (() => {});
  return new Promise((resolve) => {
    let settled = false;
    let stderr = '';
    const finish = (detail: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (detail === null) return resolve(ok(undefined));
      log(`The browser could not be opened for a login link: ${detail}.`);
      resolve(err(browserNotOpened(detail)));
    };
    const timer = setTimeout(() => finish(null), options.settleMs ?? OPENER_SETTLE_MS);
    timer.unref();
    try {
      const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
      child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.once('error', (e: NodeJS.ErrnoException) =>
        finish(e.code === 'ENOENT' ? `${command} is not installed` : `${command}: ${e.code ?? e.message}`),
      );
      child.once('exit', (code, signal) => {
        const why = stderr.trim().split('\n')[0]?.slice(0, 200);
        finish(code === 0 ? null : `${command} exited with ${code ?? signal}${why ? `: ${why}` : ''}`);
      });
      child.unref();
    } catch (e) {
      finish(`${command}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}

/**
 * Opens a login link in the default browser and answers whether that worked. The opener (and the browser it starts)
 * gets an owner-only redirect page's file:// address, never the link itself: a command line is readable by every
 * local user (ps, /proc) for as long as that process runs, and the link holds a live authorization code.
 */
export async function openLinkInBrowser(
  url: string,
  options: Parameters<typeof openerAnswer>[1] = {},
): Promise<Result<void, AppError>> {
  let answer: Result<void, AppError> = ok(undefined);
  try {
    await openThroughRedirectFile(url, async (fileUrl) => {
      answer = await openerAnswer(fileUrl, options);
    });
  } catch (e) {
    return err(
      browserNotOpened(`the redirect page could not be written (${e instanceof Error ? e.message : String(e)})`),
    );
  }
  return answer;
}
