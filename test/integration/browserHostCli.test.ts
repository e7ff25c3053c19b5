import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/bundleChild';
import { runCliCapture } from '../helpers/runCliCapture';

const built = existsSync(path.join(repoRoot, 'out/renderer/index.html'));

describe('merchant-desk ui: settings and start-up errors', () => {
  const env = () => ({ HOME: tmpdir(), MERCHANT_DESK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'md-ui-cli-')) });

  it('refuses a bad --port before serving', async () => {
    const r = await runCliCapture(['ui', '--no-open', '--port', '70000'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--port must be 0 to 65,535/);
    expect(r.stdout).toBe('');
  });

  it('resolves settings as every command does: a named profile must exist', async () => {
    const r = await runCliCapture(['--profile', 'nope', 'ui', '--no-open'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/There is no profile "nope"/);
    expect(r.stdout).toBe('');
  });

  it.runIf(built)('says the port is taken (exit 2) instead of crashing', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const r = await runCliCapture(['ui', '--no-open', '--port', String(port)], env());
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is taken: pass another --port`));
      expect(r.stdout).toBe('');
    } finally {
      busy.close();
    }
  });

  it.runIf(built)('prints the one line, the settings it uses, and stops when aborted', async () => {
    const controller = new AbortController();
    const e = env();
    const running = runCliCapture(['ui', '--no-open'], e, controller.signal);
    controller.abort();
    const r = await running;
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Merchant Desk UI: http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
    expect(r.stderr).toContain(
      `No profile yet (merchant-desk profiles add ID … --use), data directory ${e.MERCHANT_DESK_DATA_DIR}.`,
    );
  });
});

describe('lint keeps Electron out of the browser host', () => {
  it('src/browserHost may not import electron; it may use Node', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'src/browserHost/probe.ts') });
      return (result?.messages ?? []).map((m) => m.ruleId);
    };
    expect(await lint("import { app } from 'electron'; export const a = app;")).toContain('no-restricted-imports');
    expect(await lint("export const e = await import('electron');")).toContain('no-restricted-syntax');
    expect(await lint("import { createServer } from 'node:http'; export const s = createServer;")).toEqual([]);
  });
});
