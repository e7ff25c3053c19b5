import { describe, expect, it } from 'vitest';
import { LOOPBACK_HOSTS, proxyEnvFrom, trustedCertificates } from './officeNetwork';

describe('proxyEnvFrom', () => {
  it('is undefined without a proxy (a direct connection)', () => {
    expect(proxyEnvFrom({})).toBeUndefined();
    expect(proxyEnvFrom({ NO_PROXY: 'example.com', HTTPS_PROXY: '  ' })).toBeUndefined();
  });

  it('takes HTTPS_PROXY / HTTP_PROXY in either case and never proxies loopback (the sandbox)', () => {
    expect(proxyEnvFrom({ https_proxy: 'http://proxy:3128', NO_PROXY: '.corp.example' })).toEqual({
      HTTPS_PROXY: 'http://proxy:3128',
      NO_PROXY: ['.corp.example', ...LOOPBACK_HOSTS].join(','),
    });
    expect(proxyEnvFrom({ HTTP_PROXY: 'http://p:8080', no_proxy: '*' })).toEqual({
      HTTP_PROXY: 'http://p:8080',
      NO_PROXY: ['*', ...LOOPBACK_HOSTS].join(','),
    });
  });
});

describe('trustedCertificates', () => {
  it('adds the system store to Node’s roots, once each', () => {
    const load = (type: string) => (type === 'system' ? ['SYS', 'BUNDLED-1'] : ['BUNDLED-1', 'BUNDLED-2']);
    expect(trustedCertificates(load)).toEqual(['BUNDLED-1', 'BUNDLED-2', 'SYS']);
  });

  it('keeps Node’s roots when the system store cannot be read', () => {
    const load = (type: string) => {
      if (type === 'system') throw new Error('no store');
      return ['BUNDLED'];
    };
    expect(trustedCertificates(load)).toEqual(['BUNDLED']);
  });
});
