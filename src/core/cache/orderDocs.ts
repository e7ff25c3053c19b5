import zlib from 'node:zlib';
import type Database from 'better-sqlite3';
import { DecodedDocCache } from './decodedDocCache';
import { preparedZstdAvailable, zstdCompress, zstdDecompress } from './zstdDocs';

/**
 * Each order's JSON is stored compressed (cache schema 7, docs/PERFORMANCE.md "Scale") with a dictionary made of the
 * merchant's own first orders (keys, catalogue titles, attribute names, URLs repeat in every order: ~1.9 KB of JSON
 * becomes ~0.27–0.36 KB). New dictionaries are zstd (64 KiB) where its dictionary can be kept prepared between calls
 * (zstdDocs.ts: a native binding), else deflate-raw (level 6, 16 KiB): node:zlib sets a dictionary up again on every
 * call, which made zstd slower than deflate there (35 % to compress, 70 % to read back) and was the largest part of a
 * first sync's writer (§8 "Fifth pass: the writer"). A row names the dictionary it was written with (`order_doc.dict_id` →
 * `order_dict.id`, which names its codec); dictionaries are never changed or deleted, so a newer one can be added
 * later without touching old rows. Dictionary 0 is "none": deflate-raw without a dictionary, for the few orders
 * stored before there are enough to build one. A damaged row fails to decode or parse (DamagedOrderError, naming
 * the order) — zstd frames carry their checksum; a deflate document ends with the CRC-32 of its text.
 */

/** Orders stored before the first dictionary is built from them (each ~2 KB of JSON: well over DICT_BYTES). */
export const DICT_MIN_ORDERS = 50;
/** Orders read to build a dictionary; the dictionary is the last DICT_BYTES of their JSON. */
export const DICT_SAMPLE_ORDERS = 200;
/**
 * Dictionary size per codec. zlib sets a preset dictionary up on every call (node:zlib has no prepared one): it
 * hashes every byte of it, ~2.5 ns a byte — with 32 KiB (deflate's whole window) that set-up was 80 % of the
 * ~100 µs an order costs to compress, and the first full sync of 100,000 orders took 24 → 35 s. 16 KiB halves the
 * set-up for 9 % more bytes (316 → 344 B an order measured on 2,000 sandbox orders; 8 KiB: 390 B for little more
 * speed). Dictionaries built before keep their size (each row names its own). zstd measured at 100,000 orders:
 * 64 KiB 256 B an order, 32 KiB 311 B, 110 KiB 247 B (but slower to load on every call).
 */
export const DICT_BYTES: Record<DocCodec, number> = { deflate: 16 * 1024, zstd: 64 * 1024 };

export type DocCodec = 'zstd' | 'deflate';

/** A stored order whose compressed JSON cannot be read back: reported by order ID, re-fetched by the next sync. */
export class DamagedOrderError extends Error {
  constructor(
    readonly rid: number,
    readonly detail: string,
  ) {
    super(`order row ${rid}: stored JSON cannot be read (${detail})`);
    this.name = 'DamagedOrderError';
  }
}

/**
 * The codec new dictionaries are built for: zstd where its dictionary can be kept prepared (zstdDocs.ts: ~14 µs an
 * order to compress instead of deflate's ~85, and 25 % fewer bytes), else deflate (node:zlib sets either codec's
 * dictionary up again on every call, and deflate's 16 KiB one costs less to set up than zstd's 64 KiB one).
 */
export function defaultCodec(): DocCodec {
  return preparedZstdAvailable() ? 'zstd' : 'deflate';
}

/** zstd where this runtime's zstd takes a dictionary (the binding, or node:zlib since Node 24.6), else deflate. */
export function zstdIfAvailable(): DocCodec {
  try {
    const dictionary = Buffer.from('{"id":"1","orderNum":"x"}');
    const sample = Buffer.from('{"id":"2","orderNum":"y"}');
    const back = zstdDecompress(dictionary, zstdCompress(dictionary, sample));
    return back.equals(sample) ? 'zstd' : 'deflate';
  } catch {
    return 'deflate';
  }
}

interface Dictionary {
  id: number;
  codec: DocCodec;
  bytes: Buffer;
}

