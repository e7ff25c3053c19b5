import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Record<
  string,
  Record<string, string> | undefined
>;
const packages = new Set(
  ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
    Object.keys(pkg[field] ?? {}),
  ),
);
const builtins = new Set(builtinModules);

/** Node builtins and every package from package.json (plus their subpaths) stay imports; only our own source is bundled. */
function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtins.has(id)) return true;
  const name = id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0];
  return name !== undefined && packages.has(name);
}

/**
 * The CLI: an ESM bundle for Node >= 22.12 at out/cli/main.js, started by bin/merchant-desk.js, and beside it the
 * sync's writer thread (page-writer-thread.js, a worker_threads entry found next to the code that starts it), the
 * cache upkeep's checking thread (cache-upkeep-thread.js, found the same way), its compaction thread
 * (cache-compact-thread.js), the thread that finishes what a kill left of a first sync's end
 * (cache-end-of-sync-thread.js) and `merchant-desk ui`'s core host (core-host.js, a child process entry).
 */
export default defineConfig({
  root,
  publicDir: false,
  ssr: { target: 'node', noExternal: [] },
  build: {
    ssr: true,
    outDir: resolve(root, 'out/cli'),
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        main: resolve(root, 'src/cli/main.ts'),
        'page-writer-thread': resolve(root, 'src/core/sync/pageWriterThread.ts'),
        'cache-upkeep-thread': resolve(root, 'src/core/cache/upkeepThread.ts'),
        'cache-compact-thread': resolve(root, 'src/core/cache/compactThread.ts'),
        'cache-end-of-sync-thread': resolve(root, 'src/core/cache/endOfSyncThread.ts'),
        // `merchant-desk ui`'s core host, a Node child process serving what Electron's utility process serves.
        'core-host': resolve(root, 'src/appHost/coreHost/nodeHostEntry.ts'),
      },
      external: isExternal,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
