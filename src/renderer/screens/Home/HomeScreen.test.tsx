// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../i18n/localeStore';
import { parseHash } from '../../router';
import { useAttentionStore, type AttentionQueue } from '../../stores/attentionStore';
import { installFakeBridge } from '../../testing/fakeBridge';
import { HomeScreen } from './HomeScreen';

/** The attention queue's answer with these counts (Home shows the counts only). */
const queue = (counts: AttentionQueue['counts'], countsAtLeast?: AttentionQueue['countsAtLeast']): AttentionQueue => ({
  asOf: '2026-11-27T08:00:00.000Z',
  counts,
  rows: [],
  nextChangeAt: null,
  ...(countsAtLeast ? { countsAtLeast } : {}),
});

const links = () =>
  screen
    .getAllByRole('link')
    .map((a) => a.textContent)
    .filter((text) => text !== null && /\d/.test(text));

describe('Home: what needs attention', () => {
  beforeEach(() => {
    // Insights are not answered here (their figures show as not known): this is about the attention counts.
    installFakeBridge();
    useAttentionStore.getState().reset();
  });
  afterEach(() => {
    cleanup();
    useAttentionStore.getState().reset();
    useLocaleStore.getState().setChoice('en');
  });

  it('a count past the quick counts\' cap reads "10,000+" until the exact one follows, in both languages', () => {
    const capped = queue(
      { refunds: 10_000, overdue: 10_000, dueSoon: 91, exceptions: 0, disputes: 10_000, total: 10_000 },
      ['refunds', 'overdue', 'disputes', 'total'],
    );
    useAttentionStore.setState({ queue: { status: 'ready', data: capped, error: null } });
    render(<HomeScreen route={parseHash('#/home')} />);
    expect(links()).toEqual([
      '10,000+ refund requests awaiting your decision',
      '10,000+ deliveries overdue',
      '91 deliveries due soon',
      '10,000+ disputes',
    ]);
    const exact = queue({ refunds: 99_406, overdue: 88_529, dueSoon: 91, exceptions: 0, disputes: 1, total: 180_000 });
    act(() => useAttentionStore.setState({ queue: { status: 'ready', data: exact, error: null } }));
    expect(links()).toEqual([
      '99,406 refund requests awaiting your decision',
      '88,529 deliveries overdue',
      '91 deliveries due soon',
      '1 dispute',
    ]);
    act(() => useAttentionStore.setState({ queue: { status: 'ready', data: capped, error: null } }));
    act(() => useLocaleStore.getState().setChoice('zh-CN'));
    expect(links()).toEqual([
      '10,000+ 个退款申请待您审核',
      '10,000+ 个订单发货已超时',
      '91 个订单即将到发货时限',
      '10,000+ 个纠纷',
    ]);
  });
});
