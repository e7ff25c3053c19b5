/**
 * `npm run bench -- --only=network` (issue 23): the same full sync with today's client and the office-network one,
 * side by side. Today's: axios, direct, Node's bundled roots, the http sandbox. The new one: the same axios
 * transport with Node's proxy-aware agents and one TLS context holding the system's roots too — over http (no
 * change expected), over https (a TLS front with a private CA) and over https through a CONNECT proxy. The TLS front
 * and the proxy run in a process of their own, so the client's CPU is the bench process's alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fixedCredentials } from '../src/core/credentials/credentials';
import { SellerApi } from '../src/core/api/sellerApi';
import { openOrderCache } from '../src/core/cache/openCache';
import { platformConfigSchema } from '../src/core/config/platformConfig';
import { createAxiosTransport } from '../src/core/http/axiosTransport';
import { DIRECT_BUNDLED, proxyEnvFrom, trustedCertificates, type OfficeNetwork } from '../src/core/http/officeNetwork';
import { countingTransport } from '../src/core/sync/countingTransport';
import { SyncEngine } from '../src/core/sync/syncEngine';
import { makePrivateCa, PLATFORM_HOST, startConnectProxy, startTlsFront } from '../test/helpers/officeNetworkFixture';
import type { RemoteSandbox } from './sandboxProcess';

interface Office {
  caPem: string;
  frontPort: number;
  proxyUrl: string;
  stop(): Promise<void>;
}

/** The child's side: a private CA, the TLS front before the sandbox, the CONNECT proxy; prints them as JSON. */
export async function serveOfficeNetwork(input: { targetPort: number }): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-bench-office-'));
  const ca = makePrivateCa(dir);
  const front = await startTlsFront(ca, input.targetPort);
  const proxy = await startConnectProxy({ [PLATFORM_HOST]: front.port });
  process.stdout.write(`${JSON.stringify({ caPem: ca.caPem, frontPort: front.port, proxyUrl: proxy.url })}\n`);
  process.once('SIGTERM', () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

function startOffice(targetPort: number): Promise<Office> {
  const child: ChildProcess = spawn(process.execPath, [process.argv[1]!, 'office', JSON.stringify({ targetPort })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`office network process exited (${code})`)));
    let buffer = '';
    child.stdout!.on('data', (c: Buffer) => {
      buffer += c.toString('utf8');
      const nl = buffer.indexOf('\n');
      if (nl < 0) return;
      child.removeAllListeners('exit');
      const info = JSON.parse(buffer.slice(0, nl)) as Omit<Office, 'stop'>;
      resolve({
        ...info,
        stop: () => new Promise<void>((done) => (child.once('exit', () => done()), child.kill('SIGTERM'))),
      });
    });
  });
}

export interface NetworkRow {
  client: string;
  requests: number;
  orders: number;
  wallMs: number;
  cpuMs: number;
}

async function syncOnce(sb: RemoteSandbox, baseUrl: string, network: OfficeNetwork, parallelism: number, dir: string) {
  const transport = countingTransport(createAxiosTransport({ maxSockets: parallelism, network }));
  const seller = new SellerApi({
    config: platformConfigSchema.parse({
      baseUrl,
      platformUrl: sb.platformUrl,
      merchantId: sb.merchantId,
      timeoutMs: 60_000,
    }),
    transport,
    credentials: fixedCredentials({ token: sb.token }),
  });
  const opened = openOrderCache({
    file: path.join(dir, `net-${Math.random().toString(36).slice(2)}.sqlite`),
    identity: { baseUrl, merchantId: sb.merchantId },
  });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  try {
    const engine = new SyncEngine({
      cache,
      source: seller,
      settings: { parallelism },
      requestCount: () => transport.count,
    });
    const t = performance.now();
    const cpu = process.cpuUsage();
    const r = await engine.sync();
    const wallMs = performance.now() - t;
    const used = process.cpuUsage(cpu);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return { requests: transport.count, wallMs, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    cache.close();
  }
}

/** Each client syncs `sb` in full, `repeats` times in turn (today's first); the median run of each is reported. */
export async function networkBench(sb: RemoteSandbox, parallelism: number, repeats: number): Promise<NetworkRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-bench-net-'));
  const office = await startOffice(Number(new URL(sb.baseUrl).port));
  try {
    // The new client's context, as officeNetworkFrom builds it (system + bundled roots), plus the private CA that
    // stands for the company root the system store would hold.
    const withPrivateCa = tls.createSecureContext({ ca: [...trustedCertificates(), office.caPem] });
    const cases: { client: string; baseUrl: string; network: OfficeNetwork }[] = [
      { client: "today's (direct, bundled roots), http", baseUrl: sb.baseUrl, network: DIRECT_BUNDLED },
      {
        client: 'office network (proxy-aware, system roots), http',
        baseUrl: sb.baseUrl,
        network: { proxyEnv: undefined, secureContext: withPrivateCa },
      },
      {
        client: 'office network, https (private CA)',
        baseUrl: `https://localhost:${office.frontPort}`,
        network: { proxyEnv: undefined, secureContext: withPrivateCa },
      },
      {
        client: 'office network, https through a CONNECT proxy',
        baseUrl: `https://${PLATFORM_HOST}`,
        network: { proxyEnv: proxyEnvFrom({ HTTPS_PROXY: office.proxyUrl }), secureContext: withPrivateCa },
      },
    ];
    const runs = new Map<string, { requests: number; wallMs: number; cpuMs: number }[]>();
    for (let i = 0; i < repeats; i++)
      for (const c of cases) {
        const r = await syncOnce(sb, c.baseUrl, c.network, parallelism, dir);
        runs.set(c.client, [...(runs.get(c.client) ?? []), r]);
      }
    return cases.map((c) => {
      const list = [...runs.get(c.client)!].sort((a, b) => a.wallMs - b.wallMs);
      const median = list[Math.floor(list.length / 2)]!;
      return { client: c.client, orders: sb.orders, ...median };
    });
  } finally {
    await office.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function networkTable(rows: NetworkRow[]): string {
  const head = '| Client | Requests | Wall s | CPU ms | CPU µs / order |\n| --- | ---: | ---: | ---: | ---: |';
  const body = rows.map(
    (r) =>
      `| ${r.client} | ${r.requests} | ${(r.wallMs / 1000).toFixed(2)} | ${r.cpuMs.toFixed(0)} | ${((r.cpuMs * 1000) / r.orders).toFixed(1)} |`,
  );
  return [head, ...body].join('\n');
}
