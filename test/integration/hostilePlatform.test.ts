import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { dripForever, startHostileServer, type HostileServer } from '../helpers/hostileServer';
import { runCliCapture } from '../helpers/runCliCapture';

// The CLI against a platform that misbehaves on purpose, with the default limits (32 MB, the time limit).
let server: HostileServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const env = (origin: string, extra: Record<string, string> = {}) => ({
  HOME: path.join(tmpdir(), 'md-no-home'),
  MERCHANT_DESK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'md-hostile-')),
  MERCHANT_DESK_BASE_URL: origin,
  MERCHANT_DESK_MERCHANT_ID: 'M-1',
  MERCHANT_DESK_TOKEN: 'token-1',
  ...extra,
});

describe('merchant-desk against a hostile platform', () => {
  it('a 40 KB gzip that unpacks past 32 MB: a protocol error after one request, not a network error', async () => {
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(bomb);
    });
    const r = await runCliCapture(['orders', 'list'], env(server.origin));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/larger than 32 MB once decompressed/);
    expect(r.stderr).not.toMatch(/Network error|may have reached/);
    expect(server.requests).toBe(1);
  });

  it('a body sent a byte at a time ends at the time limit: a timeout (exit 4), each attempt bounded', async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      dripForever(res, 50);
    });
    const r = await runCliCapture(['orders', 'list'], env(server.origin, { MERCHANT_DESK_TIMEOUT_MS: '300' }));
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/No answer within 300 ms/);
    expect(server.requests).toBe(5); // every attempt ended; the retries ran out
  });
});
