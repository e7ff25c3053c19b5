// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Navigation } from './Navigation';

afterEach(cleanup);

describe('the navigation’s counts say what they count', () => {
  it('After-sales: requests awaiting a decision; Needs attention: distinct orders; Orders: no count', () => {
    render(
      <Navigation
        current="orders"
        items={[{ screen: 'orders' }, { screen: 'after-sales', count: 22 }, { screen: 'attention', count: 40 }]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Orders' }).textContent).toBe('Orders');
    expect(screen.getByLabelText('22 awaiting a decision').textContent).toBe('22');
    expect(screen.getByLabelText('40 orders need attention').textContent).toBe('40');
  });

  it('a count is written as every other number on screen: 8,887, not 8887', () => {
    render(<Navigation current="orders" items={[{ screen: 'attention', count: 8887 }]} />);
    expect(screen.getByLabelText('8,887 orders need attention').textContent).toBe('8,887');
  });
});
