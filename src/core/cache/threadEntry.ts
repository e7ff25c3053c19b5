import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A worker_threads entry built as its own file beside the CLI and app bundles (vite.cli.config.ts,
 * electron.vite.config.ts), found next to the chunk that starts it or one folder up; undefined from sources (tests)
 * or a bundle built without it — the caller then does the work on its own thread.
 */
export function findThreadEntry(fileName: string): URL | undefined {
  for (const relative of [`./${fileName}`, `../${fileName}`]) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}
