import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportDownloads } from '../../src/browserHost/exportDownloads';
import { startBrowserHost } from '../../src/browserHost/server';
import { runCli } from '../../src/cli/program';
import { err } from '../../src/core/result';
import { createIpcGate } from '../../src/shared/ipc/gate';
import { withUnavailable } from '../helpers/stubImplementations';
import { repoRoot } from '../helpers/bundleChild';
import { runCliCapture } from '../helpers/runCliCapture';
import { cliEnvFor, startTestPlatform, testKeys, type TestPlatform } from '../helpers/sandboxFixture';

// `merchant-desk ui` (in process, environment mode, a sandbox on loopback) answers `orders:export` with a one-time
// download address on itself; a real HTTP client fetches it as a page would. Its content must be what
// `cache export` writes for the same filters, and it is served once, only with the session cookie.

const built = existsSync(path.join(repoRoot, 'out/renderer/index.html'));

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function http(port: number, method: 'GET' | 'POST', urlPath: string, headers: Record<string, string>, body?: string) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: urlPath, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('aborted')));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.runIf(built)('merchant-desk ui: exporting the view as a one-time download', () => {
  let p: TestPlatform;
  let env: Record<string, string>;
  const stop = new AbortController();
  let running: Promise<number>;
  let port: number;
  let origin: string;
  let cookie: string;

  const invoke = async (channel: string, args: unknown[]) => {
    const r = await http(
      port,
      'POST',
      '/_md/invoke',
      { 'content-type': 'application/json', origin, cookie },
      JSON.stringify({ channel, args }),
    );
    expect(r.status).toBe(200);
    return JSON.parse(r.body) as { ok: boolean; data?: Record<string, unknown>; error?: unknown };
  };

  beforeAll(async () => {
    p = await startTestPlatform({ orders: 150, seed: 11 });
    const home = mkdtempSync(path.join(tmpdir(), 'md-ui-export-'));
    const keyFile = path.join(home, 'key.pem');
    writeFileSync(keyFile, testKeys().privateKeyPem, { mode: 0o600 });
    env = { HOME: home, MERCHANT_DESK_DATA_DIR: path.join(home, 'data'), ...cliEnvFor(p, keyFile, 10_000) };
    const address = new Promise<string>((resolve) => {
      running = runCli(['ui', '--no-open'], {
        stdout: (line) => {
          const m = /^Merchant Desk UI: (\S+)$/.exec(line);
          if (m) resolve(m[1]!);
        },
        stderr: () => {},
        env,
        signal: stop.signal,
      });
    });
    const url = new URL(await address);
    port = Number(url.port);
    origin = `http://127.0.0.1:${port}`;
    const exchanged = await http(
      port,
      'POST',
      '/_md/session',
      { 'content-type': 'application/json', origin },
      JSON.stringify({ token: url.hash.replace('#token=', '') }),
    );
    expect(exchanged.status).toBe(204);
    cookie = exchanged.headers['set-cookie']![0]!.split(';')[0]!;
    expect((await invoke('sync:now', [{}])).ok).toBe(true);
  });
  afterAll(async () => {
    stop.abort();
    await running;
    await p?.stop();
  });

  it('serves the export once, with the cookie only, as `cache export` writes it', async () => {
    const answer = await invoke('orders:export', [{ format: 'csv', sellerOrderStatus: [4], sort: 'paid' }]);
    expect(answer).toMatchObject({ ok: true, data: { download: expect.stringMatching(/^\/_md\/export\/[\w-]{43}$/) } });
    const where = answer.data!.download as string;

    expect((await http(port, 'GET', where, {})).status).toBe(401); // no cookie
    expect((await http(port, 'GET', where, { cookie, host: `evil.example:${port}` })).status).toBe(403); // rebinding

    const fetched = await http(port, 'GET', where, { cookie });
    expect(fetched.status).toBe(200);
    expect(fetched.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(fetched.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-[\w-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(fetched.headers['cache-control']).toBe('no-store');

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-ui-export-cli-')), 'cli.csv');
    const cli = await runCliCapture(
      ['cache', 'export', '--format', 'csv', '--status', '4', '--sort', 'paid', '--output', file],
      env,
    );
    expect(cli.code, cli.stderr).toBe(0);
    const expected = readFileSync(file, 'utf8');
    expect(expected.split('\n').length).toBeGreaterThan(2);
    expect(fetched.body).toBe(expected);

    const again = await http(port, 'GET', where, { cookie });
    expect(again.status).toBe(410);
    expect(again.body).toMatch(/fetched already or has expired/);
  });

  it('an address never offered is refused, and bad filters offer nothing', async () => {
    expect((await http(port, 'GET', '/_md/export/not-an-offer', { cookie })).status).toBe(410);
    expect(await invoke('orders:export', [{ format: 'csv', search: Array(33).fill('w').join(' ') }])).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
  });
});

describe('the browser host: an export that fails midway', () => {
  it('aborts the response instead of ending it, so the browser does not keep a short file as complete', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'md-ui-export-fail-')), 'renderer');
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'" /></head><body></body></html>`,
    );
    const downloads = createExportDownloads();
    const started = await startBrowserHost({
      rendererDir: dir,
      gate: createIpcGate({ implementations: withUnavailable({}), report: () => {} }),
      downloads,
    });
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    const host = started.value;
    try {
      const url = new URL(host.url);
      const origin = `http://127.0.0.1:${host.port}`;
      const exchanged = await http(
        host.port,
        'POST',
        '/_md/session',
        { 'content-type': 'application/json', origin },
        JSON.stringify({ token: url.hash.replace('#token=', '') }),
      );
      const cookie = exchanged.headers['set-cookie']![0]!.split(';')[0]!;
      const where = downloads.offer({
        fileName: 'orders.csv',
        contentType: 'text/csv; charset=utf-8',
        write: async (out) => {
          out.write('id,first page\n');
          return err({ kind: 'cache', message: 'The cache is busy.' });
        },
      });
      await expect(http(host.port, 'GET', where, { cookie })).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
    } finally {
      await host.close();
    }
  });
});
