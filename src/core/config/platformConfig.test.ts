import { describe, expect, it } from 'vitest';
import { platformConfigSchema } from './platformConfig';
import { isLoopbackHost } from './platformUrl';

const base = { baseUrl: 'https://api.example.com', platformUrl: 'https://platform.example.com', merchantId: 'M-1' };
const issue = (input: Record<string, unknown>) => {
  const r = platformConfigSchema.safeParse({ ...base, ...input });
  return r.success ? undefined : `${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`;
};

describe('URL settings', () => {
  it.each(['baseUrl', 'platformUrl'])('%s refuses user info, even empty', (field) => {
    for (const url of [
      'https://u:p@api.example.com',
      'https://u@api.example.com',
      'http://u:p@127.0.0.1:4010',
      'https://@api.example.com',
    ]) {
      expect(issue({ [field]: url })).toMatch(new RegExp(`^${field}: must not contain a user name or password`));
    }
  });

  it.each(['baseUrl', 'platformUrl'])('%s needs https unless the host is loopback, and says why', (field) => {
    expect(issue({ [field]: 'http://api.example.com' })).toMatch(
      new RegExp(`^${field}: must use https: .*loopback.*unencrypted.*https://api.example.com`),
    );
    expect(issue({ [field]: 'http://192.168.1.20:4010' })).toMatch(/must use https/);
    for (const ok of [
      'http://127.0.0.1:4010',
      'http://localhost:4010/platform',
      'http://[::1]:4010',
      'https://api.example.com/gw/',
    ])
      expect(issue({ [field]: ok })).toBeUndefined();
  });

  it('loopback means 127.0.0.0/8, localhost and ::1 only', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['127.0.0.1.example.com', 'localhost.example.com', '10.0.0.1', '[::2]'].some(isLoopbackHost)).toBe(false);
  });
});

describe('path segments of settings', () => {
  it('a merchant ID "." or ".." is refused: it would climb out of /pay-fac/{merchant}', () => {
    expect(issue({ merchantId: '..' })).toMatch(/^merchantId: merchant ID must not be "\." or "\.\."/);
    expect(issue({ merchantId: ' . ' })).toMatch(/^merchantId:/);
    expect(issue({ merchantId: 'M..1' })).toBeUndefined();
  });

  it('an API version or prefix segment "." or ".." is refused', () => {
    expect(issue({ apiVersion: '..' })).toMatch(/^apiVersion:/);
    expect(issue({ apiPrefix: '/merchant-api/..' })).toMatch(/^apiPrefix:/);
    expect(issue({ apiPrefix: '/./x' })).toMatch(/^apiPrefix:/);
    expect(issue({ apiPrefix: '/v1.2' })).toBeUndefined();
  });
});

describe('maxResponseMB', () => {
  it('defaults to 32 and accepts 1 to 1024', () => {
    expect(platformConfigSchema.parse(base).maxResponseMB).toBe(32);
    expect(issue({ maxResponseMB: 0 })).toMatch(/^maxResponseMB:/);
    expect(issue({ maxResponseMB: 1024 })).toBeUndefined();
  });
});
