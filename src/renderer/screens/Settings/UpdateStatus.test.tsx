// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateState } from '../../../shared/ipc/app';
import { useAppStore } from '../../stores/appStore';
import { subscribeToHostEvents } from '../../stores/subscriptions';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { UpdateStatus } from './UpdateStatus';

afterEach(cleanup);

describe('Settings → About → Updates', () => {
  let bridge: FakeBridge;
  let off: () => void = () => {};
  beforeEach(() => {
    useAppStore.setState({ updates: useAppStore.getInitialState().updates, restart: null });
  });
  afterEach(() => off());

  function withState(state: UpdateState) {
    bridge = installFakeBridge({
      'app:updates': () => ({ ok: true, data: state }),
      'app:updateAction': ({ action }) =>
        action === 'restart'
          ? { ok: true, data: { state: { kind: 'ready', version: '1.5.0' }, restart: 'waiting' } }
          : { ok: true, data: { state: { kind: 'checking' }, restart: null } },
      'profiles:list': () => ({ ok: true, data: { activeProfileId: null, profiles: [], tokenProblem: null } }),
    });
    off = subscribeToHostEvents();
  }

  it('says why updates are off and offers no button (the browser host, or turned off in Settings)', async () => {
    withState({ kind: 'off', reason: 'the browser host updates with the merchant-desk command (npm), not by itself' });
    render(<UpdateStatus />);
    await screen.findByText(/Updates are off: the browser host updates with the merchant-desk command/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('follows the host: downloading, then ready → "Restart to update", which waits for a decision being sent', async () => {
    withState({ kind: 'downloading', version: '1.5.0', percent: 41.6 });
    render(<UpdateStatus />);
    await screen.findByText('Downloading version 1.5.0 in the background (42%).');
    expect(screen.getByRole('button', { name: 'Check for updates' })).toHaveProperty('disabled', true);
    act(() => bridge.emit('app:updates', { kind: 'ready', version: '1.5.0' }));
    await screen.findByText(/Version 1.5.0 is downloaded/);
    await userEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(bridge.calls.at(-1)).toEqual(['app:updateAction', { action: 'restart' }]);
    await screen.findByText(/An after-sales decision is being sent: the app restarts as soon as it is answered/);
  });

  it('"Check for updates" asks the host and shows what it says', async () => {
    withState({ kind: 'up-to-date', checkedAtMs: 1 });
    render(<UpdateStatus />);
    await screen.findByText('Merchant Desk is up to date.');
    await userEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect(bridge.calls.at(-1)).toEqual(['app:updateAction', { action: 'check' }]);
    await screen.findByText('Checking for a new version…');
  });
});
