import type Database from 'better-sqlite3';
import { OrderDocs, readDocBatch } from './orderDocs';
import type { Order } from '../../shared/domain/order';
import type { DeadlineRules } from '../due/deadlineRules';
import { orderFacts } from '../insights/orderFacts';
import { localDays, monthOfDay, type LocalDays } from '../insights/localDays';
import { readDeadlineRules } from './deadlineRulesMeta';
import { moveInsightDays } from './insightZoneMove';
import { isTimeZone } from '../insights/zonedBuckets';
import { hasInsightAggregates, LeadDayChanges, rebuildInsightAggregates } from './insightAggregates';

/** The meta key of the zone whose local days `day` columns hold. */
export const INSIGHTS_ZONE_META = 'insights_zone';

/**
 * The Insights fact tables (schema version 5): one narrow row per order and one per SKU of an order, written with
 * the order in the same transaction (OrderWriter), so the aggregates (insightQueries.ts) are index scans of a few
 * integers per order, never JSON. A sync therefore recomputes exactly the orders it changed and nothing else.
 */
export const INSIGHT_FACTS_SQL = `
CREATE TABLE insight_order (
  rid          INTEGER PRIMARY KEY,             -- = orders.rid
  create_ms    INTEGER NOT NULL,
  day          INTEGER NOT NULL,                -- local day of create_ms in the recorded zone (meta insights_zone)
  pay_ms       INTEGER NOT NULL,                -- 0 while unpaid
  currency     TEXT NOT NULL,                   -- seller currency code, '' when absent
  amount_micro INTEGER NOT NULL,                -- order price in millionths of the currency unit
  units        INTEGER NOT NULL,
  lead_ms      INTEGER,                         -- clock start (payment) to full delivery; NULL when not measured
  required_ms  INTEGER,                         -- the whole order's allowed delivery time; NULL without one
  late         INTEGER,                         -- 1 late, 0 on time, NULL not measured
  exception    INTEGER NOT NULL,
  after_sales  INTEGER NOT NULL,
  dispute      INTEGER NOT NULL
);
-- Delivery times: only measured orders (most delivered ones), read per range of days for the percentiles.
CREATE INDEX insight_order_lead ON insight_order (day, lead_ms, required_ms) WHERE lead_ms IS NOT NULL;
-- The time series, summed per local day and currency by triggers: two years are ~5,000 rows, not 100,000 orders.
-- A fact row is never updated in place (the writer deletes and inserts), so the two triggers keep the sums exact.
CREATE TABLE insight_day (
  day          INTEGER NOT NULL,
  currency     TEXT NOT NULL,
  orders       INTEGER NOT NULL,
  paid         INTEGER NOT NULL,
  units        INTEGER NOT NULL,                -- of paid orders
  amount_micro INTEGER NOT NULL,                -- of paid orders
  exceptions   INTEGER NOT NULL,
  after_sales  INTEGER NOT NULL,
  disputes     INTEGER NOT NULL,
  late         INTEGER NOT NULL,
  measured     INTEGER NOT NULL,
  PRIMARY KEY (day, currency)
) WITHOUT ROWID;
CREATE TRIGGER insight_day_add AFTER INSERT ON insight_order BEGIN
  INSERT INTO insight_day VALUES (new.day, new.currency, 1, new.pay_ms > 0,
    CASE WHEN new.pay_ms > 0 THEN new.units ELSE 0 END, CASE WHEN new.pay_ms > 0 THEN new.amount_micro ELSE 0 END,
    new.exception, new.after_sales, new.dispute, coalesce(new.late = 1, 0), new.late IS NOT NULL)
  ON CONFLICT (day, currency) DO UPDATE SET orders = orders + 1, paid = paid + excluded.paid,
    units = units + excluded.units, amount_micro = amount_micro + excluded.amount_micro,
    exceptions = exceptions + excluded.exceptions, after_sales = after_sales + excluded.after_sales,
    disputes = disputes + excluded.disputes, late = late + excluded.late, measured = measured + excluded.measured;
END;
CREATE TRIGGER insight_day_remove AFTER DELETE ON insight_order BEGIN
  UPDATE insight_day SET orders = orders - 1, paid = paid - (old.pay_ms > 0),
    units = units - CASE WHEN old.pay_ms > 0 THEN old.units ELSE 0 END,
    amount_micro = amount_micro - CASE WHEN old.pay_ms > 0 THEN old.amount_micro ELSE 0 END,
    exceptions = exceptions - old.exception, after_sales = after_sales - old.after_sales,
    disputes = disputes - old.dispute, late = late - coalesce(old.late = 1, 0), measured = measured - (old.late IS NOT NULL)
  WHERE day = old.day AND currency = old.currency;
END;
CREATE TABLE insight_item (
  rid              INTEGER NOT NULL,            -- = orders.rid
  product_key      TEXT NOT NULL,
  sku_key          TEXT NOT NULL,
  day              INTEGER NOT NULL,            -- as insight_order.day
  month            INTEGER NOT NULL,            -- local month of day: year * 12 + month - 1
  paid             INTEGER NOT NULL,
  currency         TEXT NOT NULL,
  amount_micro     INTEGER NOT NULL,
  units            INTEGER NOT NULL,
  after_sales      INTEGER NOT NULL,
  first_of_product INTEGER NOT NULL,            -- 1 on one row per product of the order: sum = orders per product
  PRIMARY KEY (rid, product_key, sku_key)
) WITHOUT ROWID;
CREATE INDEX insight_item_by_day ON insight_item (day, product_key, sku_key, currency, paid, amount_micro, units, after_sales, first_of_product);
-- Paid SKU rows summed per local month by triggers: a top list over whole months reads ~1,000 rows a month, not
-- every order's items (the range's partial months come from insight_item).
CREATE TABLE insight_month_sku (
  month             INTEGER NOT NULL,
  product_key       TEXT NOT NULL,
  sku_key           TEXT NOT NULL,
  currency          TEXT NOT NULL,
  orders            INTEGER NOT NULL,
  product_orders    INTEGER NOT NULL,           -- sum of first_of_product
  units             INTEGER NOT NULL,
  amount_micro      INTEGER NOT NULL,
  after_sales       INTEGER NOT NULL,
  product_after     INTEGER NOT NULL,           -- after_sales × first_of_product
  PRIMARY KEY (month, product_key, sku_key, currency)
) WITHOUT ROWID;
CREATE TRIGGER insight_month_add AFTER INSERT ON insight_item WHEN new.paid = 1 BEGIN
  INSERT INTO insight_month_sku VALUES (new.month, new.product_key, new.sku_key, new.currency, 1, new.first_of_product,
    new.units, new.amount_micro, new.after_sales, new.after_sales * new.first_of_product)
  ON CONFLICT (month, product_key, sku_key, currency) DO UPDATE SET orders = orders + 1,
    product_orders = product_orders + excluded.product_orders, units = units + excluded.units,
    amount_micro = amount_micro + excluded.amount_micro, after_sales = after_sales + excluded.after_sales,
    product_after = product_after + excluded.product_after;
END;
CREATE TRIGGER insight_month_remove AFTER DELETE ON insight_item WHEN old.paid = 1 BEGIN
  UPDATE insight_month_sku SET orders = orders - 1, product_orders = product_orders - old.first_of_product,
    units = units - old.units, amount_micro = amount_micro - old.amount_micro, after_sales = after_sales - old.after_sales,
    product_after = product_after - old.after_sales * old.first_of_product
  WHERE month = old.month AND product_key = old.product_key AND sku_key = old.sku_key AND currency = old.currency;
END;
-- Names of products and SKUs (latest seen), looked up for the few rows a top list shows.
CREATE TABLE insight_sku (
  product_key TEXT NOT NULL,
  sku_key     TEXT NOT NULL,
  title       TEXT NOT NULL,
  sku_label   TEXT NOT NULL,
  PRIMARY KEY (product_key, sku_key)
) WITHOUT ROWID;
INSERT INTO meta (key, value) VALUES ('insights_zone', 'UTC') ON CONFLICT (key) DO NOTHING;
CREATE TRIGGER orders_insight_delete AFTER DELETE ON orders BEGIN
  DELETE FROM insight_order WHERE rid = old.rid;
  DELETE FROM insight_item WHERE rid = old.rid;
END;
`;

