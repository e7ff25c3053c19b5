/**
 * Deterministic demo orders. Everything comes from seeded PRNGs (no Math.random): the same seed, order count
 * and start clock give identical data. Times are relative to the start clock (the last ~2 years before it).
 *
 * Each order has its own PRNG stream (seed + sequence number), so an order can be rebuilt on demand: the store
 * keeps only a "plan" summary per order (times, statuses, buyer, products) and builds the full wire object
 * when a page needs it. The plan is the first part of the stream; the details continue the same stream.
 */
import {
  BUYER_NAMES,
  CHARACTER_NAMES,
  CURRENCIES,
  DELIVERY_DESCRIPTIONS,
  DELIVERY_ERRORS,
  IMAGE_HOST,
  NOTES,
  REMARKS,
  type DeliveryField,
} from './demoCatalog';
import { DAY_MS, orderNumOf, snowflakeId, yyyymmdd } from './orderIds';
import type { SandboxDeliveryInfoEntry, SandboxDeliveryRecord, SandboxOrder, SandboxOrderItem } from './orderTypes';
import { isoTime } from './isoTime';
import { DEADLINE_SHOWCASE, SHOWCASE_MIN_ORDERS, showcaseAt, type ShowcaseOrder } from './deadlineShowcase';
import { CATALOG, cloneAttr, formatMinorUnits, priceInMinorUnits, type Sku, type Spu } from './products';
import { Rng, mixSeed, mulberry32 } from '../core/random/prng';
import { AfterSalesStatus, DeliveryStatus, OrderStatus } from './statuses';

/** Orders are spread over this many days before the start clock. */
export const HISTORY_DAYS = 730;
/** Share of all orders placed on one single "dense" day, 2 to 20 days before the start clock. */
export const DENSE_DAY_SHARE = 0.12;
const HOT_DAY_SHARE = 0.12;
const HOT_DAYS = 6;

interface Buyer {
  id: string;
  name: string;
}

const CURRENCY_WEIGHTS = CURRENCIES.map((c) => [c, c.weight] as const);
const ITEM_COUNT_WEIGHTS = [
  [1, 75],
  [2, 18],
  [3, 7],
] as const;
const QUANTITY_WEIGHTS = [
  [1, 80],
  [2, 12],
  [3, 4],
  [5, 4],
] as const;
const AFTER_SALES_WEIGHTS = [
  [1, 70],
  [2, 10],
  [3, 12],
  [4, 8],
] as const;
const STATUS_WEIGHTS_FIRST_HOURS = [
  [1, 25],
  [2, 40],
  [3, 25],
  [4, 5],
  [5, 5],
] as const;
const STATUS_WEIGHTS_FIRST_DAYS = [
  [1, 5],
  [2, 20],
  [3, 25],
  [4, 45],
  [5, 5],
] as const;
const STATUS_WEIGHTS_OLDER = [
  [1, 0.5],
  [2, 1.5],
  [3, 2],
  [4, 88],
  [5, 8],
] as const;

const iso = isoTime;

const EXTRA_NOTES: DeliveryField = { key: 'Notes / 备注', type: 2, kind: 'notes' };
const EXTRA_SCREENSHOT: DeliveryField = { key: 'Account screenshot', type: 5, kind: 'screenshot' };
const EXTRA_CONTACT: DeliveryField = {
  key: 'Preferred contact',
  type: 4,
  options: ['E-mail', 'WhatsApp', 'LINE', 'WeChat 微信', 'Telegram'],
};
const EXTRA_SPEED: DeliveryField = { key: 'Delivery speed', type: 3, options: ['Standard', 'Express ⚡'] };

/** The part of an order that decides its filter columns; rebuilt identically from (seed, sequence, times). */
export interface OrderPlan {
  sequence: number;
  createMs: number;
  /** The clock when the order was generated (start clock, or insertion time); event times never pass it. */
  generatedAtMs: number;
  fresh: boolean;
  buyer: number;
  items: { spu: Spu; sku: Sku; quantity: number }[];
  baseStatus: number;
  orderStatus: number;
  payMs: number | undefined;
  afterSales: number;
  delivering: number;
  deliveryTotal: number;
  /** [time, count] per delivery record. */
  records: [number, number][];
  updateMs: number;
}

/** Chance that an order belongs to the same master order as the order just before it (if placed within 10 min). */
const SHARED_MASTER_CHANCE = 0.08;

export class DemoDataGenerator {
  private readonly buyers: Buyer[];
  private readonly buyerIndex = new Map<string, number>();
  private readonly streamSeed: number;
  /** For decisions outside single orders (createTime layout, which orders churn touches and how). */
  private readonly rng: Rng;

