import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeUnexpected, redactSecrets } from './redact';

describe('redactSecrets', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

  it('cuts out tokens, codes, signatures, passphrases and private keys', () => {
    const text = [
      'headers: { Authorization: "Bearer tok-123.abc" }',
      'https://p.example.com/items/7?authorizationCode=code-xyz&x=1',
      '{"authorizationCode":"code-456","userId":"9"}',
      'signature: c2lnbmF0dXJl==',
      `key:\n${pem}`,
      'passphrase=hunter2',
    ].join('\n');
    const out = redactSecrets(text);
    for (const secret of ['tok-123.abc', 'code-xyz', 'code-456', 'c2lnbmF0dXJl==', 'hunter2', pem.split('\n')[2]!])
      expect(out).not.toContain(secret);
    expect(out).toContain('userId');
    expect(out).toContain('x=1');
  });

  it('leaves ordinary text alone', () => {
    expect(redactSecrets('order 123 not found (code 20001)')).toBe('order 123 not found (code 20001)');
  });

  it('an unexpected error is one redacted line: its message, no stack, no object dump', () => {
    const e = Object.assign(new Error('request failed: Bearer secret-token'), {
      config: { headers: { Authorization: 'Bearer secret-token' } },
    });
    const line = describeUnexpected(e);
    expect(line).toBe('Unexpected error: request failed: Bearer [redacted]');
    expect(describeUnexpected({ token: 'x' })).toBe('Unexpected error: unknown failure');
  });
});
