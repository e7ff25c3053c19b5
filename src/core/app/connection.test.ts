import { describe, expect, it } from 'vitest';
import { appPorts, SHOP } from '../../../test/helpers/appPorts';
import { platformConfigSchema } from '../config/platformConfig';
import { generateRsaPrivateKey, publicKeyInfo } from '../keys/keyMaterial';
import { profileCredentials } from '../credentials/profileCredentials';
import { inspectProfileSignature, testProfileConnection } from './connection';

const config = platformConfigSchema.parse({
  baseUrl: SHOP.baseUrl,
  platformUrl: SHOP.platformUrl,
  merchantId: SHOP.merchantId,
});
const key = await generateRsaPrivateKey(2048);
const other = await generateRsaPrivateKey(2048);

describe('connection use cases', () => {
  it('the inspector shows string-to-sign, headers and body of a sample request and checks a given public key', async () => {
    const ports = appPorts();
    await ports.keys.save('shop-eu', key);
    const credentials = profileCredentials('shop-eu', ports.secrets, ports.keys);
    const r = await inspectProfileSignature({
      config,
      credentials,
      buyer: { email: 'ann@example.com' },
      publicKeyPem: publicKeyInfo(other).publicKeyPem,
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.inspection.selfCheck).toBe(true);
    expect(JSON.parse(r.value.inspection.body)).toMatchObject({
      email: 'ann@example.com',
      merchantUserNo: 'example-buyer',
    });
    expect(r.value.inspection.stringToSign).toContain(r.value.inspection.headers.nonce);
    expect(r.value.publicKeyCheck).toMatchObject({ valid: false });
  });

  it('without a key it is a credentials error; a bad sample buyer is refused before the key is read', async () => {
    const ports = appPorts();
    const credentials = profileCredentials('shop-eu', ports.secrets, ports.keys);
    expect(await inspectProfileSignature({ config, credentials })).toMatchObject({
      ok: false,
      error: { kind: 'credentials' },
    });
    expect(await inspectProfileSignature({ config, credentials, buyer: { email: 'nope' } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', issues: [{ path: 'email' }] },
    });
  });

  it('test connection reports a missing token as a failed check without sending anything', async () => {
    const ports = appPorts();
    let sent = 0;
    const r = await testProfileConnection(
      {
        ...ports,
        transport: () => ({
          send: () => {
            sent++;
            return Promise.reject(new Error('unreachable'));
          },
        }),
      },
      { profileId: 'shop-eu', config },
    );
    expect(r).toMatchObject({
      ok: true,
      value: { ok: false, checks: [{ id: 'token', status: 'failed' }, { id: 'signature' }] },
    });
    expect(sent).toBe(0);
  });
});
