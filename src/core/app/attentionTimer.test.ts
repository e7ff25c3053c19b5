import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedCredentials } from '../credentials/credentials';
import { openOrderCache } from '../cache/openCache';
import { platformConfigSchema } from '../config/platformConfig';
import { createAxiosTransport } from '../http/axiosTransport';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { createDueTimer, MAX_TIMER_MS } from '../../shared/time/dueTimer';
import { attentionQueue } from './attention';
import { createSession, type Session } from './session';

const MIN = 60_000;
const START = Date.UTC(2026, 2, 10, 12, 0);
let dir: string;
let session: Session;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  dir = mkdtempSync(path.join(tmpdir(), 'md-due-timer-'));
  const config = platformConfigSchema.parse({
    baseUrl: 'https://api.example.com',
    platformUrl: 'https://platform.example.com',
    merchantId: 'm-1',
  });
  // The session's clock is Date.now, which the fake timers move.
  session = createSession({
    config,
    credentials: fixedCredentials({}),
    profileId: 'shop',
    dataDir: dir,
    cacheOwner: { baseUrl: config.baseUrl, merchantId: 'm-1' },
    transport: () => createAxiosTransport(),
  });
  const c = openOrderCache({ file: session.cacheFile, identity: { baseUrl: config.baseUrl, merchantId: 'm-1' } });
  if (!c.ok) throw new Error(c.error.kind);
  // Paid 8 minutes ago, 10 minutes to deliver: due soon now, overdue in 2 minutes.
  const paidMs = START - 8 * MIN;
  c.value.applyPage(
    [
      fakeOrder(1, paidMs - MIN, {
        payTime: new Date(paidMs).toISOString(),
        orderItems: [{ productSpuTitle: 'PSN card', quantity: 1, deliveryTime: 10, deliveryTimeUnit: 3 }],
      }),
    ],
    { seenAtMs: START, baseline: false },
  );
  c.value.close();
});

afterEach(() => {
  session.close();
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const read = () => {
  const r = attentionQueue(session);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('the timer that moves orders into overdue', () => {
  it('fires at nextChangeAt; the queue read then shows the order overdue, with no platform change', () => {
    const seen: Array<{ dueSoon: number; overdue: number }> = [];
    const timer = createDueTimer({
      onDue: () => {
        const q = read();
        seen.push({ dueSoon: q.counts.dueSoon, overdue: q.counts.overdue });
        timer.arm(q.nextChangeMs);
      },
    });
    const q = read();
    expect(q.counts).toMatchObject({ dueSoon: 1, overdue: 0 });
    timer.arm(new Date(q.nextChangeMs!).toISOString());
    vi.advanceTimersByTime(2 * MIN - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([{ dueSoon: 0, overdue: 1 }]);
    // Nothing else will change: no timer is left.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('re-arming replaces the previous timer; null cancels; a far instant is reached in steps', () => {
    const onDue = vi.fn();
    const timer = createDueTimer({ onDue });
    timer.arm(START + MIN);
    timer.arm(START + 2 * MIN);
    vi.advanceTimersByTime(MIN);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MIN);
    expect(onDue).toHaveBeenCalledTimes(1);
    timer.arm(START + 10 * MIN);
    timer.arm(null);
    vi.advanceTimersByTime(20 * MIN);
    expect(onDue).toHaveBeenCalledTimes(1);
    const far = Date.now() + MAX_TIMER_MS + 5 * MIN;
    timer.arm(far);
    vi.advanceTimersByTime(MAX_TIMER_MS);
    expect(onDue).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MIN);
    expect(onDue).toHaveBeenCalledTimes(2);
  });
});