const NO_DICTIONARY: Dictionary = { id: 0, codec: 'deflate', bytes: Buffer.alloc(0) };

/**
 * Output buffer of one sync call (node:zlib allocates one of `chunkSize` per call, 16 KiB by default, outside the JS
 * heap, freed only when the GC next runs: at ~100 documents a page the writer thread's garbage was mostly these).
 * A compressed document is ~0.3 KB; a longer one takes several chunks, joined.
 */
const DEFLATE_CHUNK = 1024;

/** An inflated document is ~7× its compressed size; a chunk of about that much (several when longer). */
function inflateChunk(packedBytes: number): number {
  return Math.min(64 * 1024, Math.max(1024, packedBytes * 8));
}

function compress(dict: Dictionary, text: string, bytes?: Buffer): Buffer {
  const input = bytes ?? Buffer.from(text, 'utf8');
  if (dict.codec === 'zstd') return zstdCompress(dict.bytes, input);
  const packed =
    dict.bytes.length > 0
      ? zlib.deflateRawSync(input, { level: 6, dictionary: dict.bytes, chunkSize: DEFLATE_CHUNK })
      : zlib.deflateRawSync(input, { level: 6, chunkSize: DEFLATE_CHUNK });
  // deflate-raw has no check of its own: 4 bytes of CRC-32 tell a damaged document from another text.
  const doc = Buffer.allocUnsafe(packed.length + 4);
  packed.copy(doc);
  doc.writeUInt32LE(zlib.crc32(input), packed.length);
  return doc;
}

function decompress(dict: Dictionary, doc: Buffer): string {
  if (dict.codec === 'zstd') return zstdDecompress(dict.bytes, doc).toString('utf8');
  if (doc.length < 4) throw new Error('too short');
  const packed = doc.subarray(0, doc.length - 4);
  const chunkSize = inflateChunk(packed.length);
  const out =
    dict.bytes.length > 0
      ? zlib.inflateRawSync(packed, { dictionary: dict.bytes, chunkSize })
      : zlib.inflateRawSync(packed, { chunkSize });
  if (zlib.crc32(out) !== doc.readUInt32LE(doc.length - 4)) throw new Error('CRC-32 mismatch');
  return out.toString('utf8');
}

/** One stored row as read: a compressed document, or (a row not yet converted from schema 6) the JSON text. */
export interface StoredDocRow {
  rid: number;
  dict_id: number | null;
  doc: Buffer | null;
  json: string | null;
}

type Statements = LegacyStatements | DocStatements;

/** A file before schema 7: plain JSON only. */
interface LegacyStatements {
  legacyOnly: true;
  upsertLegacy: Database.Statement<[number, string]>;
  selectLegacy: Database.Statement<[number], string>;
}

interface DocStatements {
  legacyOnly: false;
  upsertLegacy: Database.Statement<[number, string]>;
  selectDict: Database.Statement<[number], { id: number; codec: string; bytes: Buffer }>;
  latestDict: Database.Statement<[], { id: number; codec: string; bytes: Buffer }>;
  selectDoc: Database.Statement<[number], { dict_id: number; doc: Buffer }>;
  selectLegacy: Database.Statement<[number], string>;
  upsertDoc: Database.Statement<[number, number, Buffer]>;
  deleteLegacy: Database.Statement<[number]>;
}

function prepare(db: Database.Database): Statements {
  const upsertLegacy = db.prepare<[number, string]>(
    'INSERT INTO order_json (rid, json) VALUES (?, ?) ON CONFLICT (rid) DO UPDATE SET json = excluded.json',
  );
  const selectLegacy = db.prepare<[number], string>('SELECT json FROM order_json WHERE rid = ?').pluck();
  if (!hasCompressedDocs(db)) return { legacyOnly: true, upsertLegacy, selectLegacy };
  return {
    legacyOnly: false,
    upsertLegacy,
    selectDict: db.prepare('SELECT id, codec, bytes FROM order_dict WHERE id = ?'),
    latestDict: db.prepare('SELECT id, codec, bytes FROM order_dict ORDER BY id DESC LIMIT 1'),
    selectDoc: db.prepare('SELECT dict_id, doc FROM order_doc WHERE rid = ?'),
    selectLegacy,
    upsertDoc: db.prepare(
      'INSERT INTO order_doc (rid, dict_id, doc) VALUES (?, ?, ?) ON CONFLICT (rid) DO UPDATE SET dict_id = excluded.dict_id, doc = excluded.doc',
    ),
    deleteLegacy: db.prepare('DELETE FROM order_json WHERE rid = ?'),
  };
}

