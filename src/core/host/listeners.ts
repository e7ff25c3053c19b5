/** A set of handlers; `add` returns the unsubscribe. A throwing handler does not stop the others. */
export class Listeners<T> {
  private readonly handlers = new Set<(value: T) => void>();

  add(handler: (value: T) => void): () => void {
    // Wrapped, so the same function subscribed twice is two subscriptions, each with its own unsubscribe.
    const entry = (value: T) => handler(value);
    this.handlers.add(entry);
    return () => void this.handlers.delete(entry);
  }

  fire(value: T): void {
    for (const h of [...this.handlers]) {
      try {
        h(value);
      } catch (e) {
        console.error('[core host] an event handler threw:', e);
      }
    }
  }
}
