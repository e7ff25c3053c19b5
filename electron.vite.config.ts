import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

/** Native modules: never bundled, loaded from node_modules at run time (and unpacked from asar when packaging). */
const nativeModules = ['keytar', 'better-sqlite3', 'zstd-napi'];

/**
 * index.html carries the strict CSP of the packaged app. Vite's dev server needs inline scripts/styles (React
 * Refresh preamble, injected CSS) and a WebSocket for HMR, so only when serving is the policy loosened.
 */
function devContentSecurityPolicy(): Plugin {
  return {
    name: 'merchant-desk:dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      const dev =
        "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; " +
        "font-src 'self'; connect-src 'self' ws://localhost:* ws://127.0.0.1:*; object-src 'none'; base-uri 'none'; form-action 'none'";
      return html.replace(/(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/, `$1${dev}$2`);
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // package.json "type": "module" → ESM output (out/main/index.js). Every package.json dependency stays an
      // import (externalizeDeps); native modules are listed explicitly so they stay external wherever they are declared.
      externalizeDeps: { include: nativeModules },
      rolldownOptions: {
        // The sync's writer thread (a worker_threads entry) is built beside index.js, where the sync looks for it.
        input: {
          index: resolve(root, 'src/main/index.ts'),
          'page-writer-thread': resolve(root, 'src/core/sync/pageWriterThread.ts'),
          'cache-upkeep-thread': resolve(root, 'src/core/cache/upkeepThread.ts'),
          'cache-compact-thread': resolve(root, 'src/core/cache/compactThread.ts'),
          'cache-end-of-sync-thread': resolve(root, 'src/core/cache/endOfSyncThread.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can only require('electron') (and a few polyfilled builtins): bundle everything else.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
      },
    },
  },
  // One build serves both hosts: the Electron window loads out/renderer over app://, `merchant-desk ui` serves the same
  // folder over HTTP. The entry chunk holds the frame and the Orders screen; every other screen is a chunk of its own,
  // imported on first use (src/renderer/screens/index.ts), with its CSS beside it. Minified (electron-vite leaves the
  // renderer unminified): the page parses and compiles all of its first chunk before it asks for a first page.
  renderer: {
    root: resolve(root, 'src/renderer'),
    build: {
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
    plugins: [react(), devContentSecurityPolicy()],
  },
});
