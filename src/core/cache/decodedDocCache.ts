/**
 * Decoded order JSON kept per cache connection (docs/PERFORMANCE.md "Scale"): a list page inflates 50 documents
 * (~30–50 µs each, Node's sync API sets the preset dictionary up on every call), and the same first pages are read
 * again and again. An entry is keyed by the row's rid and holds the exact compressed bytes (and dictionary id) it
 * was decoded from: a hit needs the stored row to be byte-for-byte the same, so an order rewritten by another
 * connection (the sync's writer thread) or a damaged row is never served from here — it is decoded (and reported)
 * again. Comparing ~0.3 KB of bytes is exact where a hash could collide, and costs far less than an inflate.
 *
 * Bound: MAX_BYTES (8 MiB) of JSON text (2 bytes a char, as V8 may hold it) plus compressed bytes, least recently
 * used evicted first — about 2,000 orders of ~2 KB, i.e. the first pages of the screens a merchant moves between.
 */
export const DECODED_CACHE_MAX_BYTES = 8 * 1024 * 1024;

interface Entry {
  dictId: number;
  doc: Buffer;
  json: string;
  bytes: number;
}

export class DecodedDocCache {
  private readonly entries = new Map<number, Entry>();
  private total = 0;

  constructor(readonly maxBytes: number = DECODED_CACHE_MAX_BYTES) {}

  /** Bytes held now (never above maxBytes). */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The JSON decoded from exactly these stored bytes, if kept. */
  get(rid: number, dictId: number, doc: Buffer): string | undefined {
    const entry = this.entries.get(rid);
    if (entry === undefined) return undefined;
    if (entry.dictId !== dictId || !entry.doc.equals(doc)) {
      this.drop(rid, entry);
      return undefined;
    }
    // Most recently used last (a Map keeps insertion order).
    this.entries.delete(rid);
    this.entries.set(rid, entry);
    return entry.json;
  }

  /** Keeps the JSON decoded (and checked) from these stored bytes. */
  set(rid: number, dictId: number, doc: Buffer, json: string): void {
    const old = this.entries.get(rid);
    if (old !== undefined) this.drop(rid, old);
    const bytes = json.length * 2 + doc.length + 64;
    if (bytes > this.maxBytes) return;
    // A copy: better-sqlite3 hands out a fresh Buffer per read, but the caller's must never alias what is kept.
    const entry: Entry = { dictId, doc: Buffer.from(doc), json, bytes };
    this.entries.set(rid, entry);
    this.total += bytes;
    for (const [oldest, e] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.drop(oldest, e);
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private drop(rid: number, entry: Entry): void {
    this.entries.delete(rid);
    this.total -= entry.bytes;
  }
}
