import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { CacheIdentity } from '../../../shared/errors/cacheErrors';
import { openOrderCache } from '../openCache';
import type { OrderCache } from '../orderCache';

/**
 * Real order caches in fresh temporary directories for one test file: `open()` makes one; each is closed and its
 * directory removed after every test.
 */
export function tempCaches(prefix: string, identity?: CacheIdentity): { open(): OrderCache } {
  const dirs: string[] = [];
  const caches: OrderCache[] = [];
  afterEach(() => {
    for (const c of caches.splice(0)) c.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return {
    open() {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      dirs.push(dir);
      const r = openOrderCache({ file: path.join(dir, 'c.sqlite'), ...(identity ? { identity } : {}) });
      if (!r.ok) throw new Error(r.error.kind);
      caches.push(r.value);
      return r.value;
    },
  };
}
