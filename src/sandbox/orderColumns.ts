/**
 * The storage of the sandbox's order store: per order, only a few typed-array columns (create/update time,
 * statuses, buyer, product title group), indexed by slot (slot = sequence number - 1). Filters scan these, never
 * 100k scattered objects.
 */

type TypedArray = Float64Array | Int32Array | Uint8Array;

function grown<T extends TypedArray>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

/** One row's column values. */
export interface ColumnRow {
  createMs: number;
  updateMs: number;
  generatedAtMs: number;
  orderStatus: number;
  afterSales: number;
  fresh: boolean;
  buyer: number;
  titleGroup: number;
}

export class OrderColumns {
  count = 0;
  create = new Float64Array(0);
  update = new Float64Array(0);
  generatedAt = new Float64Array(0);
  status = new Uint8Array(0);
  afterSales = new Uint8Array(0);
  fresh = new Uint8Array(0);
  buyer = new Int32Array(0);
  titleGroup = new Int32Array(0);

  /** Makes room for `capacity` rows (doubling, so appends stay amortised O(1)). */
  reserve(capacity: number): void {
    if (capacity <= this.create.length) return;
    const cap = Math.max(capacity, this.create.length * 2, 16);
    this.create = grown(this.create, cap);
    this.update = grown(this.update, cap);
    this.generatedAt = grown(this.generatedAt, cap);
    this.status = grown(this.status, cap);
    this.afterSales = grown(this.afterSales, cap);
    this.fresh = grown(this.fresh, cap);
    this.buyer = grown(this.buyer, cap);
    this.titleGroup = grown(this.titleGroup, cap);
  }

  /** Appends a row (room reserved first). Returns its slot. */
  append(row: ColumnRow): number {
    const slot = this.count++;
    this.create[slot] = row.createMs;
    this.update[slot] = row.updateMs;
    this.generatedAt[slot] = row.generatedAtMs;
    this.status[slot] = row.orderStatus;
    this.afterSales[slot] = row.afterSales;
    this.fresh[slot] = row.fresh ? 1 : 0;
    this.buyer[slot] = row.buyer;
    this.titleGroup[slot] = row.titleGroup;
    return slot;
  }
}
