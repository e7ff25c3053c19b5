// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../i18n/localeStore';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useToastStore } from '../stores/toastStore';
import { useUpkeepStore, type UpkeepReport } from '../stores/upkeepStore';
import { UpkeepStatus } from './UpkeepStatus';

const report = (over: Partial<UpkeepReport> = {}): UpkeepReport => ({
  phase: 'scan',
  done: 430_000,
  total: 1_000_000,
  state: 'running',
  damagedOrders: 0,
  ...over,
});

const apply = (r: UpkeepReport) => act(() => useUpkeepStore.getState().apply(r));

describe('the cache upkeep in the frame', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    bridge = installFakeBridge({ 'orders:cancelUpkeep': () => ({ ok: true, data: { cancelled: true } }) });
    useUpkeepStore.getState().reset();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    cleanup();
    act(() => useLocaleStore.getState().setChoice('en'));
  });

  it('shows nothing before any report', () => {
    const { container } = render(<UpkeepStatus />);
    expect(container.innerHTML).toBe('');
  });

  it('while reading the orders back: "Checking the cache… 43%", its progress, and the orders in the hover text', () => {
    render(<UpkeepStatus />);
    apply(report());
    const group = screen.getByRole('group', { name: 'Cache upkeep' });
    expect(group.textContent).toContain('Checking the cache… 43%');
    expect(group.querySelector('.upkeep-status-text')!.getAttribute('title')).toBe(
      'Checking the cache… 430,000 of 1,000,000 orders read back. Browsing and syncing go on meanwhile.',
    );
    const bar = screen.getByRole('progressbar', { name: 'Cache check progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([430_000, 1_000_000]);
    apply(report({ phase: 'check', done: 7, total: 14 }));
    expect(group.textContent).toContain('Checking the cache file… 50%');
    apply(report({ phase: 'vacuum', done: 1, total: 1 }));
    expect(group.textContent).toContain('Tidying the cache…');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('Cancel calls orders:cancelUpkeep; it shows Stopping… until the end is reported, then a toast says so', async () => {
    render(<UpkeepStatus />);
    apply(report());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the cache check' }));
    expect(bridge.calls.filter(([c]) => c === 'orders:cancelUpkeep').length).toBe(1);
    const stopping = screen.getByRole('button', { name: 'Stopping…' });
    expect((stopping as HTMLButtonElement).disabled).toBe(true);
    apply(report({ state: 'cancelled' }));
    expect(screen.queryByRole('group', { name: 'Cache upkeep' })).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => [t.message, t.tone])).toEqual([
      ['Cache check stopped. It runs again the next time the app opens the cache.', 'info'],
    ]);
    expect(useUpkeepStore.getState().stoppedByMerchant).toBe(false);
  });

  it('disappears on a clean finish', () => {
    const { container } = render(<UpkeepStatus />);
    apply(report());
    apply(report({ phase: 'check', done: 14, total: 14, state: 'done' }));
    expect(container.innerHTML).toBe('');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('a finish with damaged orders says how many and that the next sync fetches them again, until dismissed', async () => {
    const { container } = render(<UpkeepStatus />);
    apply(report({ phase: 'check', done: 14, total: 14, state: 'done', damagedOrders: 3 }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('3 damaged ordersThe next sync fetches them again.');
    expect(screen.getByText('The next sync fetches them again.').getAttribute('title')).toBe(
      'The cache check found 3 orders it could not read back. The next sync fetches them again from the platform.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(container.innerHTML).toBe('');
  });

  it('a failed check leads to the cache’s rebuild in Settings', () => {
    render(<UpkeepStatus />);
    apply(report({ phase: 'check', done: 4, total: 14, state: 'failed' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Cache check failed');
    expect(alert.textContent).toContain('The cache check could not finish: the cache file may be damaged.');
    expect(screen.getByRole('link', { name: 'Rebuild the cache…' }).getAttribute('href')).toBe('#/settings/cache');
  });

  it('a cancel the host could not take says why, in the app’s words, and Cancel stays', async () => {
    bridge.answer('orders:cancelUpkeep', () => ({
      ok: false,
      error: { kind: 'unavailable', message: 'The core host stopped.' },
    }));
    render(<UpkeepStatus />);
    apply(report());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the cache check' }));
    expect(screen.getByRole('alert').textContent).toBe('Could not stop the cache check: The core host stopped.');
    expect(screen.getByRole('button', { name: 'Cancel the cache check' })).toBeTruthy();
  });

  it('speaks the merchant’s language', () => {
    act(() => useLocaleStore.getState().setChoice('zh-CN'));
    render(<UpkeepStatus />);
    apply(report());
    expect(screen.getByRole('group', { name: '缓存维护' }).textContent).toContain('正在检查缓存… 43%');
    expect(screen.getByRole('button', { name: '取消缓存检查' }).textContent).toBe('取消');
  });
});
