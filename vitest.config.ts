import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'out/**', '.tools/**', 'coverage/**'],
    // Native modules (keytar, better-sqlite3) are safer in child processes than in worker threads.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    server: {
      deps: {
        // electron-store imports 'electron' at load time: inline it so a test's vi.mock('electron') applies to it.
        inline: ['electron-store'],
      },
    },
  },
});