/** Compressing and reading order JSON on one connection; dictionaries are cached (they never change). */
export class OrderDocs {
  private readonly dictionaries = new Map<number, Dictionary>([[0, NO_DICTIONARY]]);
  private current: Dictionary | undefined;
  private prepared: Statements | undefined;
  /** Decoded JSON of recently read rows, checked against the stored bytes on every hit (decodedDocCache.ts). */
  readonly decoded = new DecodedDocCache();

  constructor(
    private readonly db: Database.Database,
    private readonly codec: DocCodec = defaultCodec(),
  ) {}

  /** Prepared on first use: a migration before schema 7 reads old rows (decode) on a file without these tables. */
  private get st(): Statements {
    return (this.prepared ??= prepare(this.db));
  }

  /**
   * Stores an order's JSON (replacing any earlier version, compressed or not). Call inside a transaction. `bytes`:
   * the JSON's UTF-8 encoding, when the caller made it already.
   */
  write(rid: number, json: string, bytes?: Buffer): void {
    const st = this.st;
    if (st.legacyOnly) {
      // A file before schema 7 (a test writing an old file): plain JSON, as it held.
      st.upsertLegacy.run(rid, json);
      return;
    }
    const dict = this.writingDictionary(st);
    st.upsertDoc.run(rid, dict.id, compress(dict, json, bytes));
    st.deleteLegacy.run(rid);
  }

  /** The order's JSON text; undefined when the row has none. Throws DamagedOrderError for a damaged row. */
  json(rid: number): string | undefined {
    const st = this.st;
    const row = st.legacyOnly ? undefined : st.selectDoc.get(rid);
    if (row !== undefined) return this.decodeDoc(st as DocStatements, rid, row.dict_id, row.doc, true);
    return st.selectLegacy.get(rid);
  }

  /** The JSON of a row read by a batch query (readDocBatch). Throws DamagedOrderError for a damaged row. */
  decode(row: StoredDocRow): string {
    if (row.json !== null) return row.json;
    const st = this.st;
    if (st.legacyOnly) throw new DamagedOrderError(row.rid, 'a compressed row in a file before schema 7');
    // Readers of every order (batches) go around the decoded cache: they would only evict the pages kept there.
    return this.decodeDoc(st, row.rid, row.dict_id ?? -1, row.doc ?? Buffer.alloc(0), false);
  }

  private decodeDoc(st: DocStatements, rid: number, dictId: number, doc: Buffer, keep: boolean): string {
    if (keep) {
      const kept = this.decoded.get(rid, dictId, doc);
      if (kept !== undefined) return kept;
    }
    const dict = this.dictionary(st, dictId, rid);
    let json: string;
    try {
      json = decompress(dict, doc);
    } catch (e) {
      throw new DamagedOrderError(rid, e instanceof Error ? e.message : String(e));
    }
    if (keep) this.decoded.set(rid, dictId, doc, json);
    return json;
  }

