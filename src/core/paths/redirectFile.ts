import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An owner-only page that sends the browser on to `url`, in its own 0700 folder. A browser is opened on this file
 * rather than on the address itself when the address carries a secret (`ui`'s start-up token, a buyer's login
 * code): a command line — the opener's and the browser's it starts — is readable by every local user (ps, /proc)
 * for as long as that process runs. `remove` deletes the folder.
 */
export async function writeRedirectFile(url: string): Promise<{ fileUrl: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'merchant-desk-open-'));
  const file = path.join(dir, 'open.html');
  const target = escapeAttribute(url);
  await writeFile(
    file,
    `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${target}"><title>Merchant Desk</title><a href="${target}">Open Merchant Desk</a>\n`,
    { mode: 0o600 },
  );
  return { fileUrl: pathToFileURL(file).href, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * How long a redirect page for a link stays: the browser reads it when it starts (seconds); what it holds is
 * single-use and short-lived anyway, so it is not left lying about either.
 */
export const REDIRECT_FILE_KEEP_MS = 60_000;

/**
 * Opens `url` through an owner-only redirect page: `open` gets only the page's file:// address. The page is
 * removed after `keepMs` (a timer that does not hold the process open).
 */
export async function openThroughRedirectFile(
  url: string,
  open: (fileUrl: string) => void | Promise<void>,
  keepMs = REDIRECT_FILE_KEEP_MS,
): Promise<void> {
  const redirect = await writeRedirectFile(url);
  setTimeout(() => void redirect.remove(), keepMs).unref();
  await open(redirect.fileUrl);
}
