import { describe, expect, it } from 'vitest';
import { fakeOrder } from './testing/fakeOrders';
import { CreationWindow } from './creationWindow';

describe('a creation window', () => {
  it('counts the IDs of every pass towards the largest count reported', () => {
    const w = new CreationWindow(1000, 2000);
    w.nextPass();
    w.learn([fakeOrder(1, 1100), fakeOrder(2, 1200)], [], 3);
    expect(w.verified).toBe(false);
    w.nextPass();
    w.learn([fakeOrder(2, 1200), fakeOrder(3, 1300)], [], 3);
    expect(w.verified).toBe(true);
    expect(w.knownTimes()).toEqual([1100, 1200, 1300]);
  });

  it('starts every pass afresh: nothing of the previous pass lingers', () => {
    const w = new CreationWindow(null, 2000);
    const first = w.nextPass();
    first.requested.add(1).add(2);
    first.answered = 1;
    first.ids.add('1');
    first.totals.push(5, 7);
    first.overfull = true;
    first.splitBlocked = true;
    const second = w.nextPass();
    expect(second.number).toBe(2);
    expect(second).toMatchObject({ answered: 0, overfull: false, splitBlocked: false, totals: [], parts: [] });
    expect(second.requested.size + second.ids.size).toBe(0);
    expect(first.arrivalsPerAnswer).toBe(1);
    expect(second.arrivalsPerAnswer).toBe(0);
  });

  it('hands a part what it knows inside the part, and forgets it all once retired', () => {
    const w = new CreationWindow(0, 999);
    w.learn([fakeOrder(1, 100), fakeOrder(2, 500), fakeOrder(3, 900)], [], 3);
    const part = new CreationWindow(400, 999);
    part.inherit(w);
    expect(part.knownTimes()).toEqual([500, 900]);
    w.retire('replaced');
    expect(w.state).toBe('replaced');
    expect(w.known.size).toBe(0);
  });

  it('has no range until the root probe fixes its upper bound', () => {
    const root = new CreationWindow(null, null, true);
    expect(() => root.range).toThrow();
    root.hi = 5;
    expect(root.range).toEqual({ lo: null, hi: 5 });
  });
});