  /**
   * Builds the first dictionary once DICT_MIN_ORDERS orders are stored without one, from their JSON, and stores
   * those orders again with it. Call inside the writing transaction (after the page's rows). Returns its id.
   */
  buildDictionaryWhenDue(): number | undefined {
    const st = this.st;
    if (st.legacyOnly || this.writingDictionary(st).id !== 0) return undefined;
    const waiting = this.db
      .prepare('SELECT count(*) FROM (SELECT 1 FROM order_doc WHERE dict_id = 0 LIMIT ?)')
      .pluck()
      .get(DICT_MIN_ORDERS) as number;
    const legacy = this.db.prepare('SELECT count(*) FROM (SELECT 1 FROM order_json LIMIT ?)').pluck().get(1) as number;
    if (waiting < DICT_MIN_ORDERS && legacy === 0) return undefined;
    // The first orders stored (converted rows of an older file first: they are the merchant's oldest).
    const sample = this.db
      .prepare(
        `SELECT rid, dict_id, doc, json FROM (
           SELECT rid, NULL AS dict_id, NULL AS doc, json FROM order_json
           UNION ALL SELECT rid, dict_id, doc, NULL AS json FROM order_doc WHERE dict_id = 0)
         ORDER BY rid LIMIT ?`,
      )
      .all(DICT_SAMPLE_ORDERS) as StoredDocRow[];
    const texts: string[] = [];
    for (const row of sample) {
      try {
        texts.push(this.decode(row));
      } catch {
        // A damaged row is reported when read; it just does not feed the dictionary.
      }
    }
    if (texts.length === 0) return undefined;
    const all = Buffer.from(texts.join('\n'), 'utf8');
    // zstd and deflate both find matches nearest the end of a raw dictionary first.
    const bytes = Buffer.from(all.subarray(Math.max(0, all.length - DICT_BYTES[this.codec])));
    const id = Number(
      this.db
        .prepare('INSERT INTO order_dict (codec, bytes, built_ms, sample_orders) VALUES (?, ?, ?, ?)')
        .run(this.codec, bytes, Date.now(), texts.length).lastInsertRowid,
    );
    this.current = { id, codec: this.codec, bytes };
    this.dictionaries.set(id, this.current);
    // The few orders stored without a dictionary are stored again with it.
    const rows = this.db
      .prepare('SELECT rid, dict_id, doc, NULL AS json FROM order_doc WHERE dict_id = 0')
      .all() as StoredDocRow[];
    for (const row of rows) {
      let text: string;
      try {
        text = this.decode(row);
      } catch {
        continue; // left as it is: reported (and re-fetched) when read
      }
      st.upsertDoc.run(row.rid, id, compress(this.current, text));
    }
    return id;
  }

  /** Forgets the cached writing dictionary (a rolled-back transaction may have created it). */
  forget(): void {
    this.current = undefined;
    this.decoded.clear();
    for (const id of [...this.dictionaries.keys()]) if (id !== 0) this.dictionaries.delete(id);
  }

  private writingDictionary(st: DocStatements): Dictionary {
    if (this.current === undefined) {
      const row = st.latestDict.get();
      this.current = row === undefined ? NO_DICTIONARY : this.remember(row);
    }
    return this.current;
  }

  private dictionary(st: DocStatements, id: number, rid: number): Dictionary {
    const known = this.dictionaries.get(id);
    if (known !== undefined) return known;
    const row = st.selectDict.get(id);
    if (row === undefined) throw new DamagedOrderError(rid, `dictionary ${id} is missing`);
    return this.remember(row);
  }

  private remember(row: { id: number; codec: string; bytes: Buffer }): Dictionary {
    const dict: Dictionary = { id: row.id, codec: row.codec === 'zstd' ? 'zstd' : 'deflate', bytes: row.bytes };
    this.dictionaries.set(row.id, dict);
    return dict;
  }
}

/**
 * Up to `limit` stored rows after `afterRid`, in rid order, compressed or (not yet converted) plain: for readers of
 * every order (a migration, recomputed deadlines or Insights facts). Decode each with OrderDocs.decode.
 */
export function readDocBatch(db: Database.Database, afterRid: number, limit: number): StoredDocRow[] {
  if (!hasCompressedDocs(db)) {
    // A migration before schema 7: every row is plain JSON.
    return db
      .prepare('SELECT rid, NULL AS dict_id, NULL AS doc, json FROM order_json WHERE rid > ? ORDER BY rid LIMIT ?')
      .all(afterRid, limit) as StoredDocRow[];
  }
  return db
    .prepare(
      `SELECT rid, dict_id, doc, json FROM (
         SELECT rid, dict_id, doc, NULL AS json FROM order_doc WHERE rid > ?
         UNION ALL SELECT rid, NULL, NULL, json FROM order_json WHERE rid > ?)
       ORDER BY rid LIMIT ?`,
    )
    .all(afterRid, afterRid, limit) as StoredDocRow[];
}

function hasCompressedDocs(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'order_doc'").get() !== undefined;
}
