#!/usr/bin/env node
// `npm run bench`: bundles bench/main.ts (TypeScript, our sources) with Vite's build API into one ESM file —
// packages stay imports from node_modules — and runs it with this Node (24, through scripts/node24.mjs).
// Arguments pass through, e.g. `npm run bench -- --quick` or `npm run bench -- --only=sync`; `--cpu-prof…` flags go to
// Node itself (profiling the benchmark process, e.g. `--only=sync --parallelism=4 --cpu-prof --cpu-prof-dir=DIR`).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// One directory per run: node_modules may be shared by several checkouts, and two runs must not overwrite each other.
const outDir = path.join(root, 'node_modules', '.tmp', `bench-${process.pid}`);

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      external: (id) =>
        id.startsWith('node:') ||
        builtinModules.includes(id) ||
        (!id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0')),
      // The sync's writer thread is built beside the bench, where the sync looks for it (see writerThread.ts).
      input: {
        bench: path.join(root, 'bench', 'main.ts'),
        // The syncing process of the memory and scale benches: only the sync's modules (bench/syncChild.ts).
        'sync-child': path.join(root, 'bench', 'syncChild.ts'),
        'page-writer-thread': path.join(root, 'src', 'core', 'sync', 'pageWriterThread.ts'),
        'cache-upkeep-thread': path.join(root, 'src', 'core', 'cache', 'upkeepThread.ts'),
        'cache-compact-thread': path.join(root, 'src', 'core', 'cache', 'compactThread.ts'),
        'cache-end-of-sync-thread': path.join(root, 'src', 'core', 'cache', 'endOfSyncThread.ts'),
      },
      output: { format: 'es', entryFileNames: (chunk) => (chunk.name === 'bench' ? 'bench.mjs' : '[name].js') },
    },
  },
});

const args = process.argv.slice(2);
const nodeFlags = args.filter((a) => a.startsWith('--cpu-prof'));
const r = spawnSync(
  process.execPath,
  [
    '--expose-gc',
    '--enable-source-maps',
    ...nodeFlags,
    path.join(outDir, 'bench.mjs'),
    ...args.filter((a) => !nodeFlags.includes(a)),
  ],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
if (process.env.MERCHANT_DESK_BENCH_KEEP !== '1') rmSync(outDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
