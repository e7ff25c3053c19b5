import type { Order, OrderItem } from '../../../shared/domain/order';
import { mulberry32 } from '../../random/prng';

/**
 * Tests only: seeded random orders for the Insights aggregates — mixed currencies (0, 2 and 3 minor digits),
 * partial and full deliveries, signed orders with short records, orders without a pay time, creation times packed
 * around local midnights (Berlin's 22:00Z / 23:00Z, UTC's 00:00Z) on both sides of the 2026 DST changes, a few
 * buyers ordering often. `mutate` changes an order the way a sync's update can: another day, currency, payment,
 * delivery, flags, buyer or items.
 */

/** mulberry32 (one implementation, shared with the sandbox's demo data): the same orders on every machine. */
export const seededRandom = mulberry32;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Currencies with their minor digits (JPY 0, EUR/USD 2, KWD 3) and a unit price scale. */
const CURRENCIES: Array<[string, number, number]> = [
  ['EUR', 2, 20],
  ['EUR', 2, 20],
  ['USD', 2, 25],
  ['JPY', 0, 3000],
  ['KWD', 3, 6],
];

/** Stretches of days the orders are created in (UTC midnights): around both DST changes and one summer week. */
const WINDOWS: Array<[number, number]> = [
  [Date.UTC(2026, 2, 24), 12], // 24 Mar – 4 Apr: Berlin's spring change on 29 Mar (a 23-hour day)
  [Date.UTC(2026, 5, 10), 5],
  [Date.UTC(2026, 9, 21), 12], // 21 Oct – 1 Nov: Berlin's autumn change on 25 Oct (25 hours), New York's on 1 Nov
];

export class RandomOrders {
  private readonly next: () => number;
  private seq = 0;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  private int(n: number): number {
    return Math.floor(this.next() * n);
  }

  private pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  /** A creation instant; half of them within minutes of a local midnight. */
  createMs(): number {
    const [start, days] = this.pick(WINDOWS);
    const day = start + this.int(days) * DAY;
    if (this.next() < 0.5) {
      // Berlin midnight is 23:00Z in winter, 22:00Z in summer; UTC midnight is the next 00:00Z.
      const edge = day + this.pick([22 * HOUR, 23 * HOUR, 24 * HOUR]);
      return edge + (this.int(7) - 3) * MIN - (this.next() < 0.2 ? 1 : 0);
    }
    return day + this.int(DAY);
  }

  order(): Order {
    this.seq++;
    return this.shape(String(7_000_000_000_000_000_000n + BigInt(this.seq)), this.createMs());
  }

  /** The order changed as an update can change it (keeps its ID; usually one or two fields). */
  mutate(o: Order): Order {
    const changes = 1 + this.int(2);
    let out: Order = { ...o };
    for (let i = 0; i < changes; i++) {
      switch (this.int(7)) {
        case 0: // another day (often across a midnight)
          out = this.shape(o.id, this.createMs(), out);
          break;
        case 1: {
          const [code, digits, scale] = this.pick(CURRENCIES);
          out = { ...out, ...this.items(code, digits, scale, out.orderItems?.length ?? 1) };
          break;
        }
        case 2: // paid now, or the payment gone (a pay time is never removed by the platform; the cache must cope)
          out = this.delivery({ ...out, payTime: out.payTime ? null : iso(Date.parse(out.createTime!) + 5 * MIN) });
          break;
        case 3:
          out = this.delivery(out);
          break;
        case 4:
          out = { ...out, isExistAfterSales: !out.isExistAfterSales, isExistDispute: this.next() < 0.3 };
          break;
        case 5:
          out = { ...out, ...this.buyer() };
          break;
        default:
          out = { ...out, deliveryType: out.deliveryType === 2 ? 1 : 2 };
      }
    }
    return out;
  }

  private buyer(): Pick<Order, 'buyerId' | 'buyerName'> {
    // A few buyers order often: repeat buyers in every range.
    const n = this.next() < 0.7 ? this.int(12) : 12 + this.int(200);
    return { buyerId: String(9_100_000 + n), buyerName: `Buyer ${n}` };
  }

