import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HostileServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Resolves when the client has closed the connection of the latest request (the server never closes first). */
  clientClosed(): Promise<void>;
  /** Requests received so far. */
  readonly requests: number;
  stop(): Promise<void>;
}

/**
 * A loopback HTTP server whose `handler` misbehaves on purpose (endless bodies, gzip bombs, one byte per tick,
 * no answer). It stops writing when the client goes away, and `stop` tears down every connection.
 */
export async function startHostileServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  let latestClosed: Promise<void> = Promise.resolve();
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    latestClosed = new Promise((resolve) => res.once('close', () => resolve()));
    req.resume();
    req.once('end', () => handler(req, res));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    clientClosed: () => latestClosed,
    get requests() {
      return requests;
    },
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes `chunk` again and again, as fast as the client reads, until the client goes away. */
export function writeForever(res: ServerResponse, chunk: Buffer | string): void {
  let open = true;
  res.once('close', () => (open = false));
  const pump = () => {
    while (open && res.write(chunk));
    if (open) res.once('drain', pump);
  };
  pump();
}

/** Writes one byte every `everyMs` until the client goes away: a body that never ends but never idles. */
export function dripForever(res: ServerResponse, everyMs: number): void {
  const timer = setInterval(() => res.write(' '), everyMs);
  res.once('close', () => clearInterval(timer));
}
