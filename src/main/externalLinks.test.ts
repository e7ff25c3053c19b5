import { describe, expect, it } from 'vitest';
import { checkExternalUrl, guardedOpenExternal, type ExternalLinkProfile } from './externalLinks';

const merchant: ExternalLinkProfile = { kind: 'merchant', platformUrl: 'https://platform.example.com/base' };
const sandbox: ExternalLinkProfile = { kind: 'sandbox', platformUrl: 'http://127.0.0.1:40123/platform' };
const loopbackMerchant: ExternalLinkProfile = { kind: 'merchant', platformUrl: 'http://127.0.0.1:9000/platform' };

describe('checkExternalUrl: the openExternal allow-list', () => {
  it.each([
    ['https://platform.example.com/items/1?authorizationCode=x', merchant],
    ['https://platform.example.com/', merchant],
    ['https://PLATFORM.example.com:443/other/path', merchant],
    ['http://127.0.0.1:40123/platform/items/9', sandbox],
  ])('opens %s', (url, profile) => {
    expect(checkExternalUrl(url, profile).ok).toBe(true);
  });

  it.each([
    ['http://platform.example.com/items/1', merchant, 'not-https'],
    ['https://platform.example.com.evil.example/', merchant, 'other-origin'],
    ['https://platform.example.com:8443/', merchant, 'other-origin'],
    ['https://other.example.com/', merchant, 'other-origin'],
    ['https://user:pw@platform.example.com/', merchant, 'credentials'],
    ['javascript:alert(1)', merchant, 'not-https'],
    ['file:///etc/passwd', merchant, 'not-https'],
    ['merchantdesk://order/1', merchant, 'not-https'],
    ['not a url', merchant, 'not-a-url'],
    ['https://platform.example.com/', null, 'no-profile'],
    // Plain http on loopback is the sandbox's privilege only, and only on its own origin.
    ['http://127.0.0.1:9000/platform', loopbackMerchant, 'not-https'],
    ['http://127.0.0.1:40124/platform', sandbox, 'other-origin'],
    ['http://192.168.1.2:40123/platform', sandbox, 'not-https'],
  ] as const)('refuses %s (%s)', (url, profile, reason) => {
    const r = checkExternalUrl(url, profile);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.reason).toBe(reason);
  });

  it('a refusal names origins, never the address (a login link holds a live authorization code)', () => {
    const r = checkExternalUrl('https://evil.example/items/1?authorizationCode=SECRET', merchant);
    expect(!r.ok && r.error.message).not.toContain('SECRET');
  });
});

describe('guardedOpenExternal', () => {
  it('opens only what the allow-list accepts, for the profile active at the time of the call', async () => {
    const opened: string[] = [];
    let active: ExternalLinkProfile | null = merchant;
    const open = guardedOpenExternal({ open: async (url) => void opened.push(url), activeProfile: () => active });
    expect(await open('https://platform.example.com/a')).toEqual({ ok: true, value: undefined });
    expect(await open('https://evil.example/a')).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    active = sandbox;
    expect(await open('https://platform.example.com/b')).toMatchObject({ ok: false });
    expect(await open('http://127.0.0.1:40123/platform/x')).toMatchObject({ ok: true });
    expect(opened).toEqual(['https://platform.example.com/a', 'http://127.0.0.1:40123/platform/x']);
  });

  it('a browser that fails to open is a typed error without the address', async () => {
    const open = guardedOpenExternal({
      open: async () => {
        throw new Error('no browser for https://platform.example.com/?authorizationCode=SECRET');
      },
      activeProfile: () => merchant,
    });
    const r = await open('https://platform.example.com/?authorizationCode=SECRET');
    expect(r).toMatchObject({ ok: false, error: { kind: 'unexpected' } });
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });
});
