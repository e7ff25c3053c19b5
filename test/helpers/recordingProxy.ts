import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received (before any rewrite). */
  body: Buffer;
}

export interface RecordingProxy {
  origin: string;
  requests: ProxiedRequest[];
  stop: () => Promise<void>;
}

/**
 * A loopback HTTP proxy in front of a server (the sandbox): records every request as received and forwards it —
 * byte for byte, or with its body passed through `rewrite` (to send what a broken client would).
 */
export async function startRecordingProxy(
  target: string,
  rewrite: (body: Buffer) => Buffer = (b) => b,
): Promise<RecordingProxy> {
  const requests: ProxiedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: received });
      const body = rewrite(received);
      const upstream = request(
        `${target}${req.url ?? '/'}`,
        { method: req.method, headers: { ...req.headers, 'content-length': String(body.length) } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