/** Removes what INSIGHT_FACTS_SQL creates (tests rewind a file to an older version with it). */
export const DROP_INSIGHT_FACTS_SQL = `DROP TRIGGER orders_insight_delete; DROP TABLE insight_order; DROP TABLE insight_item;
  DROP TABLE insight_day; DROP TABLE insight_month_sku; DROP TABLE insight_sku; DELETE FROM meta WHERE key = 'insights_zone';`;

/** Writes the fact rows of stored orders; one per connection (OrderWriter's). `begin` once per page. */
export class InsightFactsWriter {
  private readonly putOrder: Database.Statement;
  private readonly dropOrder: Database.Statement<[number]>;
  /** The delivery-time arrays per day (schema 8); absent on an older file being migrated. */
  private readonly leadDays: LeadDayChanges | undefined;
  private readonly dropItems: Database.Statement<[number]>;
  private readonly zoneText: Database.Statement<[], string>;
  /** Whether this writer has checked, once, if an empty cache should take this computer's zone. */
  private zoneAdopted = false;
  private days: LocalDays = localDays('UTC');
  private readonly putItem: Database.Statement;
  private readonly putSku: Database.Statement;
  private rules: DeadlineRules | undefined;
  /** Names written by this writer (a catalogue repeats): an unchanged name costs no statement. */
  private readonly names = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    aggregates = hasInsightAggregates(db),
  ) {
    this.leadDays = aggregates ? new LeadDayChanges(db) : undefined;
    // A plain INSERT after an explicit DELETE (never INSERT OR REPLACE, whose delete fires no trigger): the day sums
    // see the old row leave and the new one arrive.
    this.putOrder = db.prepare(`INSERT INTO insight_order (rid, create_ms, day, pay_ms, currency, amount_micro,
        units, lead_ms, required_ms, late, exception, after_sales, dispute)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.dropOrder = db.prepare('DELETE FROM insight_order WHERE rid = ? RETURNING day, lead_ms, required_ms').raw();
    this.dropItems = db.prepare('DELETE FROM insight_item WHERE rid = ?');
    this.putItem = db.prepare(`INSERT INTO insight_item (rid, product_key, sku_key, day, month, paid, currency,
        amount_micro, units, after_sales, first_of_product) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.putSku = db.prepare(`INSERT INTO insight_sku (product_key, sku_key, title, sku_label) VALUES (?, ?, ?, ?)
      ON CONFLICT (product_key, sku_key) DO UPDATE SET title = excluded.title, sku_label = excluded.sku_label
      WHERE title IS NOT excluded.title OR sku_label IS NOT excluded.sku_label`);
    this.zoneText = db.prepare<[], string>(`SELECT value FROM meta WHERE key = '${INSIGHTS_ZONE_META}'`).pluck();
  }

  /** Reads the cache's deadline rules (lateness follows them) and zone, inside the page's transaction. */
  begin(rules?: DeadlineRules): void {
    this.rules = rules ?? readDeadlineRules(this.db);
    let zone = this.zoneText.get() ?? 'UTC';
    if (!this.zoneAdopted) {
      this.zoneAdopted = true;
      zone = adoptLocalZone(this.db, zone);
    }
    if (zone !== this.days.timeZone) this.days = localDays(zone);
  }

  /**
   * After a page's orders (inside its transaction): the delivery times of the days the page touched. The buyers it
   * marked wait for the next Insights request (refreshInsightsInSteps): a page's commit stays small, and a sync of
   * many pages refreshes each buyer once.
   */
  end(): void {
    this.leadDays?.flush();
  }

  /** After a rolled-back page: names it wrote are gone with it, and its pending changes. */
  forget(): void {
    this.names.clear();
    this.leadDays?.forget();
  }

  write(rid: number, order: Order, replace: boolean): void {
    const f = orderFacts(order, this.rules ?? readDeadlineRules(this.db));
    const day = this.days.dayOf(f.createMs);
    if (replace) {
      const old = this.dropOrder.get(rid) as [number, number | null, number | null] | undefined;
      if (old) this.leadDays?.removed(old[0], old[1], old[2]);
    }
    this.leadDays?.added(day, f.leadMs, f.requiredMs);
    this.putOrder.run(
      rid,
      f.createMs,
      day,
      f.payMs,
      f.currency,
      f.amountMicro,
      f.units,
      f.leadMs,
      f.requiredMs,
      f.late,
      f.exception,
      f.afterSales,
      f.dispute,
    );
    if (replace) this.dropItems.run(rid);
    const paid = f.payMs > 0 ? 1 : 0;
    for (const i of f.items) {
      this.putItem.run(
        rid,
        i.productKey,
        i.skuKey,
        day,
        monthOfDay(day),
        paid,
        f.currency,
        i.amountMicro,
        i.units,
        f.afterSales,
        i.firstOfProduct,
      );
      const name = `${i.productKey}\n${i.skuKey}\n${i.title}\n${i.skuLabel}`;
      if (!this.names.has(name)) {
        if (this.names.size > 10_000) this.names.clear();
        this.putSku.run(i.productKey, i.skuKey, i.title, i.skuLabel);
        this.names.add(name);
      }
    }
  }
}

