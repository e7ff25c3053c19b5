import type Database from 'better-sqlite3';
import type { Order, SkippedOrder } from '../../shared/domain/order';
import { DueColumnWriter } from './dueColumns';
import { InsightFactsWriter } from './insightFacts';
import { OrderDocs } from './orderDocs';
import { newestKnownMs, orderColumns, type OrderColumns } from './orderRows';
import { OwnTextIndex } from './ownTextIndex';
import type { SearchColumns } from './searchGrams';
import { COLUMN_SEPARATOR } from './searchText';
import { TextGroups } from './textGroups';

/** What a change event must carry for the cache to store it (the sync layer defines the event types). */
export interface StorableEvent {
  type: string;
  orderId: string;
  atMs: number;
}

/**
 * The writer's shortcuts, each of which stores exactly what the plain path stores (same rows, documents, search
 * results and Insights facts: writerShortcuts.test.ts); all on unless a test or the writer bench turns one off to
 * compare.
 */
export interface WriterShortcuts {
  /** New title sets' full-text documents written last in the page's transaction (TextGroups.idOf). */
  setIndexAtEnd: boolean;
  /** The JSON's UTF-8 bytes made once: hashed for `content_hash` and compressed (orderColumns' `keepBytes`). */
  hashDocBytes: boolean;
  /**
   * Which of the page's orders the file holds, asked in one statement for the whole page: an order it does not hold
   * (every order of a first sync but the few read twice) is inserted without a lookup of its own (~2.5 µs each).
   */
  pageIdLookup: boolean;
  /**
   * The writer thread's own connection checkpoints the WAL every WRITER_WAL_CHECKPOINT_PAGES instead of SQLite's
   * 1,000 (writerPump.ts `prepareWriterConnection`; the file's content is the same, only copied into it less often).
   */
  fewerCheckpoints: boolean;
  /**
   * A first full sync (indexes deferred) writes the Insights facts without their sums' triggers and adds the sums
   * up once at its end, as it builds the indexes (deferredSums.ts: 8–15 µs an order of the writer's ~125). Not a
   * sync's default (DEFER_SUMS_BY_DEFAULT): ALL_SHORTCUTS has it, a sync given no shortcuts does not.
   */
  deferSums: boolean;
}

export const ALL_SHORTCUTS: WriterShortcuts = {
  setIndexAtEnd: true,
  hashDocBytes: true,
  pageIdLookup: true,
  fewerCheckpoints: true,
  deferSums: true,
};

export interface PageWriteOptions<E extends StorableEvent> {
  /** Platform time (envelope `time`) of the response the orders came in, as believed (see PlatformClock). */
  seenAtMs: number;
  /**
   * The envelope time exactly as the platform sent it, which alone orders two copies of an order (stored as
   * `seen_ms`): null when the answer carried none (the copy is then never judged stale); omitted: `seenAtMs` is it.
   */
  answeredMs?: number | null;
  /**
   * True once the cache holds a complete baseline (a finished full sync). Before that, orders stored for the
   * first time get the newest instant they carry as their known update time, and no events are described.
   */
  baseline: boolean;
  /** Events for one order's change; `before` is undefined for an order the cache did not hold. */
  describe?: (before: Order | undefined, after: Order, atMs: number) => E[];
  /**
   * `orders[i]`'s JSON text exactly as JSON.stringify(orders[i]) makes it, when the caller has it already (the
   * writer thread receives each order as that text): stored as it is instead of stringified again.
   */
  texts?: readonly string[];
  /** Default ALL_SHORTCUTS. */
  shortcuts?: WriterShortcuts;
}

export interface PageWriteResult<E> {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Events written in the page's transaction, with their sequence numbers. */
  events: Array<E & { seq: number }>;
  /** Orders that could not be turned into rows (the rest of the page is stored). */
  skipped: SkippedOrder[];
}

/** Title-group ids kept in memory by a writer (then forgotten all at once: bounded, and cheap to refill). */
const TITLE_GROUPS_REMEMBERED = 10_000;

/** Change events kept in the outbox table; older ones are pruned. */
export const EVENT_RETENTION = 10_000;

type ExistingRow = SearchColumns & { rid: number; content_hash: string; seen_ms: number; text_gid: number | null };