  constructor(
    readonly seed: number,
    expectedOrders: number,
  ) {
    this.streamSeed = mixSeed(seed, 5);
    this.rng = Rng.seeded(seed, 1);
    this.buyers = this.buildBuyers(Math.max(50, Math.ceil(expectedOrders / 4)));
    this.buyers.forEach((b, i) => this.buyerIndex.set(b.id, i));
  }

  /** Index of a buyer in the pool, by platform buyer ID. */
  buyerIndexOf(buyerId: string): number | undefined {
    return this.buyerIndex.get(buyerId);
  }

  /** Random index in [0, n) (used by the store to pick orders to touch). */
  pickIndex(n: number): number {
    return Math.floor(this.rng.next() * n);
  }

  /** Creation times of `count` orders over the history before `endMs`, ascending. */
  initialCreateTimes(count: number, endMs: number): Float64Array {
    const rng = this.rng;
    const today = Math.floor(endMs / DAY_MS) * DAY_MS;
    const denseDay = today - rng.int(2, 20) * DAY_MS;
    const hotDays = Array.from({ length: HOT_DAYS }, () => today - rng.int(21, HISTORY_DAYS - 10) * DAY_MS);
    const span = HISTORY_DAYS * DAY_MS;
    const times = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const r = rng.next();
      let t: number;
      if (r < DENSE_DAY_SHARE) t = denseDay + rng.next() * DAY_MS;
      else if (r < DENSE_DAY_SHARE + HOT_DAY_SHARE)
        t = hotDays[Math.floor(rng.next() * HOT_DAYS)]! + rng.next() * DAY_MS;
      else t = endMs - span * rng.next() ** 1.6;
      times[i] = Math.min(endMs, Math.floor(t));
    }
    times.sort();
    // The newest few make way for the deadline showcase (orders due around the start; see deadlineShowcase.ts).
    if (count >= SHOWCASE_MIN_ORDERS)
      DEADLINE_SHOWCASE.forEach((s, i) => (times[count - DEADLINE_SHOWCASE.length + i] = endMs - s.ageMs));
    return times.sort();
  }

  private streamFor(sequence: number): Rng {
    return new Rng(mulberry32(mixSeed(this.streamSeed, sequence)));
  }

  /** Whether order `sequence` joins the master order of its predecessor (first draw of its stream). */
  wantsSharedMaster(sequence: number): boolean {
    return this.streamFor(sequence).next() < SHARED_MASTER_CHANCE;
  }

  /** The plan of one order, and its stream positioned where the details continue. */
  plan(sequence: number, createMs: number, generatedAtMs: number, fresh: boolean): { plan: OrderPlan; rng: Rng } {
    const rng = this.streamFor(sequence);
    rng.next(); // shared-master draw, see wantsSharedMaster
    const clamp = (ms: number) => Math.min(generatedAtMs, Math.max(createMs, ms));
    const buyer = Math.floor(rng.next() * this.buyers.length);
    const showcase = fresh ? undefined : showcaseAt(generatedAtMs - createMs);
    if (showcase) return { plan: this.showcasePlan(sequence, createMs, generatedAtMs, buyer, showcase), rng };
    const itemCount = rng.weighted<number>(ITEM_COUNT_WEIGHTS);
    const items: OrderPlan['items'] = [];
    let deliveryTotal = 0;
    for (let i = 0; i < itemCount; i++) {
      const spu = rng.pick(CATALOG);
      const sku = rng.pick(spu.skus);
      const quantity = rng.weighted<number>(QUANTITY_WEIGHTS);
      deliveryTotal += quantity;
      items.push({ spu, sku, quantity });
    }
    const baseStatus = this.baseStatus(rng, generatedAtMs - createMs, fresh);
    let orderStatus = baseStatus;
    const paid =
      baseStatus === OrderStatus.Paid ||
      baseStatus === OrderStatus.Delivering ||
      baseStatus === OrderStatus.Completed ||
      (baseStatus === OrderStatus.Cancelled && rng.chance(0.3));
    const payMs = paid ? clamp(createMs + rng.int(5_000, 1_800_000)) : undefined;
    let afterSales: number = AfterSalesStatus.None;
    if (
      !fresh &&
      (baseStatus === OrderStatus.Paid ||
        baseStatus === OrderStatus.Delivering ||
        baseStatus === OrderStatus.Completed) &&
      rng.chance(0.11)
    ) {
      afterSales = rng.weighted<number>(AFTER_SALES_WEIGHTS);
      if (afterSales === AfterSalesStatus.RefundApproved) orderStatus = OrderStatus.Refunded;
    }
    let delivering = 0;
    if (baseStatus === OrderStatus.Delivering) delivering = rng.int(1, deliveryTotal);
    else if (baseStatus === OrderStatus.Completed) delivering = deliveryTotal;
    const records: [number, number][] = [];
    let lastEventMs = payMs ?? createMs;
    if (delivering > 0) {
      const parts = Math.min(delivering, rng.int(1, 3));
      let left = delivering;
      let at = lastEventMs;
      for (let p = 0; p < parts; p++) {
        const chunk = p === parts - 1 ? left : Math.max(1, Math.floor(delivering / parts));
        left -= chunk;
        at = clamp(at + rng.int(30_000, 3 * 3_600_000));
        records.push([at, chunk]);
      }
      lastEventMs = at;
    }
    if (afterSales !== AfterSalesStatus.None) lastEventMs = clamp(lastEventMs + rng.int(3_600_000, 5 * DAY_MS));
    const plan: OrderPlan = {
      sequence,
      createMs,
      generatedAtMs,
      fresh,
      buyer,
      items,
      baseStatus,
      orderStatus,
      payMs,
      afterSales,
      delivering,
      deliveryTotal,
      records,
      updateMs: clamp(lastEventMs),
    };
    return { plan, rng };
  }

  /** A showcase order: one item, paid, due around the start clock; undelivered, or delivered in full. */
  private showcasePlan(
    sequence: number,
    createMs: number,
    generatedAtMs: number,
    buyer: number,
    s: ShowcaseOrder,
  ): OrderPlan {
    const payMs = Math.min(generatedAtMs, createMs + s.payDelayMs);
    const deliveredMs = Math.min(generatedAtMs, payMs + 60_000);
    return {
      sequence,
      createMs,
      generatedAtMs,
      fresh: false,
      buyer,
      items: [{ spu: s.spu, sku: s.spu.skus[0]!, quantity: 1 }],
      baseStatus: s.delivered ? OrderStatus.Delivering : OrderStatus.Paid,
      orderStatus: s.delivered ? OrderStatus.Delivering : OrderStatus.Paid,
      payMs,
      afterSales: AfterSalesStatus.None,
      delivering: s.delivered ? 1 : 0,
      deliveryTotal: 1,
      records: s.delivered ? [[deliveredMs, 1]] : [],
      updateMs: s.delivered ? deliveredMs : payMs,
    };
  }

  /** Sorted, de-duplicated, lower-cased product titles: orders with the same key share a title group. */
  titleKey(plan: OrderPlan): string {
    return [...new Set(plan.items.map((i) => i.spu.template.title.toLowerCase()))].sort().join('\n');
  }

  /** The full wire object of a planned order. `masterSequence` is the sequence whose master order it belongs to. */
  build(plan: OrderPlan, rng: Rng, masterSequence: number, masterCreateMs: number): SandboxOrder {
    const { createMs, generatedAtMs } = plan;
    const clamp = (ms: number) => Math.min(generatedAtMs, Math.max(createMs, ms));
    const id = snowflakeId(createMs, plan.sequence);
    const buyer = this.buyers[plan.buyer]!;
    const currency = rng.weighted(CURRENCY_WEIGHTS);
    let totalMinor = 0;
    const items: SandboxOrderItem[] = plan.items.map(({ spu, sku, quantity }) => {
      const unit = priceInMinorUnits(sku.usdCents, currency);
      totalMinor += unit * quantity;
      const t = spu.template;
      return {
        productSpuId: spu.spuId,
        productSkuId: sku.skuId,
        productSpuNum: spu.spuNum,
        productSkuNum: sku.skuNum,
        productSpuTitle: t.title,
        quantity,
        deliveryType: t.deliveryType,
        deliveryTime: t.deliveryTime,
        deliveryTimeUnit: t.deliveryTimeUnit,
        categoryId3: spu.categoryId3,
        categoryName: t.categoryName,
        brandId: spu.brandId,
        brandName: t.brandName,
        originalCurrencyProductUnitPrice: formatMinorUnits(unit, currency.decimals),
        originalCurrencyProductTotalPrice: formatMinorUnits(unit * quantity, currency.decimals),
        productSpuAttr: cloneAttr(spu.spuAttr),
        productSkuAttr: { ...sku.attr },
        productSkuImagesUrl: [...sku.imageUrls],
      };
    });
    const isExistDispute = plan.afterSales !== AfterSalesStatus.None ? rng.chance(0.12) : rng.chance(0.01);
    let deliveryStatus: number = DeliveryStatus.Pending;
    if (plan.baseStatus === OrderStatus.Delivering) deliveryStatus = DeliveryStatus.Shipped;
    else if (plan.baseStatus === OrderStatus.Completed)
      deliveryStatus = rng.chance(0.6) ? DeliveryStatus.BuyerSigned : DeliveryStatus.AutoSigned;
    const records = plan.records.map(([at, count], i) => this.deliveryRecord(rng, id, i, at, count));
    const hasError = plan.payMs !== undefined && plan.baseStatus !== OrderStatus.Cancelled && rng.chance(0.033);
    const deliveryErrorInfo = hasError
      ? { ...rng.pick(DELIVERY_ERRORS), occurredAt: iso(clamp(plan.payMs! + rng.int(60_000, 3_600_000))) }
      : null;
    const remark = rng.chance(0.2) ? rng.pick(REMARKS) : '';
    return {
      id,
      orderNum: orderNumOf(createMs, plan.sequence),
      masterOrderNum: `MO${yyyymmdd(masterCreateMs)}${String(masterSequence).padStart(7, '0')}`,
      buyerId: buyer.id,
      buyerName: buyer.name,
      orderStatus: plan.orderStatus,
      orderDeliveryStatus: deliveryStatus,
      payTime: plan.payMs === undefined ? null : iso(plan.payMs),
      createTime: iso(createMs),
      deliveryType: hasError ? 2 : 1,
      deliveryMethodName: plan.items[0]!.spu.template.deliveryMethodName,
      originalCurrencyProductPrice: formatMinorUnits(totalMinor, currency.decimals),
      originalCurrencyCode: currency.code,
      originalCurrencySymbol: currency.symbol,
      orderDeliveryTotal: plan.deliveryTotal,
      deliveringNumber: plan.delivering,
      remark,
      isExistAfterSales: plan.afterSales !== AfterSalesStatus.None,
      isExistDispute,
      orderItems: items,
      deliveryInfo: this.deliveryInfo(
        rng,
        id,
        plan.items.map((i) => i.spu),
      ),
      orderDeliveryList: records,
      deliveryErrorInfo,
      orderAfterSalesStatus: plan.afterSales,
    };
  }

  /** Moves an order one step along its life (pay, ship, complete, open after-sales, ...). The caller bumps updateTime. */
  evolve(o: SandboxOrder, nowMs: number): void {
    const rng = this.rng;
    switch (o.orderStatus) {
      case OrderStatus.AwaitingPayment:
        if (rng.chance(0.8)) {
          o.orderStatus = OrderStatus.Paid;
          o.payTime = iso(nowMs);
        } else {
          o.orderStatus = OrderStatus.Cancelled;
        }
        break;
      case OrderStatus.Paid:
        o.orderStatus = OrderStatus.Delivering;
        o.orderDeliveryStatus = DeliveryStatus.Shipped;
        this.deliverRest(o, nowMs);
        break;
      case OrderStatus.Delivering:
        o.orderStatus = OrderStatus.Completed;
        o.orderDeliveryStatus = rng.chance(0.6) ? DeliveryStatus.BuyerSigned : DeliveryStatus.AutoSigned;
        this.deliverRest(o, nowMs);
        break;
      case OrderStatus.Completed:
        if (o.orderAfterSalesStatus === AfterSalesStatus.None) {
          o.orderAfterSalesStatus = AfterSalesStatus.AwaitingReview;
          o.isExistAfterSales = true;
        } else if (o.orderAfterSalesStatus === AfterSalesStatus.AwaitingReview && rng.chance(0.5)) {
          o.orderAfterSalesStatus = AfterSalesStatus.ClosedByBuyer;
        } else if (!o.isExistDispute) {
          o.isExistDispute = true;
        } else {
          this.changeRemark(o);
        }
        break;
      default:
        this.changeRemark(o);
        break;
    }
  }

  /**
   * The merchant delivers everything still missing (the sandbox's management route): a paid order moves to
   * Delivering, its delivery status to Shipped, and one delivery record covers the rest. False when nothing was
   * missing or the order is not paid.
   */
  deliverAll(o: SandboxOrder, nowMs: number): boolean {
    if (o.payTime === null || o.deliveringNumber >= o.orderDeliveryTotal) return false;
    if (o.orderStatus === OrderStatus.Paid) o.orderStatus = OrderStatus.Delivering;
    if (o.orderDeliveryStatus === DeliveryStatus.Pending) o.orderDeliveryStatus = DeliveryStatus.Shipped;
    this.deliverRest(o, nowMs);
    return true;
  }

  /** The buyer edits the remark (always to a different text). */
  private changeRemark(o: SandboxOrder): void {
    const current = REMARKS.indexOf(o.remark);
    o.remark = REMARKS[(Math.max(current, 0) + 1 + this.rng.int(0, REMARKS.length - 2)) % REMARKS.length]!;
  }

  private deliverRest(o: SandboxOrder, nowMs: number): void {
    const missing = o.orderDeliveryTotal - o.deliveringNumber;
    if (missing <= 0) return;
    o.orderDeliveryList.push(this.deliveryRecord(this.rng, o.id, o.orderDeliveryList.length, nowMs, missing));
    o.deliveringNumber = o.orderDeliveryTotal;
  }

  private buildBuyers(n: number): Buyer[] {
    const rng = Rng.seeded(this.seed, 3);
    const small = new Set<string>();
    const buyers: Buyer[] = [];
    for (let k = 0; k < n; k++) {
      let id: string;
      if (rng.chance(0.05)) {
        // A few legacy accounts with short IDs (below 2^53) keep mixed ID lengths in play.
        do id = String(rng.int(100_000_000, 4_000_000_000));
        while (small.has(id));
        small.add(id);
      } else {
        const base = k % 2 === 0 ? 1n << 60n : 300_000_000_000_000_000n;
        id = (base + BigInt(k) * (1n << 36n) + BigInt(rng.int(0, 0xffffffff))).toString();
      }
      buyers.push({ id, name: rng.pick(BUYER_NAMES) });
    }
    return buyers;
  }

  private baseStatus(rng: Rng, ageMs: number, fresh: boolean): number {
    if (fresh) return rng.chance(0.5) ? OrderStatus.AwaitingPayment : OrderStatus.Paid;
    const weights =
      ageMs < 2 * 3_600_000
        ? STATUS_WEIGHTS_FIRST_HOURS
        : ageMs < 3 * DAY_MS
          ? STATUS_WEIGHTS_FIRST_DAYS
          : STATUS_WEIGHTS_OLDER;
    return rng.weighted<number>(weights);
  }

  private deliveryRecord(rng: Rng, orderId: string, index: number, atMs: number, count: number): SandboxDeliveryRecord {
    const imageUrls = [`${IMAGE_HOST}/delivery/${orderId}-${index + 1}.jpg`];
    if (rng.chance(0.4)) imageUrls.push(`${IMAGE_HOST}/delivery/${orderId}-${index + 1}b.jpg`);
    const code = `${rng.code(5)}-${rng.code(5)}-${rng.code(5)}`;
    return {
      imageUrls,
      description: rng.pick(DELIVERY_DESCRIPTIONS).replace('{code}', code),
      createTime: iso(atMs),
      deliveringNumber: count,
    };
  }

  private deliveryInfo(rng: Rng, orderId: string, spus: readonly Spu[]): SandboxDeliveryInfoEntry[] {
    const fields: DeliveryField[] = [];
    const types = new Set<number>();
    const add = (f: DeliveryField) => {
      if (fields.some((g) => g.key === f.key)) return;
      fields.push(f);
      types.add(f.type);
    };
    for (const spu of spus) for (const f of spu.template.fields) add(f);
    if (rng.chance(0.3) && !types.has(2)) add(EXTRA_NOTES);
    if (rng.chance(0.15) && !types.has(5)) add(EXTRA_SCREENSHOT);
    if (rng.chance(0.15) && !types.has(4)) add(EXTRA_CONTACT);
    if (rng.chance(0.15) && !types.has(3)) add(EXTRA_SPEED);
    const out: SandboxDeliveryInfoEntry[] = [];
    for (const f of fields) {
      let value: string[];
      switch (f.type) {
        case 1:
          value = [
            f.kind === 'player-id'
              ? rng.digits(rng.int(8, 10))
              : f.kind === 'email'
                ? `player${rng.digits(6)}@mail.example`
                : rng.pick(CHARACTER_NAMES),
          ];
          break;
        case 2:
          value = [rng.pick(NOTES)];
          break;
        case 3:
          value = [rng.pick(f.options)];
          break;
        case 4: {
          const chosen = f.options.filter(() => rng.chance(0.4));
          value = chosen.length > 0 ? chosen : [f.options[0]!];
          break;
        }
        case 5:
          value = Array.from({ length: rng.int(1, 2) }, (_, i) => `${IMAGE_HOST}/buyer-upload/${orderId}-${i + 1}.png`);
          break;
      }
      out.push({ key: f.key, value, type: f.type });
    }
    return out;
  }
}
