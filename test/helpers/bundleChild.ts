import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'vite';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Bundles a child-process entry (our TypeScript) into one ESM file that plain `node` runs; packages stay imports
 * from node_modules. Returns the file's path (under `outDir`).
 */
export async function bundleChild(entry: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: 'silent',
    publicDir: false,
    build: {
      ssr: path.join(repoRoot, entry),
      outDir,
      emptyOutDir: true,
      target: 'node22',
      minify: false,
      rolldownOptions: {
        external: (id: string) =>
          id.startsWith('node:') || builtinModules.includes(id) || (!id.startsWith('.') && !path.isAbsolute(id)),
        output: { format: 'es', entryFileNames: 'child.mjs' },
      },
    },
  });
  return path.join(outDir, 'child.mjs');
}
