import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPorts, SHOP } from '../../../../test/helpers/appPorts';
import { activeSessionConfig } from './profileSessionConfig';
import { orderSessionConfigSchema } from './sessionOperations';

describe('activeSessionConfig', () => {
  it('null without an active profile; the active profile as the host session (settings only) once chosen', () => {
    const { profiles, dataDir } = appPorts();
    expect(activeSessionConfig(profiles, dataDir)).toEqual({ ok: true, value: null });
    expect(profiles.add(SHOP).ok).toBe(true);
    expect(profiles.setActive(SHOP.id).ok).toBe(true);
    const r = activeSessionConfig(profiles, dataDir);
    expect(r).toMatchObject({
      ok: true,
      value: {
        profileId: SHOP.id,
        platform: { baseUrl: SHOP.baseUrl, merchantId: SHOP.merchantId },
        cacheFile: path.join(dataDir, 'cache', `${SHOP.id}.sqlite`),
        dataDir,
      },
    });
    // The host accepts it, and it is plain data (it crosses the port by structured clone).
    expect(orderSessionConfigSchema.safeParse(r.ok && r.value).success).toBe(true);
    expect(structuredClone(r.ok && r.value)).toEqual(r.ok && r.value);
  });
});
