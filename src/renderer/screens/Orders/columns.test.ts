import { describe, expect, it } from 'vitest';
import { columnsUpTo, shownPriority } from './columns';

describe('the orders list drops columns by priority before it would scroll sideways', () => {
  it('a wide list shows every column', () => {
    expect(columnsUpTo(shownPriority(80)).map((c) => c.key)).toHaveLength(9);
  });

  it('1280×800 (the list ≈ 63.5 rem beside a 14rem navigation): all but Delivery; 1024×640 (≈ 57 rem): Item goes too', () => {
    expect(columnsUpTo(shownPriority(63.5)).map((c) => c.key)).toEqual([
      'select',
      'num',
      'times',
      'buyer',
      'item',
      'total',
      'status',
      'flags',
    ]);
    expect(columnsUpTo(shownPriority(57)).map((c) => c.key)).toEqual([
      'select',
      'num',
      'times',
      'buyer',
      'total',
      'status',
      'flags',
    ]);
  });

  it('200 % zoom (≈ 37 rem): order, buyer, total, status; narrower still, the four that always stay', () => {
    expect(columnsUpTo(shownPriority(37.5)).map((c) => c.key)).toEqual(['select', 'num', 'buyer', 'total', 'status']);
    expect(columnsUpTo(shownPriority(20)).map((c) => c.key)).toEqual(['select', 'num', 'total', 'status']);
  });

  it('what is shown always fits the width it was chosen for', () => {
    for (let rem = 31; rem < 90; rem += 0.5) {
      const used = columnsUpTo(shownPriority(rem)).reduce((sum, c) => sum + c.rem, 0);
      expect(used).toBeLessThanOrEqual(rem);
    }
  });
});
