/**
 * The sandbox's order IDs and order numbers. Both carry the order's sequence number, so the store finds an order
 * from either without an index. IDs are Snowflake-style 64-bit values: always 19 digits and above 2^53.
 */
export const DAY_MS = 86_400_000;
const ID_EPOCH_MS = Date.UTC(2015, 0, 1);

const dayStamps = new Map<number, string>();

/** YYYYMMDD of a UTC day, cached per day (a few hundred distinct days). */
export function yyyymmdd(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let stamp = dayStamps.get(day);
  if (stamp === undefined) {
    stamp = new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
    dayStamps.set(day, stamp);
  }
  return stamp;
}

/** Sequence numbers fit the 22 low bits of an ID, so at most this many orders exist. */
export const MAX_ORDERS = 0x3fffff;

/** Snowflake-style 64-bit ID: milliseconds since 2015 in the high 41 bits, the sequence in the low 22. 19 digits, > 2^53. */
export function snowflakeId(createMs: number, sequence: number): string {
  const delta = BigInt(Math.max(0, createMs - ID_EPOCH_MS)) % (1n << 41n);
  return ((delta << 22n) | BigInt(sequence & MAX_ORDERS)).toString();
}

/** The sequence number inside an order ID (its low 22 bits), or undefined if the text is not a 64-bit ID. */
export function sequenceOfId(id: string): number | undefined {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  return Number(BigInt(id) & BigInt(MAX_ORDERS));
}

export function orderNumOf(createMs: number, sequence: number): string {
  return `SO${yyyymmdd(createMs)}${String(sequence).padStart(7, '0')}`;
}

/** The sequence number inside an order number, or undefined if it does not have the sandbox's shape. */
export function sequenceOfOrderNum(orderNum: string): number | undefined {
  const m = /^SO\d{8}(\d{7,})$/.exec(orderNum);
  return m ? Number(m[1]) : undefined;
}