/**
 * A copy the platform answered this much earlier (its envelope times, as sent) than the stored one is stale:
 * answers of one sync can arrive out of order. Past this gap the platform clock is taken to have jumped back, and
 * the copy is applied. Only the platform's own times are compared, never a stand-in local clock (PlatformClock).
 */
export const STALE_COPY_WINDOW_MS = 15 * 60_000;

/**
 * Whether an order's full-text documents must be written again: its own text changed, it names another title set,
 * or it is a row of an older file (titles and SKU attributes still in its own documents: text_gid NULL).
 */
const textChanged = (a: ExistingRow, b: SearchColumns, textGid: number) =>
  a.text_gid !== textGid || a.order_num !== b.order_num || a.buyer_name !== b.buyer_name || a.remark !== b.remark;

/**
 * The order's row columns; undefined (and the order listed as skipped) when they cannot be computed. Decoding
 * bounds what reaches here, so this is the last guard: one odd order must not stop the page or every later sync.
 * SQLite errors are not caught: they concern the file, not the order.
 */
function rowsOf(
  order: Order,
  skipped: SkippedOrder[],
  json: string | undefined,
  keepBytes: boolean,
): OrderColumns | undefined {
  try {
    return orderColumns(order, json, keepBytes);
  } catch (e) {
    skipped.push({
      id: order.id,
      ...(typeof order.createTime === 'string' ? { createTime: order.createTime } : {}),
      reason: `could not be stored: ${e instanceof Error ? e.message : String(e)}`,
    });
    return undefined;
  }
}

/** Prepared statements for writing pages; one set per connection. */
export class OrderWriter {
  private readonly select: Database.Statement<[string], ExistingRow>;
  /** The IDs, of a JSON array of IDs, that the file holds. */
  private readonly held: Database.Statement<[string], string>;
  private readonly insert: Database.Statement;
  private readonly update: Database.Statement;
  private readonly docs: OrderDocs;
  private readonly indexedRid: Database.Statement<[], number>;
  private readonly deleteGrams: Database.Statement<[number]>;
  private readonly deleteTrigrams: Database.Statement<[number]>;
  private readonly own: OwnTextIndex;
  private readonly upsertSearchText: Database.Statement<[number, number, string]>;
  private readonly textGroups: TextGroups;
  private readonly selectTitleGroup: Database.Statement<[string], number>;
  private readonly insertTitleGroup: Database.Statement<[string]>;
  private readonly titleGroups = new Map<string, number>();
  private readonly due: DueColumnWriter;
  private readonly facts: InsightFactsWriter;
  private readonly insertEvent: Database.Statement<[string, string, number, string]>;
  private readonly pruneEvents: Database.Statement<[number]>;
  private readonly writePage: Database.Transaction<
    (orders: readonly Order[], opts: PageWriteOptions<StorableEvent>) => PageWriteResult<StorableEvent>
  >;

