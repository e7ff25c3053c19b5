import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** How each desktop opens a URL in the default browser (no shell: the URL is one argument, never parsed). */
export function browserOpener(platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: [url] };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An owner-only page that sends the browser on to `url`. The browser is opened on this file rather than on the
 * address itself: a command line is readable by other local users (ps, /proc) for as long as the browser runs,
 * and the address carries the token. Remove it when serving stops.
 */
export async function writeRedirectFile(url: string): Promise<{ fileUrl: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'merchant-desk-ui-'));
  const file = path.join(dir, 'open.html');
  const target = escapeAttribute(url);
  await writeFile(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Merchant Desk</title><a href="${target}">Open Merchant Desk</a>\n`,
    { mode: 0o600 },
  );
  return { fileUrl: pathToFileURL(file).href, remove: () => rm(dir, { recursive: true, force: true }) };
}

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
