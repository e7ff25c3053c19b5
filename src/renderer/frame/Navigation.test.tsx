// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../i18n/localeStore';
import { Navigation } from './Navigation';

afterEach(() => {
  cleanup();
  useLocaleStore.getState().setChoice('en');
});

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

  it('a count of a thousand or more is shown short, rounded down, its exact figure the label and hover text', () => {
    render(
      <Navigation
        current="orders"
        items={[
          { screen: 'attention', count: 8887 },
          { screen: 'after-sales', count: 999 },
        ]}
      />,
    );
    const badge = screen.getByLabelText('8,887 orders need attention');
    expect(badge.textContent).toBe('8.8K'); // never "8.9K": no more than there are
    expect(badge.getAttribute('title')).toBe('8,887 orders need attention');
    expect(screen.getByLabelText('999 awaiting a decision').textContent).toBe('999');
  });

  it('the icon rail has room for two digits: a larger count reads "99+" there, a smaller one itself', () => {
    render(
      <Navigation
        current="orders"
        items={[
          { screen: 'attention', count: 158_231 },
          { screen: 'after-sales', count: 99 },
        ]}
      />,
    );
    expect(screen.getByLabelText('158,231 orders need attention').getAttribute('data-rail')).toBe('99+');
    expect(screen.getByLabelText('99 awaiting a decision').hasAttribute('data-rail')).toBe(false);
  });

  it('a "more than" count (the quick count, the exact one on its way) reads "10K+" and says so, in both languages', () => {
    const items = [{ screen: 'attention' as const, count: 10_000, countAtLeast: true }];
    const { unmount } = render(<Navigation current="orders" items={items} />);
    expect(screen.getByLabelText('more than 10,000 orders need attention').textContent).toBe('10K+');
    unmount();
    useLocaleStore.getState().setChoice('zh-CN');
    render(<Navigation current="orders" items={items} />);
    expect(screen.getByLabelText('超过 10,000 个订单待处理').textContent).toBe('1万+');
  });
});
