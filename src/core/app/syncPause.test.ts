import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformConfigSchema } from '../config/platformConfig';
import { fixedCredentials } from '../credentials/credentials';
import { createAxiosTransport } from '../http/axiosTransport';
import { createSession } from './session';
import { SyncController } from './sync';

/**
 * A pause (or the caller's cancel) stops a running sync at once, also while its request hangs: the request in flight
 * is abandoned and nothing is retried — not the platform's time limit and every retry's wait later.
 */
const TIME_LIMIT_MS = 15_000;
let server: Server;
let baseUrl: string;
const received: IncomingMessage[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  // A platform that takes every request and never answers it.
  server = createServer((req) => received.push(req));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('pausing a sync whose request hangs', () => {
  it('ends the run at once and sends nothing more', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-sync-pause-'));
    dirs.push(dataDir);
    const config = platformConfigSchema.parse({
      baseUrl,
      platformUrl: 'https://platform.example.com',
      merchantId: 'm-1',
      timeoutMs: TIME_LIMIT_MS,
    });
    const session = createSession({
      config,
      credentials: fixedCredentials({
        token: 'test-token',
        key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      }),
      profileId: 'shop',
      dataDir,
      cacheOwner: { baseUrl, merchantId: 'm-1' },
      transport: () => createAxiosTransport(),
    });
    try {
      const sync = new SyncController(session);
      const running = sync.syncNow();
      await expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThan(0);
      const sent = received.length;
      const pausedAt = performance.now();
      expect(sync.setPaused(true)).toBe('paused');
      const r = await running;
      const tookMs = performance.now() - pausedAt;
      expect(r.ok).toBe(false);
      // Well inside the time limit the hanging request would otherwise have waited out (and then its retries).
      expect(tookMs).toBeLessThan(TIME_LIMIT_MS / 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.length).toBe(sent);
      expect(sync.state).toBe('paused');
    } finally {
      session.close();
    }
  }, 60_000);
});
