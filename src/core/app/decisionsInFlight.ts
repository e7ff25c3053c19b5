/**
 * The orders whose after-sales decision is being sent by this session right now (from the check before sending
 * until the platform's answer or its timeout). A window reloaded mid-call asks "Check again" while the call still
 * runs here: the platform's filter may still list the order as awaiting review only because the decision has not
 * reached it yet, which must not be read as "not applied" (the merchant would decide again on a stale answer).
 */
export class DecisionsInFlight {
  private readonly running = new Map<string, number>();

  /** Runs `send` with the order marked as being decided (counted: two overlapping calls keep it marked). */
  async around<T>(orderId: string, send: () => Promise<T>): Promise<T> {
    this.running.set(orderId, (this.running.get(orderId) ?? 0) + 1);
    try {
      return await send();
    } finally {
      const left = (this.running.get(orderId) ?? 1) - 1;
      if (left > 0) this.running.set(orderId, left);
      else this.running.delete(orderId);
    }
  }

  has(orderId: string): boolean {
    return this.running.has(orderId);
  }
}
