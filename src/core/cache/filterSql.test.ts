import { describe, expect, it } from 'vitest';
import { filterSql, whereSql, withSets } from './filterSql';

describe('filterSql', () => {
  it('one clause per filter, values as parameters, flags as literals (partial indexes need them)', () => {
    const f = filterSql({ sellerOrderStatus: [2, 3], hasDispute: true, buyerId: '7' });
    expect(f.clauses).toEqual(['buyer_id = ?', 'order_status IN (?, ?)', 'has_dispute = 1']);
    expect(f.params).toEqual(['7', 2, 3]);
    expect(f).toMatchObject({ sets: [], text: false, textOnly: false, readsText: false });
    expect(whereSql(f.clauses)).toBe(' WHERE buyer_id = ? AND order_status IN (?, ?) AND has_dispute = 1');
    expect(whereSql([])).toBe('');
  });

  it('a search is a named set of matching rids, materialised once; short punctuation reads the text', () => {
    const alone = filterSql({ search: 'steam' });
    expect(alone).toMatchObject({ clauses: ['rid IN m'], text: true, textOnly: true, readsText: false });
    expect(alone.sets.map((s) => s.name)).toEqual(['m']);
    const mixed = filterSql({ search: 'steam —', productTitle: 'Gift', sellerOrderStatus: [4] });
    expect(mixed).toMatchObject({ text: true, textOnly: false, readsText: true });
    expect(mixed.sets.map((s) => s.name)).toEqual(['g', 'm']);
    expect(mixed.sets[0]!.params).toEqual(['gift']);
    const w = withSets(mixed.sets, ['c AS (SELECT 1)']);
    expect(w.sql).toMatch(/^WITH g AS MATERIALIZED \(.*\), m AS MATERIALIZED \(.*\), c AS \(SELECT 1\) $/s);
    expect(w.params).toEqual([...mixed.sets[0]!.params, ...mixed.sets[1]!.params]);
  });
});
