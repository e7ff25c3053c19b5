/**
 * Orders whose delivery deadlines fall around the sandbox's start, so a person (or a browser journey) can watch the
 * attention queue move without waiting: each generated data set of at least SHOWCASE_MIN_ORDERS orders holds these
 * orders, created this long before the start clock. With the default due-soon window (25 % or 30 min):
 * - 50 min: a 10-minute item paid 49.5 min before the start — overdue since 39.5 min;
 * - 40 min: a 1-hour item paid 39.5 min before — due in 20.5 min, due soon from 5.5 min after the start;
 * - 20 min: a 5-minute item, delivered — not in the queue;
 * - 12 min: a 10-minute item paid 8 min before — due soon at the start, overdue 2 min after it;
 * - 9 min: a 10-minute item paid 6 min before — due soon from 1.5 min, overdue 4 min after the start.
 * (Their times are relative to the start clock: a restored data set keeps its own start.)
 */
import { CATALOG, type Spu } from './products';

const MIN = 60_000;

export interface ShowcaseOrder {
  /** Start clock minus creation time. */
  ageMs: number;
  /** Payment this long after creation. */
  payDelayMs: number;
  spu: Spu;
  delivered: boolean;
}

/** Smaller data sets (unit tests of a handful of orders) are left exactly as generated. */
export const SHOWCASE_MIN_ORDERS = 20;

function spuTitled(title: string): Spu {
  const spu = CATALOG.find((s) => s.template.title === title);
  if (!spu) throw new Error(`catalog has no "${title}"`);
  return spu;
}

/** Oldest first (the order of their creation times). */
export const DEADLINE_SHOWCASE: readonly ShowcaseOrder[] = [
  { ageMs: 50 * MIN, payDelayMs: 30_000, spu: spuTitled('Netflix ギフトカード'), delivered: false },
  { ageMs: 40 * MIN, payDelayMs: 30_000, spu: spuTitled('Mobile Legends 💎 Diamonds'), delivered: false },
  { ageMs: 20 * MIN, payDelayMs: 30_000, spu: spuTitled('Steam Wallet Gift Card'), delivered: true },
  { ageMs: 12 * MIN, payDelayMs: 4 * MIN, spu: spuTitled('PlayStation Store 礼品卡 (PSN)'), delivered: false },
  { ageMs: 9 * MIN, payDelayMs: 3 * MIN, spu: spuTitled('Valorant Points (VP)'), delivered: false },
];

const BY_AGE = new Map(DEADLINE_SHOWCASE.map((s) => [s.ageMs, s]));

/** The showcase order created `ageMs` before the start clock, if that is one. */
export function showcaseAt(ageMs: number): ShowcaseOrder | undefined {
  return BY_AGE.get(ageMs);
}
