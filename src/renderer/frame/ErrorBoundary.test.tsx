// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../stores/appStore';
import { installFakeBridge } from '../testing/fakeBridge';
import { ErrorBoundary } from './ErrorBoundary';

afterEach(cleanup);
const logFile = '/home/anna/.config/Merchant Desk/logs/main.log';

function Broken(): never {
  throw new Error('order list: cannot read properties of undefined');
}

describe('the error boundary', () => {
  beforeEach(() => {
    installFakeBridge({
      'app:getInfo': () => ({ ok: true, data: { version: '1.4.0', platform: 'win32', dataDir: '/d', logFile } }),
    });
    useAppStore.setState({ info: useAppStore.getInitialState().info });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the error, a Reload button and the log path instead of a blank window', async () => {
    await useAppStore.getState().loadInfo();
    const reload = vi.fn();
    render(
      <ErrorBoundary reload={reload}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText('Something went wrong in this window')).toBeTruthy();
    expect(screen.getByText('order list: cannot read properties of undefined')).toBeTruthy();
    expect(screen.getByText(logFile)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>orders</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('orders')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
