import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StatementCache } from './statementCache';

describe('StatementCache', () => {
  it('prepares each SQL text once and drops the least recently used beyond its size', () => {
    const db = new Database(':memory:');
    let prepared = 0;
    const prepare = db.prepare.bind(db);
    // Only the statements asked for (the cache also reads the schema cookie).
    db.prepare = ((sql: string) => (/^SELECT \d$/.test(sql) && prepared++, prepare(sql))) as typeof db.prepare;
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

  it('leaves out a hint naming an index that another connection dropped, and uses it again once it is back', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-stmt-')), 'c.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE t (a INTEGER, b INTEGER); CREATE INDEX t_by_a ON t (a); INSERT INTO t VALUES (1, 2), (3, 4)');
    const other = new Database(file);
    const cache = new StatementCache(db);
    const sql = 'SELECT b FROM t INDEXED BY t_by_a WHERE a = ?';
    const plan = () => (cache.get(`EXPLAIN QUERY PLAN ${sql}`).all(3) as Array<{ detail: string }>)[0]!.detail;
    expect(cache.get(sql).pluck().get(3)).toBe(4);
    expect(plan()).toContain('t_by_a');
    other.exec('DROP INDEX t_by_a');
    expect(cache.get(sql).pluck().get(3)).toBe(4);
    expect(plan()).not.toContain('t_by_a');
    other.exec('CREATE INDEX t_by_a ON t (a)');
    expect(cache.get(sql).pluck().get(3)).toBe(4);
    expect(plan()).toContain('t_by_a');
    other.close();
    db.close();
  });
});
