import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now. A new sandbox profile gets a fixed port chosen here (not port 0 at the
 * sandbox's start), so a restarted core host listens again where the profile points.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port was assigned'))));
    });
  });
}
