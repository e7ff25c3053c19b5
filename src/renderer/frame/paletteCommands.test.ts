import { describe, expect, it } from 'vitest';
import { lookupCommands, paletteCommands } from './paletteCommands';

const profiles = [
  { id: 'sandbox', name: 'Sandbox', active: true },
  { id: 'shop', name: 'Müller Shop', active: false },
];

describe('command palette', () => {
  it('lists screens, actions and the other profiles when nothing is typed', () => {
    const labels = paletteCommands('', profiles).map((c) => c.label);
    expect(labels).toContain('Go to Orders');
    expect(labels).toContain('Sync now');
    expect(labels).toContain('Switch to profile Müller Shop');
    expect(labels).not.toContain('Switch to profile Sandbox');
  });

  it('matches every word, ignoring case and accents', () => {
    expect(paletteCommands('muller', profiles).map((c) => c.label)).toEqual(['Switch to profile Müller Shop']);
    expect(paletteCommands('go sett', profiles).map((c) => c.label)).toEqual(['Go to Settings']);
  });

  it('offers an order number first', () => {
    expect(paletteCommands('SO2026000123', profiles)[0]).toEqual({
      kind: 'order',
      label: 'Go to order SO2026000123',
      orderNum: 'SO2026000123',
    });
    expect(paletteCommands('a1 b', profiles).some((c) => c.kind === 'order')).toBe(false);
    expect(paletteCommands('settings', profiles).some((c) => c.kind === 'order')).toBe(false);
  });
});

describe('command palette lookups', () => {
  it('lists the order of a typed ID first, then the search’s orders and the saved buyers, each once', () => {
    const byId = [{ id: '1575512345678901234', orderNum: 'SO-7', buyerName: 'Søren Weiß' }];
    const bySearch = [
      { id: '1575512345678901234', orderNum: 'SO-7', buyerName: 'Søren Weiß' },
      { id: '42', orderNum: null, buyerName: null },
    ];
    const buyers = [{ merchantUserNo: 'u-9', email: 'soren@example.com', firstName: 'Søren' }];
    expect(lookupCommands(byId, bySearch, buyers)).toEqual([
      {
        kind: 'open-order',
        label: 'Open order SO-7 (ID 1575512345678901234) · Søren Weiß',
        orderId: '1575512345678901234',
      },
      { kind: 'open-order', label: 'Open order 42', orderId: '42' },
      { kind: 'buyer', label: 'Buyer Søren · soren@example.com (u-9)', merchantUserNo: 'u-9' },
    ]);
  });
});
