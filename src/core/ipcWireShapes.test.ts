// The IPC contract (src/shared) may not import core, so the checks that core's values fit the wire live here.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PAGE_SIZE_MAX } from '../shared/domain/requests';
import { checkEvent, type IpcEventPayloadInput } from '../shared/ipc/events';
import type { IpcErrorKind } from '../shared/ipc/result';
import type { ApiError } from '../shared/errors/apiError';
import type { ChangeEvent } from './sync/changeEvents';
import { PlatformClock } from './sync/platformClock';
import { ProgressTracker, type SyncProgress } from './sync/progress';

/** The core's SyncProgress as the event carries it: for one profile, with null for "not known yet". */
const progressEvent = (profileId: string, p: SyncProgress) => ({
  profileId,
  ...p,
  ordersExpected: p.ordersExpected ?? null,
  etaMs: p.etaMs ?? null,
  clockSkew: p.clockSkew ?? null,
});

describe('core values on the IPC wire', () => {
  it("has an error kind for each of the core's ApiError kinds", () => {
    expectTypeOf<ApiError['kind']>().toExtend<IpcErrorKind>();
  });

  it("carries what the core's sync emits: progress snapshots and every kind of change event", () => {
    let now = 0;
    const seen: SyncProgress[] = [];
    const tracker = new ProgressTracker(
      'windows',
      () => now,
      (p) => seen.push(p),
      PAGE_SIZE_MAX,
      new PlatformClock(() => now),
    );
    tracker.windowAdded();
    tracker.expectOrders(250);
    tracker.pagesQueued(3);
    now = 40;
    tracker.pageFetched(100);
    tracker.windowFinished();
    tracker.finish();
    expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) expect(checkEvent('sync:progress', progressEvent('default', p)).ok).toBe(true);

    // Same shape both ways: a core ChangeEvent is a valid payload element, and nothing more is allowed.
    type Wire = IpcEventPayloadInput<'orders:changed'>['events'][number];
    expectTypeOf<ChangeEvent>().toExtend<Wire>();
    expectTypeOf<Wire>().toExtend<ChangeEvent>();
  });
});
