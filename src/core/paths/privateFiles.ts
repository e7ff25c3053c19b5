import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * The data directory holds merchant and buyer data (orders with buyers' e-mails and delivered codes, settings, keys,
 * logs): on POSIX every folder in it is 0700 and every file 0600, whatever the umask. On Windows the data directory
 * lies in the user's own profile, whose access list already keeps other users out, so nothing is changed there.
 */
const POSIX = process.platform !== 'win32';
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and missing parents) owner-only, and tightens an existing `dir` — unless it is not ours to change:
 * owned by another user, or a shared sticky folder such as /tmp (someone may point --data-dir at one).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tightenDir(dir);
}

/** Makes an existing folder owner-only (see ensurePrivateDir for the ones left alone); a missing one is fine. */
export function tightenDir(dir: string): void {
  if (!POSIX) return;
  let st;
  try {
    st = statSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const ours = process.getuid === undefined || st.uid === process.getuid();
  const sticky = (st.mode & 0o1000) !== 0;
  if ((st.mode & 0o077) !== 0 && ours && !sticky) chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty and owner-only when missing (before anyone writes to it), and tightens it when it exists. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  tightenFile(file);
}

/** Makes an existing file owner-only; a missing one is fine (SQLite creates its -wal and -shm only when needed). */
export function tightenFile(file: string): void {
  if (!POSIX) return;
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}
