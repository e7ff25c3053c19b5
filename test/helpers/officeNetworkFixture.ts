/**
 * A merchant's office on loopback: a private certificate authority (what a company proxy or an HTTPS-inspecting
 * antivirus installs in the system store), an https "platform" with a certificate it issued, and a CONNECT proxy
 * that knows where `platform.test` is (the client never resolves a proxied host itself).
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { readFileSync, writeFileSync } from 'node:fs';

export const PLATFORM_HOST = 'platform.test';

export interface PrivateCa {
  caFile: string;
  caPem: string;
  keyPem: string;
  certPem: string;
}

/** A CA and a server certificate for platform.test, localhost and 127.0.0.1, made by the openssl command line. */
export function makePrivateCa(dir: string): PrivateCa {
  const f = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'].concat([
      '-keyout',
      f('ca.key'),
      '-out',
      f('ca.pem'),
      '-subj',
      '/CN=Merchant Office Inspection CA',
    ]),
  );
  openssl(
    ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'].concat([
      '-keyout',
      f('server.key'),
      '-out',
      f('server.csr'),
      '-subj',
      `/CN=${PLATFORM_HOST}`,
    ]),
  );
  writeFileSync(f('san.ext'), `subjectAltName=DNS:${PLATFORM_HOST},DNS:localhost,IP:127.0.0.1\n`);
  openssl(
    ['x509', '-req', '-in', f('server.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial'].concat([
      '-days',
      '2',
      '-out',
      f('server.pem'),
      '-extfile',
      f('san.ext'),
    ]),
  );
  return {
    caFile: f('ca.pem'),
    caPem: readFileSync(f('ca.pem'), 'utf8'),
    keyPem: readFileSync(f('server.key'), 'utf8'),
    certPem: readFileSync(f('server.pem'), 'utf8'),
  };
}

export interface Listening {
  port: number;
  stop(): Promise<void>;
}

const listen = async (server: net.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const closer = (server: net.Server, sockets: Set<net.Socket>) => () =>
  new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });

/** TLS in front of a plain HTTP server (the sandbox): the https platform, with the private CA's certificate. */
export async function startTlsFront(ca: PrivateCa, targetPort: number): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  const server = tls.createServer({ key: ca.keyPem, cert: ca.certPem }, (clear) => {
    sockets.add(clear);
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    clear.pipe(upstream).pipe(clear);
    const end = () => (clear.destroy(), upstream.destroy());
    clear.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  server.on('connection', (s: net.Socket) => sockets.add(s));
  return { port: await listen(server), stop: closer(server, sockets) };
}

export interface ConnectProxy extends Listening {
  url: string;
  /** Every CONNECT target (host:port) and every plain proxied request line, as received. */
  tunnels: string[];
  plain: string[];
  /** Proxy-Authorization headers received (a proxy URL with credentials). */
  authorizations: (string | undefined)[];
}

/** A CONNECT proxy: `platform.test:*` goes to `routes[host]`, anything else is refused (502). */
export async function startConnectProxy(routes: Record<string, number>): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const plain: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const sockets = new Set<net.Socket>();
  const server = createServer((req, res) => {
    plain.push(`${req.method} ${req.url}`);
    authorizations.push(req.headers['proxy-authorization']);
    res.writeHead(502).end('this proxy only tunnels');
  });
  server.on('connection', (s: net.Socket) => sockets.add(s));
  server.on('connect', (req: IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    authorizations.push(req.headers['proxy-authorization']);
    const host = (req.url ?? '').replace(/:\d+$/, '');
    const port = routes[host];
    if (port === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    const end = () => (client.destroy(), upstream.destroy());
    upstream.on('error', end);
    client.on('error', end);
  });
  const port = await listen(server);
  return { port, url: `http://127.0.0.1:${port}`, tunnels, plain, authorizations, stop: closer(server, sockets) };
}
