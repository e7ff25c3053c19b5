import type { OrderCache } from '../src/core/cache/orderCache';

/** Bytes of the file by part (dbstat), grouped as docs/PERFORMANCE.md names them. */
export function breakdown(cache: OrderCache): Array<[string, number]> {
  const rows = cache.db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as Array<{
    name: string;
    bytes: number;
  }>;
  const groups = new Map<string, number>();
  const group = (name: string) =>
    name === 'order_doc' || name === 'order_json' || name === 'order_dict'
      ? 'order JSON (compressed docs, dictionary, unconverted rows)'
      : name.startsWith('orders_fts') || name.startsWith('orders_grams') || name.startsWith('order_own_')
        ? 'text indexes of the orders (trigram + pairs)'
        : name.startsWith('text_group')
          ? 'title sets (rows, their text indexes)'
          : name === 'order_search'
            ? 'order_search (folded text)'
            : name === 'orders'
              ? 'orders (narrow rows)'
              : name.startsWith('insight')
                ? 'Insights facts'
                : name.startsWith('orders_') || name.startsWith('sqlite_autoindex_orders')
                  ? 'secondary indexes of orders'
                  : 'other';
  for (const r of rows) groups.set(group(r.name), (groups.get(group(r.name)) ?? 0) + r.bytes);
  return [...groups].sort((a, b) => b[1] - a[1]);
}
