import { mkdtempSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ orders: 300, seed: 4 });
}, 30_000);
afterAll(() => p.stop());

const secrets = createMemorySecretStore();
async function cli(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const errOut: string[] = [];
  const code = await runCli(argv, {
    stdout: (t) => out.push(t),
    stderr: (t) => errOut.push(t),
    env: { HOME: path.join(tmpdir(), 'md-no-home'), ...env },
    secretStore: secrets,
  });
  return { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
}

const online = (dataDir: string, baseUrl = p.sandbox.baseUrl, token = p.sandbox.token) => ({
  MERCHANT_DESK_DATA_DIR: dataDir,
  MERCHANT_DESK_BASE_URL: baseUrl,
  MERCHANT_DESK_MERCHANT_ID: p.sandbox.merchantId,
  MERCHANT_DESK_TOKEN: token,
});

/** A hostile platform on loopback: the sandbox's answers, every envelope dated 2999-01-01. */
async function platformDated2999(target: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = { ...req.headers };
      delete headers['accept-encoding'];
      const upstream = request(`${target}${req.url ?? '/'}`, { method: req.method, headers }, (up) => {
        const body: Buffer[] = [];
        up.on('data', (c: Buffer) => body.push(c));
        up.on('end', () => {
          const text = Buffer.concat(body)
            .toString('utf8')
            .replace(/"time":"[^"]*"/, '"time":"2999-01-01T00:00:00.000Z"');
          res.writeHead(up.statusCode ?? 502, {
            'content-type': up.headers['content-type'] ?? 'application/json',
            'content-length': String(Buffer.byteLength(text)),
          });
          res.end(text);
        });
      });
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('merchant-desk sync against a platform clock far off', () => {
  let hostile: { origin: string; server: Server };
  beforeAll(async () => {
    hostile = await platformDated2999(p.sandbox.baseUrl);
  });
  afterAll(() => {
    hostile.server.closeAllConnections();
    hostile.server.close();
  });

  it('warns once, keeps the watermark at the local clock, and later polls still see changes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-skew-'));
    const full = await cli(['sync'], online(dataDir, hostile.origin));
    expect(full.code, full.stderr).toBe(0);
    expect(full.stderr.match(/Warning: the platform's clock said 2999-01-01T00:00:00.000Z/g)).toHaveLength(1);
    expect(full.stderr).toMatch(/more than a day apart.*used this computer's clock/);

    const stats = await cli(['--json', 'cache', 'stats'], { MERCHANT_DESK_DATA_DIR: dataDir });
    const watermark = (JSON.parse(stats.stdout) as { sync: { watermark: string } }).sync.watermark;
    expect(Date.parse(watermark)).toBeLessThanOrEqual(Date.now() + 10 * 60_000);

    const [id] = p.sandbox.store.ids();
    p.sandbox.store.setOrderStatus(id!, 5);
    const poll = await cli(['--json', 'sync'], online(dataDir, hostile.origin));
    expect(poll.code, poll.stderr).toBe(0);
    expect(JSON.parse(poll.stdout)).toMatchObject({ updated: 1 });
  });
});

describe('a sync that fails before fetching anything', () => {
  it('leaves no unfinished sync behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-unfinished-'));
    expect((await cli(['sync'], online(dataDir))).code).toBe(0);
    const refused = await cli(['sync'], online(dataDir, p.sandbox.baseUrl, 'not-the-token'));
    expect(refused.code).not.toBe(0);
    const stats = await cli(['cache', 'stats'], { MERCHANT_DESK_DATA_DIR: dataDir });
    expect(stats.code, stats.stderr).toBe(0);
    expect(stats.stdout).not.toMatch(/Unfinished/);
  });
});
