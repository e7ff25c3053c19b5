/**
 * A checksum of a set of orders that the sandbox and a cache file can both compute: SHA-256 over the lines
 * "ID TAB content hash", sorted by ID, where the content hash is the cache's own (`contentHash` of the order as
 * decoded from the list answer, orderRows.ts). Equal digests: the same orders, each with the same content.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { contentHash } from '../src/core/cache/orderRows';
import { parseJsonKeepingIds } from '../src/core/json/losslessJson';
import { decodeOrder } from '../src/shared/domain/orderDecoding';

export interface OrdersDigest {
  count: number;
  sha256: string;
  /** Orders the decoder refused (the sync would have skipped them too): not in the digest. */
  undecodable: number;
}

function digestOf(lines: string[], undecodable: number): OrdersDigest {
  lines.sort();
  const h = createHash('sha256');
  for (const line of lines) h.update(line);
  return { count: lines.length, sha256: h.digest('hex'), undecodable };
}

/** The sandbox's side: each order as the list endpoint sends it (`wire`), decoded as the client decodes a page. */
export function wireOrdersDigest(wire: Iterable<unknown>): OrdersDigest {
  const lines: string[] = [];
  let undecodable = 0;
  for (const order of wire) {
    const decoded = decodeOrder(parseJsonKeepingIds(JSON.stringify(order)));
    if (!decoded.ok) {
      undecodable++;
      continue;
    }
    lines.push(`${decoded.value.id}\t${contentHash(JSON.stringify(decoded.value))}\n`);
  }
  return digestOf(lines, undecodable);
}

/** The cache's side: every stored order's ID and content hash. */
export function cacheOrdersDigest(db: Database.Database): OrdersDigest {
  const lines: string[] = [];
  for (const row of db.prepare('SELECT id, content_hash FROM orders').raw().iterate() as Iterable<[string, string]>)
    lines.push(`${row[0]}\t${row[1]}\n`);
  return digestOf(lines, 0);
}
