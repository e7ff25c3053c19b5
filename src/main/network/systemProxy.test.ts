import { describe, expect, it } from 'vitest';
import { proxyVariablesFor, systemProxy, type ProxyResolver } from './systemProxy';

describe('proxyVariablesFor (Chromium’s resolveProxy answer → Node’s variables)', () => {
  it.each([
    ['DIRECT', {}],
    ['PROXY proxy.corp:3128', { HTTPS_PROXY: 'http://proxy.corp:3128', HTTP_PROXY: 'http://proxy.corp:3128' }],
    ['PROXY a:1; PROXY b:2; DIRECT', { HTTPS_PROXY: 'http://a:1', HTTP_PROXY: 'http://a:1' }],
    ['HTTPS secure.corp:443', { HTTPS_PROXY: 'https://secure.corp:443', HTTP_PROXY: 'https://secure.corp:443' }],
    ['DIRECT; PROXY a:1', {}],
  ])('%s', (resolution, variables) => {
    expect(proxyVariablesFor(resolution, {})).toEqual({ variables });
  });

  it('a SOCKS-only answer connects directly and says why', () => {
    expect(proxyVariablesFor('SOCKS5 s:1080', {})).toEqual({ variables: {}, unsupported: 'SOCKS5 s:1080' });
  });

  it('the merchant’s own HTTPS_PROXY wins (the host inherits it)', () => {
    expect(proxyVariablesFor('PROXY a:1', { https_proxy: 'http://mine:8080' })).toEqual({ variables: {} });
  });
});

describe('systemProxy', () => {
  const resolver = (answers: Record<string, string>): ProxyResolver & { asked: string[] } => {
    const asked: string[] = [];
    return {
      asked,
      resolveProxy: (url) => {
        asked.push(url);
        const a = answers[url];
        return a === undefined ? Promise.reject(new Error('no answer')) : Promise.resolve(a);
      },
    };
  };

  it('asks for the platform’s address and keeps the answer for the next host', async () => {
    const r = resolver({ 'https://api.example.com': 'PROXY p:8080' });
    const warnings: string[] = [];
    const proxy = systemProxy(r, {}, (m) => warnings.push(m));
    expect(proxy.variables()).toEqual({});
    await proxy.refresh('https://api.example.com');
    expect(proxy.variables()).toEqual({ HTTPS_PROXY: 'http://p:8080', HTTP_PROXY: 'http://p:8080' });
    expect(r.asked).toEqual(['https://api.example.com']);
    // A failed look-up keeps the last answer and says so.
    await proxy.refresh('https://other.example.com');
    expect(proxy.variables()).toEqual({ HTTPS_PROXY: 'http://p:8080', HTTP_PROXY: 'http://p:8080' });
    expect(warnings).toEqual([expect.stringContaining('could not be read: no answer')]);
    // No address (no profile yet): nothing asked.
    await proxy.refresh(undefined);
    expect(r.asked).toHaveLength(2);
  });
});
