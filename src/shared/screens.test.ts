import { describe, expect, it } from 'vitest';
import { mainTargetScreens, screenNames, screenTable, sectionOf, sectionScreens } from './screens';

describe('the screen table', () => {
  it('lists the navigation sections in order, an order page belonging to Orders', () => {
    expect(sectionScreens).toEqual(['home', 'insights', 'orders', 'attention', 'after-sales', 'buyers', 'settings']);
    expect(sectionOf('order')).toBe('orders');
    for (const name of screenNames) expect(sectionScreens).toContain(sectionOf(name));
  });

  it('lets main open the lists a notification leads to, never settings or an order without its ID', () => {
    expect(mainTargetScreens).toEqual(['orders', 'attention', 'after-sales']);
    for (const name of mainTargetScreens) expect(sectionScreens).toContain(name);
  });

  it('names each screen once: route segments are lower-case words joined by "-"', () => {
    for (const name of screenNames) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(new Set(screenNames.map((n) => screenTable[n].title)).size).toBe(screenNames.length);
  });
});
