import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppSessionKit, type AppSessionKit } from '../../../test/helpers/appSession';
import { syncNow } from './sync';

/** Against the sandbox in its default, spec-shaped mode. */
let kit: AppSessionKit;
beforeAll(async () => {
  kit = await startAppSessionKit({ orders: 150, seed: 9 }, 3000);
});
afterAll(() => kit.stop());

/** The `updateBeginDate` of each order-list request sent from `from` on (epoch ms). */
function updateBeginDates(from: number): number[] {
  return kit.sent.sent
    .slice(from)
    .map((r) => (r.body ? (JSON.parse(r.body) as { updateBeginDate?: string }).updateBeginDate : undefined))
    .filter((d): d is string => d !== undefined)
    .map((d) => Date.parse(d.replace(' ', 'T') + (/[Z+]/.test(d) ? '' : 'Z')));
}

describe("a poll asks again as far back as the profile's poll overlap (where the spec is silent)", () => {
  it.each([
    ['the labelled default', undefined, 2],
    ['a profile set to 30 minutes', 30, 30],
  ] as const)(
    '%s: the next poll asks for updates since the previous sync minus that many minutes',
    async (_, setting, minutes) => {
      const session = kit.session({
        profileId: `overlap-${minutes}`,
        ...(setting !== undefined ? { pollOverlapMinutes: setting } : {}),
      });
      const first = await syncNow(session);
      if (!first.ok) throw new Error(first.error.message);
      const before = kit.sent.sent.length;
      const second = await syncNow(session);
      expect(second).toMatchObject({ ok: true, value: { mode: 'incremental' } });
      const asked = updateBeginDates(before);
      expect(asked.length).toBeGreaterThan(0);
      const watermark = Date.parse(first.value.watermark);
      expect(watermark - Math.min(...asked)).toBe(minutes * 60_000);
    },
  );
});