  private items(
    code: string,
    digits: number,
    scale: number,
    lines: number,
  ): Pick<Order, 'orderItems' | 'originalCurrencyCode' | 'originalCurrencyProductPrice' | 'orderDeliveryTotal'> {
    const items: OrderItem[] = [];
    const used = new Set<string>();
    let total = 0;
    for (let i = 0; i < lines; i++) {
      const p = 1 + this.int(6);
      const s = 1 + this.int(3);
      // Now and then the same SKU twice in one order (its lines are one SKU row).
      const sku = used.has(`P${p}-S${s}`) && this.next() < 0.5 ? `P${p}-S${s}x` : `P${p}-S${s}`;
      used.add(sku);
      const qty = 1 + this.int(3);
      const cents = (1 + this.int(scale * 10 ** digits)) * qty;
      total += cents;
      const minutes = this.next() < 0.8 ? this.pick([10, 30, 60, 240, 1440, 4320]) : undefined;
      items.push({
        productSpuId: `P${p}`,
        productSkuId: sku.endsWith('x') ? `P${p}-S${s}` : sku,
        productSpuTitle: `Product ${p}`,
        productSkuNum: `SKU-P${p}-S${s}`,
        quantity: qty,
        originalCurrencyProductTotalPrice: money(cents, digits),
        ...(minutes === undefined ? {} : { deliveryTime: minutes, deliveryTimeUnit: 3 }),
      });
    }
    return {
      orderItems: items,
      originalCurrencyCode: code,
      originalCurrencyProductPrice: money(total, digits),
      orderDeliveryTotal: items.reduce((n, i) => n + (i.quantity ?? 1), 0),
    };
  }

  /** Delivery records: none, part of the units, all of them, or short records with the buyer's signature. */
  private delivery(o: Order): Order {
    const payMs = o.payTime ? Date.parse(o.payTime) : undefined;
    const total = o.orderDeliveryTotal ?? 1;
    const kind = payMs === undefined ? 0 : this.int(5);
    const records: Array<{ createTime: string; deliveringNumber: number }> = [];
    let status = 0;
    if (kind >= 1 && payMs !== undefined) {
      const units = kind === 1 ? Math.max(0, total - 1 - this.int(total)) : kind === 4 ? Math.max(0, total - 1) : total;
      let at = payMs;
      for (let left = units; left > 0;) {
        const n = 1 + this.int(left);
        at += this.int(3 * DAY);
        records.push({ createTime: iso(at), deliveringNumber: n });
        left -= n;
      }
      if (kind === 4)
        status = 2; // signed for, though the records fall short
      else if (kind === 1) status = units > 0 ? 1 : 0;
    }
    return {
      ...o,
      orderDeliveryList: records,
      deliveringNumber: records.reduce((n, r) => n + r.deliveringNumber, 0),
      orderDeliveryStatus: status,
    };
  }

  private shape(id: string, createMs: number, base?: Order): Order {
    const [code, digits, scale] = this.pick(CURRENCIES);
    const paid = this.next() < 0.85;
    const order: Order = {
      id,
      orderNum: `SO${id.slice(-6)}`,
      ...(base ? { buyerId: base.buyerId, buyerName: base.buyerName } : this.buyer()),
      orderStatus: 2,
      createTime: iso(createMs),
      payTime: paid ? iso(createMs + this.int(30) * MIN) : null,
      deliveryType: this.next() < 0.1 ? 2 : 1,
      isExistAfterSales: this.next() < 0.15,
      isExistDispute: this.next() < 0.05,
      ...(base
        ? {
            orderItems: base.orderItems,
            originalCurrencyCode: base.originalCurrencyCode,
            originalCurrencyProductPrice: base.originalCurrencyProductPrice,
            orderDeliveryTotal: base.orderDeliveryTotal,
          }
        : this.items(code, digits, scale, 1 + this.int(3))),
    };
    return this.delivery(order);
  }
}

function money(units: number, digits: number): string {
  if (digits === 0) return String(units);
  const s = String(units).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
