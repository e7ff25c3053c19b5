// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcData } from '../../../shared/ipc/contract';
import { useSettingsStore } from '../../stores/settingsStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { CacheSection } from './CacheSection';

afterEach(cleanup);

const MiB = 1024 * 1024;
const stats = (bytes: number, freeBytes: number): IpcData<'orders:cacheStats'> => ({
  profileId: 'shop',
  file: '/home/anna/.config/Merchant Desk/cache/shop.sqlite',
  bytes,
  freeBytes,
  orders: 1_000_000,
  withAfterSales: 0,
  withDispute: 0,
  withDeliveryException: 0,
  oldestCreateAt: null,
  newestCreateAt: null,
  byOrderStatus: [],
  byAfterSalesStatus: [],
});

describe('Settings → Cache: the unused space inside the file, given back on request', () => {
  let bridge: FakeBridge;
  let current: IpcData<'orders:cacheStats'>;
  let finishCompaction: () => void;
  beforeEach(() => {
    current = stats(2_690 * MiB, 1_370 * MiB);
    bridge = installFakeBridge({
      'orders:cacheStats': () => ({ ok: true, data: current }),
      'sync:status': () => ({
        ok: true,
        data: { state: 'idle', complete: true, lastSyncedAt: null, lastFullSyncAt: null, unfinished: null },
      }),
      'orders:compact': () =>
        new Promise((resolve) => {
          finishCompaction = () => {
            current = stats(1_320 * MiB, 0);
            resolve({
              ok: true,
              data: { bytesBefore: 2_690 * MiB, bytesAfter: 1_320 * MiB, freeBytesBefore: 1_370 * MiB },
            });
          };
        }),
    });
    useSettingsStore.setState(useSettingsStore.getInitialState());
  });

  it('says how much is unused, gives it back once while it runs, then shows the new size and no button', async () => {
    render(<CacheSection />);
    expect((await screen.findByTestId('cache-free')).textContent).toMatch(/^1\.3\d? GB inside the file/);
    const give = screen.getByRole('button', { name: /^Give back 1\.3\d? GB$/ });
    expect(give.getAttribute('aria-describedby')).toBe('cache-compact-note');
    expect(screen.getByText(/browsing goes on, syncing waits/)).toBeTruthy();
    await userEvent.click(give);
    const running = await screen.findByRole('button', { name: 'Giving back the unused space…' });
    expect(running.hasAttribute('disabled')).toBe(true);
    await userEvent.click(running); // a second press sends nothing
    expect(bridge.calls.filter(([c]) => c === 'orders:compact')).toHaveLength(1);
    finishCompaction();
    await screen.findByText(/^Done: the cache file went from 2\.6 GB to 1\.3 GB\.$/);
    expect(screen.queryByTestId('cache-free')).toBeNull();
    expect(screen.queryByRole('button', { name: /Give back/ })).toBeNull();
  });

  it('shows nothing to give back for a few free pages, and says why a refused compaction did nothing', async () => {
    current = stats(40 * MiB, 2 * MiB);
    const { unmount } = render(<CacheSection />);
    await screen.findByText('Orders cached');
    await screen.findByText(/^40(\.0)? MB$/);
    expect(screen.queryByTestId('cache-free')).toBeNull();
    expect(screen.queryByRole('button', { name: /Give back/ })).toBeNull();
    unmount();

    current = stats(2_690 * MiB, 1_370 * MiB);
    bridge.answer('orders:compact', () => ({
      ok: false,
      error: {
        kind: 'sync',
        code: 'busy',
        message: 'A sync of this profile is running.',
        action: 'Try again when it has finished.',
      },
    }));
    render(<CacheSection />);
    await userEvent.click(await screen.findByRole('button', { name: /^Give back/ }));
    await screen.findByText('The unused space was not given back');
    expect(screen.getByText(/A sync of this profile is running/)).toBeTruthy();
    expect(screen.getByTestId('cache-free')).toBeTruthy();
  });
});
