// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { memo, type ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderRow } from '../../stores/listedOrder';
import { useOrdersStore, type CachedOrder } from '../../stores/ordersStore';
import { OrdersTable } from './OrdersTable';

/**
 * The cost of scrolling must follow the rows shown, not the rows loaded: late in a long scroll (20,000 rows loaded)
 * every scroll step re-ran the virtualizer's layout of every loaded row (its item-key function was a new closure on
 * each render, which its memo takes for new options), asking each row's height — the long tasks of the UI bench.
 * Counted here: the row-height reads and the rows rendered, per scroll step.
 */
const counts = vi.hoisted(() => ({ heights: 0, rows: 0 }));
vi.mock('./rowHeight', () => ({
  rowHeight: () => {
    counts.heights++;
    return 40;
  },
}));
vi.mock('./OrderTableRow', async (actual) => {
  const { OrderTableRow: Real } = await actual<typeof import('./OrderTableRow')>();
  return {
    OrderTableRow: memo(function CountedRow(props: ComponentProps<typeof Real>) {
      counts.rows++;
      return <Real {...props} />;
    }),
  };
});

const VIEW = { width: 1280, height: 800 };
const ROW = 40;

function orders(from: number, n: number) {
  return Array.from({ length: n }, (_, i) =>
    orderRow({
      id: String(from + i),
      orderNum: `N${from + i}`,
      createTime: '2026-11-23T12:00:00Z',
      orderStatus: 4,
      originalCurrencyProductPrice: 14.99,
      originalCurrencyCode: 'USD',
    } as CachedOrder),
  );
}

/** The rows the table shows: their list positions. */
const shown = () => [...document.querySelectorAll('tr.orders-row')].map((tr) => Number(tr.getAttribute('data-index')));

describe('OrdersTable scrolling', () => {
  let scroller: HTMLElement;

  beforeEach(() => {
    // happy-dom lays nothing out: the scroller gets the window's size, its content the rows' height.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { x: 0, y: 0, top: 0, left: 0, ...VIEW, right: VIEW.width, bottom: VIEW.height } as DOMRect;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEW.height);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(VIEW.width);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(
      () => useOrdersStore.getState().list.rows.length * ROW,
    );
    useOrdersStore.getState().reset();
    useOrdersStore.setState({
      list: {
        ...useOrdersStore.getState().list,
        status: 'ready',
        rows: orders(1, 20_000),
        // No next page: scrolling here asks for none (a page arriving is its own step below).
        nextCursor: null,
        generation: 1,
      },
    });
    counts.heights = 0;
    counts.rows = 0;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  function mount() {
    render(<OrdersTable orderLabels={undefined} afterSalesLabels={undefined} onSort={() => {}} />);
    scroller = document.querySelector('.orders-scroll')!;
  }

  function scrollTo(top: number) {
    act(() => {
      scroller.scrollTop = top;
      scroller.dispatchEvent(new Event('scroll'));
    });
  }

  it('with 20,000 rows loaded, a screenful of scrolling reads no row heights and renders only the rows it brings', () => {
    mount();
    const first = shown();
    // A window's worth of rows and the overscan below it, not thousands.
    expect(first[0]).toBe(0);
    expect(first.length).toBeGreaterThanOrEqual(VIEW.height / ROW);
    expect(first.length).toBeLessThan(40);

    const steps = 25;
    let top = 10_000 * ROW;
    scrollTo(top);
    counts.heights = 0;
    counts.rows = 0;
    for (let i = 0; i < steps; i++) scrollTo((top += VIEW.height));

    // The virtualizer followed: the rows shown are those at the scroll position.
    const now = shown();
    expect(now[0]).toBeLessThanOrEqual(top / ROW);
    expect(now.at(-1)).toBeGreaterThanOrEqual(top / ROW + VIEW.height / ROW - 1);
    // Each step renders its new screenful (and overscan) of rows, whatever the number loaded…
    expect(counts.rows).toBeLessThanOrEqual(steps * first.length);
    // …and reads the row height at most once per render, never once per loaded row (20,000 per step before).
    expect(counts.heights).toBeLessThanOrEqual(steps * 4);
  });

  it('new rows render only those in view before their frame; the rows either side follow after it', async () => {
    mount();
    // The first rows are painted: the overscan below them follows.
    await waitFor(() => expect(shown().length).toBeGreaterThan(VIEW.height / ROW + 1));
    const settled = shown();

    counts.rows = 0;
    act(() => {
      const list = useOrdersStore.getState().list;
      useOrdersStore.setState({ list: { ...list, rows: orders(500_001, 20_000), generation: 2 } });
    });
    // A filter change's commit: the rows in view (20 of 40 px in 800, and the one cut at the bottom), no more.
    const inView = shown();
    expect(inView[0]).toBe(0);
    expect(inView.length).toBeLessThanOrEqual(VIEW.height / ROW + 1);
    expect(counts.rows).toBeLessThanOrEqual(VIEW.height / ROW + 1);
    expect(document.querySelector('tr.orders-row')!.getAttribute('data-id')).toBe('500001');

    await waitFor(() => expect(shown()).toEqual(settled));
  });

  it('a page arriving while scrolled re-renders none of the rows on screen and keeps the place', () => {
    mount();
    const top = 19_900 * ROW;
    scrollTo(top);
    const before = shown();
    counts.rows = 0;
    counts.heights = 0;
    act(() => {
      const list = useOrdersStore.getState().list;
      useOrdersStore.setState({ list: { ...list, rows: [...list.rows, ...orders(20_001, 200)] } });
    });
    expect(shown()).toEqual(before);
    expect(counts.rows).toBe(0);
    expect(counts.heights).toBeLessThanOrEqual(4);
  });
});
