import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './bundleChild';
import { cliEnvFor, testKeys, type TestPlatform } from './sandboxFixture';

/**
 * The built `merchant-desk ui --no-open` as a child process in the environment mode against a sandbox on loopback,
 * in a fresh HOME and data directory; resolves once it printed its address.
 */
export async function spawnBuiltUi(
  p: TestPlatform,
  options: {
    timeoutMs: number;
    prefix: string;
    env?: Record<string, string>;
    /** The HOME (and data directory) of an earlier run: `ui` started again on what it left. */
    home?: string;
  },
): Promise<{ ui: ChildProcessWithoutNullStreams; address: string; home: string }> {
  const home = options.home ?? mkdtempSync(path.join(tmpdir(), options.prefix));
  const keyFile = path.join(home, 'key.pem');
  writeFileSync(keyFile, testKeys().privateKeyPem, { mode: 0o600 });
  const ui = spawn(process.execPath, [path.join(repoRoot, 'bin/merchant-desk.js'), 'ui', '--no-open'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      MERCHANT_DESK_DATA_DIR: path.join(home, 'data'),
      ...cliEnvFor(p, keyFile, options.timeoutMs),
      ...options.env,
    },
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    ui.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /^Merchant Desk UI: (\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    ui.once('exit', (code) => reject(new Error(`ui exited ${code}`)));
  });
  return { ui, address, home };
}
