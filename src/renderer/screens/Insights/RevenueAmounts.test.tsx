// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RevenueAmounts } from './RevenueAmounts';

afterEach(cleanup);

describe('revenue in a tile', () => {
  it('each currency on its own line, in the order given, never summed; more than two set smaller', () => {
    const revenue = [
      { currency: 'USD', amount: '3026431.33' },
      { currency: 'EUR', amount: '1853285.84' },
      { currency: 'JPY', amount: '179759090' },
    ];
    const { container } = render(<RevenueAmounts revenue={revenue} />);
    const tile = container.querySelector('.tile-money')!;
    expect([...tile.querySelectorAll('.tile-amount')].map((a) => a.textContent)).toEqual([
      '3,026,431.33 USD',
      '1,853,285.84 EUR',
      '179,759,090 JPY',
    ]);
    expect(tile.hasAttribute('data-many')).toBe(true);
  });

  it('one or two currencies at the tile’s size; none is a dash, not yet known the pending mark', () => {
    const { container, rerender } = render(<RevenueAmounts revenue={[{ currency: 'USD', amount: '12.3' }]} />);
    expect(container.querySelector('.tile-money')!.hasAttribute('data-many')).toBe(false);
    expect(container.textContent).toBe('12.30 USD');
    rerender(<RevenueAmounts revenue={[]} />);
    expect(container.querySelectorAll('.tile-amount')).toHaveLength(0);
    const none = container.textContent;
    rerender(<RevenueAmounts revenue={null} />);
    expect(container.textContent).not.toBe(none);
    expect(container.querySelectorAll('.tile-amount')).toHaveLength(0);
  });
});
