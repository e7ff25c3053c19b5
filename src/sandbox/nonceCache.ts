/** Remembers buyer-sync nonces long enough to reject replays inside the timestamp window. */
export class NonceCache {
  /** nonce -> forget-after (ms). Insertion order is roughly expiry order, so pruning stops at the first live entry. */
  private readonly seen = new Map<string, number>();

  /** @param retainMs how long a nonce is remembered; at least twice the timestamp window. */
  constructor(private readonly retainMs: number) {}

  has(nonce: string, nowMs: number): boolean {
    const until = this.seen.get(nonce);
    return until !== undefined && until > nowMs;
  }

  remember(nonce: string, nowMs: number): void {
    this.prune(nowMs);
    this.seen.delete(nonce);
    this.seen.set(nonce, nowMs + this.retainMs);
  }

  get size(): number {
    return this.seen.size;
  }

  private prune(nowMs: number): void {
    for (const [nonce, until] of this.seen) {
      if (until > nowMs) break;
      this.seen.delete(nonce);
    }
  }
}
