import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { dripForever, startHostileServer, writeForever, type HostileServer } from '../../../test/helpers/hostileServer';
import { createAxiosTransport } from './axiosTransport';
import type { HttpRequest } from './transport';

const MiB = 1024 * 1024;
let server: HostileServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function request(origin: string, overrides: Partial<HttpRequest> = {}): HttpRequest {
  return {
    method: 'POST',
    url: `${origin}/seller/order`,
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
    timeoutMs: 5_000,
    maxResponseBytes: MiB,
    ...overrides,
  };
}

describe('axios transport: response size cap (decompressed)', () => {
  it('stops reading a body that never ends at the cap, and closes the connection', async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      writeForever(res, Buffer.alloc(64 * 1024, 0x20));
    });
    const r = await createAxiosTransport().send(request(server.origin));
    expect(r).toMatchObject({ ok: false, error: { kind: 'too-large' } });
    await server.clientClosed(); // the server stops only when the client hangs up
  });

  it('counts a gzip body after unpacking: a small bomb is refused, not unpacked', async () => {
    // 16 MiB of spaces: about 16 KiB on the wire.
    const bomb = gzipSync(Buffer.alloc(16 * MiB, 0x20));
    expect(bomb.length).toBeLessThan(MiB);
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(bomb);
    });
    const r = await createAxiosTransport().send(request(server.origin));
    expect(r).toMatchObject({ ok: false, error: { kind: 'too-large' } });
  });

  it('a declared Content-Length over the cap is refused too', async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': String(2 * MiB) });
      res.end(Buffer.alloc(2 * MiB, 0x20));
    });
    const r = await createAxiosTransport().send(request(server.origin));
    expect(r).toMatchObject({ ok: false, error: { kind: 'too-large' } });
  });

  it('a gzip answer under the cap arrives whole, as text', async () => {
    const text = `\uFEFF${JSON.stringify({ code: '0000', msg: 'ok', data: 'é'.repeat(1000) })}`;
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(Buffer.from(text, 'utf8')));
    });
    const r = await createAxiosTransport().send(request(server.origin));
    expect(r).toMatchObject({ ok: true, value: { status: 200, body: text.slice(1) } });
  });

  it('exactly the cap is accepted', async () => {
    server = await startHostileServer((_req, res) => res.end(Buffer.alloc(MiB, 0x20)));
    const r = await createAxiosTransport().send(request(server.origin));
    expect(r.ok && r.value.body.length).toBe(MiB);
  });
});

describe('axios transport: one deadline per attempt', () => {
  it('a body dripping one byte at a time ends at the time limit', async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"code":"0000","data":');
      dripForever(res, 50);
    });
    // Before: only socket idleness was timed, so this attempt never ended (the test timed out).
    const r = await createAxiosTransport().send(request(server.origin, { timeoutMs: 600 }));
    expect(r).toMatchObject({ ok: false, error: { kind: 'timeout', message: expect.stringContaining('600 ms') } });
    await server.clientClosed();
  });

  it('headers that never come end at the time limit', async () => {
    server = await startHostileServer(() => {});
    const r = await createAxiosTransport().send(request(server.origin, { timeoutMs: 300 }));
    expect(r).toMatchObject({ ok: false, error: { kind: 'timeout' } });
  });

  it("the caller's cancel during the body is 'aborted', not a timeout", async () => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(200);
      dripForever(res, 50);
    });
    const controller = new AbortController();
    const sent = createAxiosTransport().send(request(server.origin, { timeoutMs: 10_000, signal: controller.signal }));
    setTimeout(() => controller.abort(), 200);
    expect(await sent).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  });

  it('a refused connection is still "refused" (surely not sent)', async () => {
    server = await startHostileServer(() => {});
    const origin = server.origin;
    await server.stop();
    server = undefined;
    const r = await createAxiosTransport().send(request(origin));
    expect(r).toMatchObject({ ok: false, error: { kind: 'refused' } });
  });
});
