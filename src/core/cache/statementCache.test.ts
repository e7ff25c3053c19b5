import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCache } from './statementCache';

describe('StatementCache', () => {
  it('prepares each SQL text once and drops the least recently used beyond its size', () => {
    const db = new Database(':memory:');
    let prepared = 0;
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (prepared++, prepare(sql))) as typeof db.prepare;
    const cache = new StatementCache(db, 2);
    const a = cache.get('SELECT 1');
    expect(cache.get('SELECT 1')).toBe(a);
    cache.get('SELECT 2');
    cache.get('SELECT 1'); // now the most recent: SELECT 2 goes first
    cache.get('SELECT 3');
    expect(cache.size).toBe(2);
    expect(prepared).toBe(3);
    expect(cache.get('SELECT 1')).toBe(a);
    cache.get('SELECT 2');
    expect(prepared).toBe(4);
    db.close();
  });
});
