import { describe, expect, it } from 'vitest';
import { ok } from '../core/result';
import type { Profile } from '../core/profiles/profileSchema';
import { ExternalLinkRefused, platformLinkOpener } from './externalLinks';

function opener(platformUrl: string | null) {
  const opened: string[] = [];
  const shell = { openExternal: async (url: string) => void opened.push(url) };
  const profiles = {
    active: () => ok(platformUrl === null ? null : ({ platformUrl } as Profile)),
  };
  return { open: platformLinkOpener(shell, profiles), opened };
}

describe('platformLinkOpener', () => {
  it('opens an https page of the active profile’s platform, login links included', async () => {
    const o = opener('https://platform.example.com');
    await o.open('https://platform.example.com/items/42?authorizationCode=abc');
    expect(o.opened).toEqual(['https://platform.example.com/items/42?authorizationCode=abc']);
  });

  it('opens the sandbox’s loopback platform over http', async () => {
    const o = opener('http://127.0.0.1:4100');
    await o.open('http://127.0.0.1:4100/items/1');
    expect(o.opened).toEqual(['http://127.0.0.1:4100/items/1']);
  });

  it.each([
    ['another site', 'https://evil.example.net/items/42'],
    ['a look-alike host', 'https://platform.example.com.evil.net/'],
    ['another port', 'https://platform.example.com:8443/items/1'],
    ['plain http to the platform host', 'http://platform.example.com/items/1'],
    ['a file', 'file:///etc/passwd'],
    ['a scheme another app handles', 'ms-msdt:/id PCWDiagnostic'],
    ['javascript', 'javascript:alert(1)'],
    ['user info', 'https://user:pass@platform.example.com/'],
    ['not a URL', 'platform.example.com/items/1'],
  ])('refuses %s, and the system never sees it', async (_what, url) => {
    const o = opener('https://platform.example.com');
    await expect(o.open(url)).rejects.toBeInstanceOf(ExternalLinkRefused);
    expect(o.opened).toEqual([]);
  });

  it('refuses everything while no profile is active', async () => {
    const o = opener(null);
    await expect(o.open('https://platform.example.com/')).rejects.toThrow(/no profile is active/);
    expect(o.opened).toEqual([]);
  });

  it('never repeats a refused login link’s query (its authorization code) in the error', async () => {
    const o = opener('https://platform.example.com');
    const refusal = o.open('https://elsewhere.example.org/items/1?authorizationCode=SECRET-CODE');
    await expect(refusal).rejects.toThrow(/elsewhere\.example\.org/);
    await expect(refusal).rejects.not.toThrow(/SECRET-CODE/);
  });
});
