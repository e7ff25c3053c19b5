/**
 * A merchant's office network (issue 23): the platform behind a CONNECT proxy and a TLS certificate from a private
 * CA (a company proxy's or an HTTPS-inspecting antivirus's root, installed in the system store). The real transport
 * in process, then the real CLI as a child process whose system store (SSL_CERT_FILE, read by Node's
 * `tls.getCACertificates('system')` on Linux) holds the private CA and whose HTTPS_PROXY names the proxy. Before
 * issue 23 the transport connected directly (`proxy: false`) with Node's bundled roots: every case here failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import { DIRECT_BUNDLED, officeNetworkFrom, proxyEnvFrom } from '../../src/core/http/officeNetwork';
import type { HttpRequest } from '../../src/core/http/transport';
import { bundleChild, repoRoot } from '../helpers/bundleChild';
import {
  makePrivateCa,
  PLATFORM_HOST,
  startConnectProxy,
  startTlsFront,
  type ConnectProxy,
  type Listening,
  type PrivateCa,
} from '../helpers/officeNetworkFixture';
import { describeWith, itWith } from '../helpers/requires';
import { cliEnvFor, startTestPlatform, testKeys, type TestPlatform } from '../helpers/sandboxFixture';
import { opensslAvailable } from '../helpers/openssl';

describeWith(opensslAvailable, 'needs the openssl command line (it makes the private CA)')('an office network', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-office-'));
  let ca: PrivateCa;
  let p: TestPlatform;
  let front: Listening;
  let proxy: ConnectProxy;

  beforeAll(async () => {
    ca = makePrivateCa(dir);
    p = await startTestPlatform({ orders: 20, seed: 3 });
    front = await startTlsFront(ca, Number(new URL(p.sandbox.baseUrl).port));
    proxy = await startConnectProxy({ [PLATFORM_HOST]: front.port });
  }, 30_000);
  afterAll(async () => {
    await proxy?.stop();
    await front?.stop();
    await p?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    proxy.tunnels.length = 0;
    proxy.plain.length = 0;
    proxy.authorizations.length = 0;
  });

  /** One page of one order: the platform's answer proves the connection (proxy, TLS) carried a real request. */
  const probe = (origin: string): HttpRequest => ({
    method: 'POST',
    url: `${origin}/merchant-api/seller/order`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${p.sandbox.token}` },
    body: '{"pageIndex":1,"pageSize":1}',
    timeoutMs: 5_000,
    maxResponseBytes: 1024 * 1024,
  });
  const privateCaContext = () => tls.createSecureContext({ ca: [...tls.rootCertificates, ca.caPem] });

  describe('the transport in an office network', () => {
    it('reaches an https platform through the CONNECT proxy, trusting the private CA', async () => {
      const transport = createAxiosTransport({
        network: { proxyEnv: proxyEnvFrom({ HTTPS_PROXY: proxy.url }), secureContext: privateCaContext() },
      });
      const r = await transport.send(probe(`https://${PLATFORM_HOST}`));
      expect(r.ok ? r.value.status : r.error).toBe(200);
      expect(proxy.tunnels).toEqual([`${PLATFORM_HOST}:443`]);
    });

    it('before issue 23 (direct, bundled roots) the same request never left the machine', async () => {
      const r = await createAxiosTransport({ network: DIRECT_BUNDLED }).send(probe(`https://${PLATFORM_HOST}`));
      expect(r).toMatchObject({ ok: false, error: { kind: 'refused' } });
      expect(proxy.tunnels).toEqual([]);
    });

    it('refuses the platform’s certificate when the private CA is not trusted (the check is real)', async () => {
      const transport = createAxiosTransport({
        network: { proxyEnv: proxyEnvFrom({ HTTPS_PROXY: proxy.url }), secureContext: undefined },
      });
      const r = await transport.send(probe(`https://${PLATFORM_HOST}`));
      expect(r.ok).toBe(false);
      expect(r.ok ? '' : r.error.message).toMatch(/certificate/i);
      expect(proxy.tunnels).toEqual([`${PLATFORM_HOST}:443`]);
    });

    it('goes direct to a host in NO_PROXY, and to loopback always (the sandbox)', async () => {
      const network = { proxyEnv: proxyEnvFrom({ HTTPS_PROXY: proxy.url }), secureContext: privateCaContext() };
      const r = await createAxiosTransport({ network }).send(probe(`https://localhost:${front.port}`));
      expect(r.ok ? r.value.status : r.error).toBe(200);
      const sandbox = await createAxiosTransport({ network }).send(probe(new URL(p.sandbox.baseUrl).origin));
      expect(sandbox.ok ? sandbox.value.status : sandbox.error).toBe(200);
      expect(proxy.tunnels).toEqual([]);
      expect(proxy.plain).toEqual([]);
    });

    it('sends a proxy URL’s credentials to the proxy (Proxy-Authorization), never to the platform', async () => {
      const url = new URL(proxy.url);
      url.username = 'office';
      url.password = 'pr0xy pass';
      const transport = createAxiosTransport({
        network: { proxyEnv: proxyEnvFrom({ HTTPS_PROXY: url.href }), secureContext: privateCaContext() },
      });
      const r = await transport.send(probe(`https://${PLATFORM_HOST}`));
      expect(r.ok ? r.value.status : r.error).toBe(200);
      expect(proxy.authorizations).toEqual([`Basic ${Buffer.from('office:pr0xy pass').toString('base64')}`]);
    });

    it('by default reads the proxy from the environment and trusts the system store', () => {
      const network = officeNetworkFrom({ HTTPS_PROXY: proxy.url });
      expect(network.proxyEnv?.HTTPS_PROXY).toBe(proxy.url);
      expect(network.secureContext).toBeInstanceOf(Object);
    });
  });

  describe('merchant-desk CLI in an office network (a child process)', () => {
    let cli: string;
    let keyFile: string;
    beforeAll(async () => {
      // Inside the repository, so the bundle's imports resolve from node_modules.
      cli = await bundleChild('src/cli/main.ts', path.join(repoRoot, 'node_modules/.tmp/office-network-cli'));
      keyFile = path.join(dir, 'key.pem');
      writeFileSync(keyFile, testKeys().privateKeyPem, { mode: 0o600 });
    }, 120_000);

    function run(extra: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
      const prefix = p.sandbox.platformPathPrefix;
      const env: Record<string, string | undefined> = {
        PATH: process.env.PATH,
        HOME: dir,
        MERCHANT_DESK_DATA_DIR: path.join(dir, 'data'),
        ...cliEnvFor(p, keyFile, 5_000),
        MERCHANT_DESK_BASE_URL: `https://${PLATFORM_HOST}`,
        MERCHANT_DESK_PLATFORM_URL: `https://${PLATFORM_HOST}${prefix}`,
        ...extra,
      };
      return new Promise((resolve) => {
        const child = spawn(process.execPath, [cli, '--json', 'orders', 'list', '--page-size', '5'], { env });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('close', (code) => resolve({ code, out, err }));
      });
    }

    itWith(process.platform === 'linux', 'SSL_CERT_FILE is how Linux names the system store')(
      'lists orders through HTTPS_PROXY, trusting the private CA from the system store',
      async () => {
        const r = await run({ HTTPS_PROXY: proxy.url, SSL_CERT_FILE: ca.caFile });
        expect([r.code, r.err]).toEqual([0, '']);
        expect((JSON.parse(r.out) as { list: unknown[] }).list).toHaveLength(5);
        expect(proxy.tunnels).toEqual([`${PLATFORM_HOST}:443`]);
      },
      60_000,
    );

    it('honours NODE_EXTRA_CA_CERTS and lower-case https_proxy as well', async () => {
      const r = await run({ https_proxy: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile });
      expect([r.code, r.err]).toEqual([0, '']);
      expect(proxy.tunnels).toEqual([`${PLATFORM_HOST}:443`]);
    }, 60_000);

    it('without the private CA, fails naming the certificate (nothing trusted by accident)', async () => {
      const r = await run({ HTTPS_PROXY: proxy.url });
      expect(r.code).not.toBe(0);
      expect(r.out + r.err).toMatch(/certificate/i);
    }, 60_000);
  });
});
