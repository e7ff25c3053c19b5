import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectProfileSignature } from '../../src/core/app/connection';
import { platformConfigSchema } from '../../src/core/config/platformConfig';
import { ok } from '../../src/core/result';
import type { SandboxHandle } from '../../src/sandbox/server';
import { ipcContract } from '../../src/shared/ipc/contract';
import { readResponse, startTestSandbox, testKeyPair } from '../helpers/sandboxTestKit';

// Issue 22 item 1: the signature inspector's output, posted unchanged to the platform, must not sign anyone in —
// the page that asks for it (any page of `merchant-desk ui` or the app) would hold a live login code otherwise.

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startTestSandbox({ orders: 0 });
});
afterAll(() => sandbox.stop());

const inspect = async () => {
  const config = platformConfigSchema.parse({
    baseUrl: sandbox.baseUrl,
    platformUrl: sandbox.platformUrl,
    merchantId: sandbox.merchantId,
  });
  const r = await inspectProfileSignature({
    config,
    credentials: { signingKey: () => Promise.resolve(ok(testKeyPair().privateKey)) },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.inspection;
};

describe('the signature inspector cannot mint a login code', () => {
  it('its request, posted unchanged to the sandbox platform, is refused: no code is issued', async () => {
    const before = sandbox.authCodes.issued().length;
    const inspection = await inspect();
    expect(inspection.selfCheck).toBe(true);
    const replayed = await readResponse(
      await fetch(inspection.url, { method: 'POST', headers: inspection.headers, body: inspection.body }),
    );
    expect(replayed.json).toMatchObject({ code: '10003', data: null });
    expect(replayed.text).not.toContain('authorizationCode');
    expect(sandbox.authCodes.issued()).toHaveLength(before);
  });

  it('is a fixed example: a clearly past timestamp, a marked nonce, the example buyer, whatever the clock', async () => {
    const a = await inspect();
    const b = await inspect();
    expect(a.headers.timestamp).toBe('1000000000'); // 2001-09-09T01:46:40Z
    expect(a.headers.nonce).toBe('EXAMPLE-NONCE-NOT-SENDABLE');
    expect(JSON.parse(a.body)).toEqual({ merchantUserNo: 'example-buyer', email: 'buyer@example.com' });
    expect(b).toEqual(a);
  });

  it('the page cannot choose the buyer it is signed for', () => {
    const request = ipcContract['credentials:inspectSignature'].request;
    expect(request.safeParse({ profileId: 'shop', buyer: { merchantUserNo: 'victim-42' } }).success).toBe(false);
    expect(request.safeParse({ profileId: 'shop' }).success).toBe(true);
  });
});