/**
 * The zone of an empty cache's first facts: this computer's (where the app asks in, unless told otherwise) rather
 * than UTC, so the first Insights request after the first sync finds the days already in its zone and moves
 * nothing. A cache that holds facts keeps its zone (moving it is the request's job: useInsightsZone).
 */
function adoptLocalZone(db: Database.Database, recorded: string): string {
  const local = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Only the default the file was created with; a zone a request chose stays.
  if (recorded !== 'UTC' || !local || local === recorded || !isTimeZone(local)) return recorded;
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM insight_order)').pluck().get()) return recorded;
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    INSIGHTS_ZONE_META,
    local,
  );
  return local;
}

/** Every order's facts from its stored JSON (a migration, a change of deadline rules); call inside a transaction. */
export function recomputeInsightFacts(db: Database.Database, rules: DeadlineRules): number {
  // The aggregates (schema 8) are rebuilt once from the new facts rather than edited order by order.
  const aggregates = hasInsightAggregates(db);
  const writer = new InsightFactsWriter(db, false);
  writer.begin(rules);
  db.exec(
    'DELETE FROM insight_order; DELETE FROM insight_item; DELETE FROM insight_day; DELETE FROM insight_month_sku;',
  );
  // In batches: better-sqlite3 runs no other statement while one is being read, and 100,000 JSON texts at once
  // would be hundreds of MiB.
  const docs = new OrderDocs(db);
  let n = 0;
  for (let after = 0; ;) {
    const rows = readDocBatch(db, after, 2000);
    if (rows.length === 0) {
      if (aggregates) rebuildInsightAggregates(db);
      return n;
    }
    for (const row of rows) writer.write(row.rid, JSON.parse(docs.decode(row)) as Order, false);
    n += rows.length;
    after = rows[rows.length - 1]!.rid;
  }
}

/** The zone the day columns and sums are in. */
export function insightsZone(db: Database.Database): string {
  return (db.prepare(`SELECT value FROM meta WHERE key = '${INSIGHTS_ZONE_META}'`).pluck().get() as string) ?? 'UTC';
}

/**
 * Moves the day columns and the sums to `timeZone` (the first Insights request in another zone): the orders whose
 * local day differs there, moved with their share of every sum (insightZoneMove.ts), the zone recorded — one
 * transaction. Returns false when the cache is already in that zone.
 */
export function useInsightsZone(db: Database.Database, timeZone: string): boolean {
  if (insightsZone(db) === timeZone) return false;
  db.transaction(() => {
    moveInsightDays(db, timeZone);
    db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(INSIGHTS_ZONE_META, timeZone);
  }).immediate();
  return true;
}
