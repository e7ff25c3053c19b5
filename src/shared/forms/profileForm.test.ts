import { describe, expect, it } from 'vitest';
import { draftHints, draftToProfile, emptyDraft, issuesByField, suggestedId, urlHint } from './profileForm';

describe('the connect form hints (mirroring the core rules)', () => {
  it.each([
    ['https://api.example.com', null],
    ['https://api.example.com/base', null],
    ['http://127.0.0.1:8080', null],
    ['http://localhost:3000', null],
    ['http://[::1]:3000', null],
  ])('accepts %s', (url, hint) => expect(urlHint(url)).toBe(hint));

  it.each([
    ['', /Required/],
    ['api.example.com', /http\(s\) URL/],
    ['ftp://api.example.com', /without query or fragment/],
    ['https://api.example.com/?a=1', /without query or fragment/],
    ['https://api.example.com/#x', /without query or fragment/],
    ['https://user:pw@api.example.com', /user name or password/],
    ['https://@api.example.com', /user name or password/],
    ['http://api.example.com/x', /https:\/\/api\.example\.com\/x/],
    ['http://10.0.0.2', /Must use https/],
  ])('points out %s', (url, hint) => expect(urlHint(url)).toMatch(hint));

  it('names every missing or malformed field of a draft, and none of a good one', () => {
    expect(Object.keys(draftHints({ ...emptyDraft(), apiPrefix: 'merchant-api' })).sort()).toEqual(
      ['apiPrefix', 'baseUrl', 'id', 'merchantId', 'name', 'platformUrl'].sort(),
    );
    const good = {
      name: 'Shop EU',
      id: 'shop-eu',
      baseUrl: 'https://api.example.com',
      platformUrl: 'https://shop.example.com',
      apiPrefix: '',
      merchantId: 'M1',
    };
    expect(draftHints(good)).toEqual({});
    expect(draftHints({ ...good, merchantId: '..' }).merchantId).toMatch(/"\."/);
    expect(draftHints({ ...good, apiPrefix: '/a/../b' }).apiPrefix).toBeDefined();
    expect(draftHints({ ...good, id: '-shop' }).id).toBeDefined();
  });

  it('suggests a profile ID from the name', () => {
    expect(suggestedId('Shop EU')).toBe('shop-eu');
    expect(suggestedId('  Café Müller & Söhne ')).toBe('cafe-muller-sohne');
  });

  it("puts the host's issues at their fields", () => {
    expect(
      issuesByField({
        kind: 'invalid-input',
        message: 'x',
        issues: [
          { path: 'baseUrl', message: 'must use https' },
          { path: 'baseUrl', message: 'second' },
          { path: '', message: 'whole' },
        ],
      }),
    ).toEqual({ baseUrl: 'must use https; second', _: 'whole' });
    expect(issuesByField(null)).toEqual({});
  });

  it('sends a trimmed merchant profile', () => {
    expect(
      draftToProfile({
        name: ' A ',
        id: ' a ',
        baseUrl: ' https://x.example ',
        platformUrl: 'https://y.example',
        apiPrefix: '',
        merchantId: ' M ',
      }),
    ).toEqual({
      id: 'a',
      name: 'A',
      kind: 'merchant',
      baseUrl: 'https://x.example',
      platformUrl: 'https://y.example',
      apiPrefix: '',
      merchantId: 'M',
    });
  });
});
