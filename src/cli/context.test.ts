import { describe, expect, it } from 'vitest';
import { profileSchema } from '../core/profiles/profileSchema';
import { connectionFlagFields, profileConfig, resolveConfig } from './context';

const flags = {
  baseUrl: 'https://flag.example',
  platformUrl: 'https://flag-platform.example',
  merchant: 'M-FLAG',
  apiPrefix: '/flag-api',
};
const env = {
  MERCHANT_DESK_BASE_URL: 'https://env.example',
  MERCHANT_DESK_PLATFORM_URL: 'https://env-platform.example',
  MERCHANT_DESK_MERCHANT_ID: 'M-ENV',
  MERCHANT_DESK_API_PREFIX: '/env-api',
};
const profile = profileSchema.parse({
  id: 'shop',
  name: 'Shop',
  kind: 'merchant',
  baseUrl: 'https://profile.example',
  platformUrl: 'https://profile-platform.example',
  merchantId: 'M-PROFILE',
});
const connection = (c: { baseUrl: string; platformUrl: string; merchantId: string; apiPrefix: string }) => ({
  baseUrl: c.baseUrl,
  platformUrl: c.platformUrl,
  merchantId: c.merchantId,
  apiPrefix: c.apiPrefix,
});

describe('global flags → configuration (one mapping)', () => {
  it('maps each connection flag to its setting, and only the flags given', () => {
    expect(connectionFlagFields(flags)).toEqual({
      baseUrl: 'https://flag.example',
      platformUrl: 'https://flag-platform.example',
      merchantId: 'M-FLAG',
      apiPrefix: '/flag-api',
    });
    expect(connectionFlagFields({ merchant: 'M' })).toEqual({ merchantId: 'M' });
  });

  it('the environment mode and a profile give the flags the same meaning: flags win', () => {
    const expected = connectionFlagFields(flags);
    expect(connection(resolveConfig(flags, env, { baseUrl: true, platform: true }))).toEqual(expected);
    expect(connection(profileConfig(profile, flags))).toEqual(expected);
  });

  it('without flags: the environment, or the profile', () => {
    expect(resolveConfig({}, env, { baseUrl: true, platform: true })).toMatchObject({
      baseUrl: 'https://env.example',
      merchantId: 'M-ENV',
      apiPrefix: '/env-api',
    });
    expect(profileConfig(profile, {})).toMatchObject({ baseUrl: 'https://profile.example', merchantId: 'M-PROFILE' });
  });
});
