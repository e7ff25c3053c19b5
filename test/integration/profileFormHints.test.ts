/**
 * The connect form's hints (src/renderer, no core import allowed there) say the same as the core's profile rules for
 * the same input: a hint where the core would refuse, none where it accepts. The core stays the authority; this keeps
 * the hints from drifting into refusing good settings or waving bad ones through.
 */
import { describe, expect, it } from 'vitest';
import { platformUrlSchema } from '../../src/core/config/platformUrl';
import { profileSchema } from '../../src/core/profiles/profileSchema';
import { draftHints, draftToProfile, urlHint, type ProfileDraft } from '../../src/shared/forms/profileForm';

const urls = [
  'https://api.example.com',
  'https://api.example.com/base/',
  'https://api.example.com:8443',
  'http://127.0.0.1:8080',
  'http://127.1.2.3',
  'http://localhost',
  'http://LOCALHOST:1',
  'http://[::1]:3000/platform',
  'http://api.example.com',
  'http://10.0.0.1',
  'https://user:pw@api.example.com',
  'https://user@api.example.com',
  'https://@api.example.com',
  'https://api.example.com/?q=1',
  'https://api.example.com/#frag',
  'ftp://api.example.com',
  'mailto:a@example.com',
  'api.example.com',
  '',
  '   https://api.example.com   ',
];

const good: ProfileDraft = {
  name: 'Shop',
  id: 'shop',
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://shop.example.com',
  apiPrefix: '/merchant-api',
  merchantId: 'M1',
};

const drafts: ProfileDraft[] = [
  good,
  { ...good, id: 'Shop' },
  { ...good, id: '-shop' },
  { ...good, id: 'shop-' },
  { ...good, id: 'a'.repeat(40) },
  { ...good, id: 'a'.repeat(41) },
  { ...good, apiPrefix: '' },
  { ...good, apiPrefix: 'merchant-api' },
  { ...good, apiPrefix: '/a/../b' },
  { ...good, apiPrefix: '/a b' },
  { ...good, merchantId: '' },
  { ...good, merchantId: '..' },
  { ...good, merchantId: 'M 1/ä' },
  { ...good, name: '  ' },
];

describe('connect form hints agree with the core', () => {
  it.each(urls)('base URL %j', (url) => {
    expect(urlHint(url) === null).toBe(platformUrlSchema.safeParse(url).success);
  });

  it.each(drafts.map((d) => [JSON.stringify(d), d] as const))('draft %s', (_name, draft) => {
    expect(Object.keys(draftHints(draft)).length === 0).toBe(profileSchema.safeParse(draftToProfile(draft)).success);
  });
});
