import { describe, expect, it } from 'vitest';
import {
  createHeldNotifications,
  toastXml,
  type HeldNotificationOptions,
  type HeldNotificationPort,
} from './heldNotifications';

type Event = 'click' | 'close' | 'failed' | 'action';

/** A typed stand-in for Electron's Notification: records its options and lets the test fire its events. */
class FakeNotification implements HeldNotificationPort {
  readonly listeners = new Map<Event, Array<() => void>>();
  shown = false;
  constructor(readonly options: HeldNotificationOptions) {}
  on(event: Event, listener: (...args: never[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as () => void]);
    return this;
  }
  show(): void {
    this.shown = true;
  }
  fire(event: Event): void {
    for (const l of this.listeners.get(event) ?? []) l();
  }
}

function setUp(platform: NodeJS.Platform) {
  const created: FakeNotification[] = [];
  const notifications = createHeldNotifications({
    platform,
    create: (options) => {
      const n = new FakeNotification(options);
      created.push(n);
      return n;
    },
  });
  return { notifications, created };
}

describe('held notifications', () => {
  it('keeps each notification referenced until it is clicked, closed or fails', () => {
    const { notifications, created } = setUp('linux');
    const clicks: string[] = [];
    for (const id of ['1', '2', '3']) notifications.show({ title: `Order ${id}`, body: 'x' }, () => clicks.push(id));
    expect(created.every((n) => n.shown)).toBe(true);
    expect(notifications.held()).toBe(3);
    created[0]!.fire('click');
    created[1]!.fire('close');
    created[2]!.fire('failed');
    expect(clicks).toEqual(['1']);
    expect(notifications.held()).toBe(0);
  });

  it('on Windows, a toast about an order opens its deep link through the OS (Action Center after a restart)', () => {
    const { notifications, created } = setUp('win32');
    notifications.show({ title: 'New order 42', body: 'Ann', deepLink: 'merchantdesk://order/42' }, () => {});
    notifications.show({ title: '5 orders changed', body: 'Open the list' }, () => {});
    expect(created[0]!.options.toastXml).toBe(
      '<toast activationType="protocol" launch="merchantdesk://order/42"><visual><binding template="ToastGeneric"><text>New order 42</text><text>Ann</text></binding></visual></toast>',
    );
    expect(created[1]!.options.toastXml).toBeUndefined();
    // Elsewhere no toast XML: macOS and Linux keep the plain title and body.
    const linux = setUp('linux');
    linux.notifications.show({ title: 't', body: 'b', deepLink: 'merchantdesk://order/42' }, () => {});
    expect(linux.created[0]!.options).toEqual({ title: 't', body: 'b' });
  });

  it('escapes a buyer name in the toast: no element or attribute can be injected, no character breaks the XML', () => {
    const xml = toastXml('Order 7', `Ann</text><action content="x"/>&\u0007'\uD800`, 'merchantdesk://order/7');
    expect(xml).toContain('<text>Ann&lt;/text&gt;&lt;action content=&quot;x&quot;/&gt;&amp;&apos;</text>');
    expect(xml.match(/<text>/g)).toHaveLength(2);
  });

  it('shows bidi controls in a notification as marks: a buyer name cannot reverse the app’s words after it', () => {
    const { notifications, created } = setUp('linux');
    notifications.show({ title: 'Refund request', body: 'Order 42 · Ann\u202E · 3 items' }, () => {});
    expect(created[0]!.options.body).toBe('Order 42 · AnnU+202E · 3 items');
  });
});
