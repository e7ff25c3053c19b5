/**
 * The product-title text search of the sandbox's order store: orders share a few distinct title keys (lower-cased
 * titles of their items), so the `productTitle` filter's fuzzy (substring) match runs once per key, not per order.
 */
export class TitleGroups {
  private readonly keys: string[] = [];
  private readonly ids = new Map<string, number>();

  /** The group of a title key, added on first sight. */
  groupOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(key);
      this.ids.set(key, id);
    }
    return id;
  }

  /** Per group, 1 when its key contains `title` (case-insensitive). */
  matching(title: string): Uint8Array {
    const needle = title.toLowerCase();
    const out = new Uint8Array(this.keys.length);
    this.keys.forEach((key, i) => {
      if (key.includes(needle)) out[i] = 1;
    });
    return out;
  }
}
