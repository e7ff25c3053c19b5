import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built renderer (`out/renderer` of `npm run build`) above this module: found by walking up, so the same code
 * works from the CLI bundle (out/cli) and from source (tests).
 */
export function findRendererDir(moduleUrl: string): string | undefined {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const candidate = path.join(dir, 'out', 'renderer');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The checkout above this module (electron.vite.config.ts beside src/renderer), for serving the renderer from
 * source; undefined in an installed copy, which has only the built pages.
 */
export function findProjectRoot(moduleUrl: string): string | undefined {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (existsSync(path.join(dir, 'electron.vite.config.ts')) && existsSync(path.join(dir, 'src/renderer/index.html')))
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
