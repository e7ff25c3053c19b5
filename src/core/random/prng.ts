/** A source of uniformly distributed numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** mulberry32: a tiny, fast, seedable 32-bit PRNG. Same seed => same sequence, on every platform. */
export function mulberry32(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a user seed and a stream number into one 32-bit seed, so independent streams do not share a sequence. */
export function mixSeed(seed: number, stream: number): number {
  let h = (Math.trunc(seed) ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Convenience helpers over a RandomSource. */
export class Rng {
  constructor(readonly next: RandomSource) {}

  static seeded(seed: number, stream = 0): Rng {
    return new Rng(mulberry32(mixSeed(seed, stream)));
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (let i = 0; i < entries.length; i++) total += entries[i]![1];
    let r = this.next() * total;
    for (let i = 0; i < entries.length; i++) {
      const w = entries[i]![1];
      if (r < w) return entries[i]![0];
      r -= w;
    }
    return entries[entries.length - 1]![0];
  }

  /** A string of `length` decimal digits (the first one non-zero). */
  digits(length: number): string {
    let out = String(this.int(1, 9));
    while (out.length < length) out += String(this.int(0, 9));
    return out;
  }

  /** Upper-case letters and digits, e.g. for gift-card codes. */
  code(length: number): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let out = '';
    while (out.length < length) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}
