import { describe, expect, it } from 'vitest';
import { checkEvent, type IpcEventPublisher } from '../shared/ipc/events';
import {
  createNavigator,
  deepLinkArgument,
  registerDeepLinkScheme,
  type NavigableContents,
  type NavigateTarget,
} from './navigation';

/** A typed fake of the window's contents and the windows' event channel. */
function fakeMain(loading = false) {
  const sent: unknown[] = [];
  const warnings: string[] = [];
  let shown = 0;
  let finishLoad: (() => void) | undefined;
  const contents: NavigableContents = {
    isLoading: () => loading,
    once: (_event, listener) => void (finishLoad = listener),
  };
  const events: IpcEventPublisher = {
    publish(event, payload) {
      // The same check as the real publisher: what the contract refuses is not sent.
      const checked = checkEvent(event, payload);
      if (checked.ok) sent.push(checked.payload);
      return checked.ok;
    },
  };
  const navigator = createNavigator({
    showWindow: () => (shown++, contents),
    events,
    warn: (m) => void warnings.push(m),
  });
  return {
    navigator,
    sent,
    warnings,
    shown: () => shown,
    finishLoad: () => {
      loading = false;
      finishLoad?.();
    },
  };
}

describe('navigator', () => {
  it('navigate shows the window and pushes app:navigate with exactly the target', () => {
    const m = fakeMain();
    m.navigator.ready();
    const target: NavigateTarget = { screen: 'after-sales', orderId: null };
    m.navigator.navigate(target);
    expect(m.shown()).toBe(1);
    expect(m.sent).toEqual([target]);
  });

  it('a window still loading gets the event once its page has loaded', () => {
    const m = fakeMain(true);
    m.navigator.ready();
    m.navigator.navigate({ screen: 'orders', orderId: '7' });
    expect(m.sent).toEqual([]);
    m.finishLoad();
    expect(m.sent).toEqual([{ screen: 'orders', orderId: '7' }]);
  });

  it("a second launch's valid deep link focuses the window and opens that order", () => {
    const m = fakeMain();
    m.navigator.ready();
    m.navigator.secondInstance(['C:\\Merchant Desk\\Merchant Desk.exe', '--flag', 'merchantdesk://order/123456789']);
    expect(m.shown()).toBe(1);
    expect(m.sent).toEqual([{ screen: 'orders', orderId: '123456789' }]);
  });

  it('a second launch without a link only focuses the window', () => {
    const m = fakeMain();
    m.navigator.ready();
    m.navigator.secondInstance(['/usr/bin/merchant-desk']);
    expect(m.shown()).toBe(1);
    expect(m.sent).toEqual([]);
  });

  it.each([
    'merchantdesk://order/0042',
    'merchantdesk://order/1?x=1',
    'merchantdesk://settings/1',
    'merchantdesk://order/99999999999999999999',
    'MERCHANTDESK://order/1',
    'merchantdesk://order/%31',
  ])('a crafted link %s only focuses the window, and is not echoed in the log', (raw) => {
    const m = fakeMain();
    m.navigator.ready();
    m.navigator.secondInstance(['app', raw]);
    expect(m.shown()).toBe(1);
    expect(m.sent).toEqual([]);
    expect(m.warnings).toHaveLength(1);
    expect(m.warnings[0]).not.toContain(raw);
  });

  it('a link that arrives before the app is ready (macOS open-url at launch) is opened once it is', () => {
    const m = fakeMain();
    m.navigator.openDeepLink('merchantdesk://order/5');
    expect(m.shown()).toBe(0);
    m.navigator.ready();
    expect(m.sent).toEqual([{ screen: 'orders', orderId: '5' }]);
  });

  it('a screen link (merchantdesk://after-sales) opens that screen', () => {
    const m = fakeMain();
    m.navigator.ready();
    m.navigator.openDeepLink('merchantdesk://after-sales');
    expect(m.sent).toEqual([{ screen: 'after-sales', orderId: null }]);
  });

  it('finds the link among launch arguments by its scheme only', () => {
    expect(deepLinkArgument(['app', '--x', 'MerchantDesk://order/1'])).toBe('MerchantDesk://order/1');
    expect(deepLinkArgument(['app', 'https://x'])).toBeUndefined();
  });
});

describe('registerDeepLinkScheme', () => {
  it('a packaged app registers itself; a development run registers Electron with its script', () => {
    const calls: unknown[][] = [];
    const port = { setAsDefaultProtocolClient: (...args: unknown[]) => (calls.push(args), true) };
    registerDeepLinkScheme(port, { defaultApp: false, execPath: '/Apps/Merchant Desk', appPath: undefined });
    registerDeepLinkScheme(port, { defaultApp: true, execPath: '/bin/electron', appPath: '/src/app' });
    expect(calls).toEqual([['merchantdesk'], ['merchantdesk', '/bin/electron', ['/src/app']]]);
  });
});