  constructor(private readonly db: Database.Database) {
    this.due = new DueColumnWriter(db);
    this.facts = new InsightFactsWriter(db);
    this.select = db.prepare(
      'SELECT rid, content_hash, seen_ms, order_num, buyer_name, titles, sku_attrs, remark, text_gid FROM orders WHERE id = ?',
    );
    this.held = db
      .prepare<[string], string>('SELECT id FROM orders WHERE id IN (SELECT value FROM json_each(?))')
      .pluck();
    this.insert = db.prepare(`INSERT INTO orders (id, order_num, buyer_id, buyer_name, order_status, after_sales_status,
        delivery_status, delivery_exception, has_after_sales, has_dispute, create_ms, pay_ms, changed_ms, seen_ms,
        content_hash, title_gid, titles, sku_attrs, remark, text_gid)
      VALUES (@id, @order_num, @buyer_id, @buyer_name, @order_status, @after_sales_status, @delivery_status,
        @delivery_exception, @has_after_sales, @has_dispute, @create_ms, @pay_ms, @changed_ms, @seen_ms,
        @content_hash, @title_gid, '', '', @remark, @text_gid)`);
    this.docs = new OrderDocs(db);
    this.update = db.prepare(`UPDATE orders SET order_num = @order_num, buyer_id = @buyer_id, buyer_name = @buyer_name,
        order_status = @order_status, after_sales_status = coalesce(@after_sales_status, after_sales_status), delivery_status = @delivery_status,
        delivery_exception = @delivery_exception, has_after_sales = @has_after_sales, has_dispute = @has_dispute,
        create_ms = @create_ms, pay_ms = @pay_ms, changed_ms = @changed_ms, seen_ms = @seen_ms,
        content_hash = @content_hash, title_gid = @title_gid, titles = '', sku_attrs = '', remark = @remark,
        text_gid = @text_gid
      WHERE rid = @rid`);
    this.textGroups = new TextGroups(db);
    this.indexedRid = db.prepare<[], number>('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck();
    this.deleteGrams = db.prepare('DELETE FROM orders_grams WHERE rowid = ?');
    this.deleteTrigrams = db.prepare('DELETE FROM orders_fts WHERE rowid = ?');
    this.own = new OwnTextIndex(db);
    this.upsertSearchText = db.prepare(
      'INSERT INTO order_search (rid, tgid, text) VALUES (?, ?, ?) ON CONFLICT (rid) DO UPDATE SET tgid = excluded.tgid, text = excluded.text',
    );
    this.selectTitleGroup = db.prepare<[string], number>('SELECT gid FROM title_group WHERE titles = ?').pluck();
    this.insertTitleGroup = db.prepare('INSERT INTO title_group (titles) VALUES (?)');
    this.insertEvent = db.prepare('INSERT INTO change_event (type, order_id, at_ms, payload) VALUES (?, ?, ?, ?)');
    this.pruneEvents = db.prepare('DELETE FROM change_event WHERE seq <= (SELECT max(seq) FROM change_event) - ?');
    this.writePage = db.transaction((orders: readonly Order[], opts: PageWriteOptions<StorableEvent>) =>
      this.applyInTransaction(orders, opts),
    );
  }

  /** Upserts one page of orders in one (immediate) transaction, with the change events it produces. */
  apply<E extends StorableEvent>(orders: readonly Order[], opts: PageWriteOptions<E>): PageWriteResult<E> {
    try {
      return this.writePage.immediate(
        orders,
        opts as unknown as PageWriteOptions<StorableEvent>,
      ) as unknown as PageWriteResult<E>;
    } catch (e) {
      // Title groups created by the rolled-back transaction are gone with it.
      this.titleGroups.clear();
      this.textGroups.forget();
      this.facts.forget();
      this.docs.forget();
      throw e;
    }
  }

  private applyInTransaction<E extends StorableEvent>(
    orders: readonly Order[],
    opts: PageWriteOptions<E>,
  ): PageWriteResult<E> {
    const result: PageWriteResult<E> = { inserted: 0, updated: 0, unchanged: 0, events: [], skipped: [] };
    let indexedRid: number | undefined;
    const answeredMs = opts.answeredMs === undefined ? opts.seenAtMs : opts.answeredMs;
    const shortcuts = opts.shortcuts ?? ALL_SHORTCUTS;
    this.due.begin();
    this.facts.begin();
    // pageIdLookup: the IDs the file holds — before this page, and those the page inserts as it goes (a page may
    // name an order twice); any other order is not in the file.
    const held = shortcuts.pageIdLookup ? this.heldOf(orders) : undefined;
    for (let i = 0; i < orders.length; i++) {
      const order = orders[i]!;
      const columns = rowsOf(order, result.skipped, opts.texts?.[i], shortcuts.hashDocBytes);
      if (columns === undefined) continue;
      const existing =
        held === undefined || typeof order.id !== 'string' || held.has(order.id)
          ? this.select.get(order.id)
          : undefined;
      if (existing === undefined) {
        held?.add(order.id);
        const info = this.insert.run({
          ...columns,
          title_gid: this.titleGroup(columns.title_key),
          text_gid: this.textGroups.idOf(columns.titles, columns.sku_attrs, shortcuts.setIndexAtEnd),
          changed_ms: opts.baseline ? opts.seenAtMs : newestKnownMs(order, columns),
          seen_ms: answeredMs ?? 0,
        });
        this.docs.write(Number(info.lastInsertRowid), columns.json, columns.json_bytes);
        this.due.inserted(Number(info.lastInsertRowid), order);
        this.facts.write(Number(info.lastInsertRowid), order, false);
        result.inserted++;
        if (opts.baseline && opts.describe) this.record(result, opts.describe(undefined, order, opts.seenAtMs));
      } else if (
        existing.content_hash === columns.content_hash ||
        (answeredMs !== null && existing.seen_ms > answeredMs && existing.seen_ms - answeredMs <= STALE_COPY_WINDOW_MS)
      ) {
        // The same, or an older copy than the one stored (a late answer): nothing to write, no events.
        result.unchanged++;
      } else {
        const before = opts.baseline && opts.describe ? this.storedBefore(existing.rid) : undefined;
        const textGid = this.textGroups.idOf(columns.titles, columns.sku_attrs, shortcuts.setIndexAtEnd);
        this.update.run({
          ...columns,
          title_gid: this.titleGroup(columns.title_key),
          text_gid: textGid,
          changed_ms: opts.seenAtMs,
          seen_ms: answeredMs ?? existing.seen_ms,
          rid: existing.rid,
        });
        this.docs.write(existing.rid, columns.json, columns.json_bytes);
        this.due.updated(existing.rid, order);
        this.facts.write(existing.rid, order, true);
        indexedRid ??= this.indexedRid.get()!;
        if (existing.rid <= indexedRid && textChanged(existing, columns, textGid))
          this.rewriteGrams(existing, columns, textGid);
        result.updated++;
        if (before && opts.describe) this.record(result, opts.describe(before, order, opts.seenAtMs));
      }
    }
    this.facts.end();
    if (result.events.length > 0) this.pruneEvents.run(EVENT_RETENTION);
    if (result.inserted > 0) this.docs.buildDictionaryWhenDue();
    // Last: no statement after it makes FTS5 write the new sets' documents as segments of their own.
    this.textGroups.indexCreated();
    return result;
  }

  /** Which of the orders' IDs the file holds (one statement; IDs are text, compared as the unique index holds them). */
  private heldOf(orders: readonly Order[]): Set<string> {
    const ids: string[] = [];
    for (const o of orders) if (typeof o.id === 'string') ids.push(o.id);
    return new Set(this.held.all(JSON.stringify(ids)));
  }

  /**
   * The stored version an update replaces, for its change events; undefined when it cannot be read back (a damaged
   * row: the new version repairs it, with no events, as nothing is known of what changed).
   */
  private storedBefore(rid: number): Order | undefined {
    try {
      const json = this.docs.json(rid);
      return json === undefined ? undefined : (JSON.parse(json) as Order);
    } catch {
      return undefined;
    }
  }

  /**
   * The id of a set of product titles, created on first sight. A few thousand sets serve every order, so their ids
   * are remembered (title groups are never deleted; a rolled-back page forgets them all, see apply).
   */
  private titleGroup(key: string): number {
    let gid = this.titleGroups.get(key);
    if (gid === undefined) {
      gid = this.selectTitleGroup.get(key) ?? Number(this.insertTitleGroup.run(key).lastInsertRowid);
      if (this.titleGroups.size >= TITLE_GROUPS_REMEMBERED) this.titleGroups.clear();
      this.titleGroups.set(key, gid);
    }
    return gid;
  }

  /** Both full-text indexes and the folded text of an indexed row whose text changed, from its folded columns. */
  private rewriteGrams(existing: ExistingRow, columns: OrderColumns, textGid: number): void {
    if (existing.text_gid === null) {
      // A row of an older file not converted yet: its documents with its titles go (migrationV9.ts).
      this.deleteTrigrams.run(existing.rid);
      this.deleteGrams.run(existing.rid);
    } else {
      this.own.delete(existing.rid);
    }
    const folded = this.own.insert(existing.rid, columns);
    this.upsertSearchText.run(existing.rid, textGid, folded.join(COLUMN_SEPARATOR));
  }

  private record<E extends StorableEvent>(result: PageWriteResult<E>, events: E[]): void {
    for (const e of events) {
      const info = this.insertEvent.run(e.type, e.orderId, e.atMs, JSON.stringify(e));
      result.events.push({ ...e, seq: Number(info.lastInsertRowid) });
    }
  }
}
