import { describe, expect, it } from 'vitest';
import { formatRoute, parseHash } from './router';

describe('hash routes', () => {
  it('reads screen, path and params', () => {
    const route = parseHash('#/order/123%2F4?from=orders');
    expect(route.screen).toBe('order');
    expect(route.path).toEqual(['123/4']);
    expect(route.params.get('from')).toBe('orders');
  });

  it('falls back to Home (the overview the app opens on) for an empty or unknown hash, ignoring its path', () => {
    expect(parseHash('').screen).toBe('home');
    expect(parseHash('#/nope/1')).toMatchObject({ screen: 'home', path: [] });
  });

  it('formats what it parses', () => {
    const hash = formatRoute('orders', [], { status: '1,2', q: 'müller' });
    expect(hash).toBe('#/orders?status=1%2C2&q=m%C3%BCller');
    expect(parseHash(hash).params.get('q')).toBe('müller');
    expect(formatRoute('order', ['9007199254740993'])).toBe('#/order/9007199254740993');
  });
});
