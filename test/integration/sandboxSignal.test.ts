/**
 * The built CLI's sandbox as a process a merchant stops with Ctrl+C or SIGTERM: it exits 0, leaves nothing in the
 * temporary folder, and keeps its key pair and data (owner-only) in the state directory on purpose.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cleanEnv, CLI_BIN, cliBuilt, startInBackground } from '../helpers/builtCli';
import { describeWith } from '../helpers/requires';

const mode = (file: string) => statSync(file).mode & 0o777;

describeWith(
  cliBuilt() && process.platform !== 'win32',
  process.platform === 'win32' ? 'POSIX signals (Windows has none)' : 'needs `npm run build` (the built CLI)',
)('merchant-desk sandbox stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: exit 0, no temporary folder, the key pair kept in the state directory (0600)',
    async (signal) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'md-sandbox-signal-'));
      const temp = mkdtempSync(path.join(tmpdir(), 'md-sandbox-tmp-'));
      const env = cleanEnv({ MERCHANT_DESK_DATA_DIR: dataDir, TMPDIR: temp, TMP: temp, TEMP: temp });
      const args = [CLI_BIN, '--json', 'sandbox', '--port', '0', '--orders', '5'];
      const starts: Array<{ privateKeyFile: string; stateDir: string }> = [];
      for (let i = 0; i < 2; i++) {
        const running = await startInBackground(process.execPath, args, env, '\n');
        starts.push(JSON.parse(running.stdout()));
        running.child.kill(signal);
        expect(await running.exited).toBe(0);
      }
      const stateDir = path.join(dataDir, 'sandbox');
      expect(starts[0]).toMatchObject({ stateDir, privateKeyFile: path.join(stateDir, 'sandbox-private-key.pem') });
      expect(starts[1]!.privateKeyFile).toBe(starts[0]!.privateKeyFile);
      expect(readdirSync(temp)).toEqual([]);
      if (process.platform !== 'win32') {
        expect(mode(stateDir)).toBe(0o700);
        for (const file of readdirSync(stateDir)) expect(mode(path.join(stateDir, file)), file).toBe(0o600);
      }
      expect(readFileSync(starts[0]!.privateKeyFile, 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
    },
  );
});
