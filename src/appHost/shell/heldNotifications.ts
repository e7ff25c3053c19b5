/**
 * Desktop notifications whose clicks are not lost (issue 22).
 *
 * Electron holds a main-process `Notification` weakly: once the code that showed it drops its reference, the
 * object (and its `click` listener) may be garbage-collected while the notification is still on screen, and a
 * click then does nothing (electron/electron#16922, #12690). So every notification shown here stays referenced
 * until it is clicked, closed or fails.
 *
 * On Windows a toast outlives the app in the Action Center; clicked after a restart, no listener of this process
 * exists. A toast about one order therefore carries protocol activation (`activationType="protocol"`,
 * `launch="merchantdesk://order/<id>"`): Windows opens that link, which reaches the app as a second instance (or
 * its start) and goes through the deep-link path (src/main/deepLink.ts) like any other. That needs the app registered
 * as the scheme's handler and its AppUserModelID set (electron/electron#32585): src/main/navigation.ts and
 * desktopShell.ts do both.
 */

/** What this module uses of an Electron `Notification`. */
export interface HeldNotificationPort {
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown;
  /** A button of the notification (macOS shows them): its index in `actions`. */
  on(event: 'action', listener: (event: unknown, index: number) => void): unknown;
  show(): void;
}

/** Electron's `NotificationConstructorOptions`, the part used. */
export interface HeldNotificationOptions {
  title: string;
  body: string;
  /** Windows: the whole toast as XML (Electron then ignores title and body). */
  toastXml?: string;
  /** Buttons (macOS). */
  actions?: { type: 'button'; text: string }[];
}

export interface HeldNotifications {
  /**
   * Shows one notification; `onClick` runs when it is clicked while this process runs. `deepLink` (an order's
   * `merchantdesk://order/<id>`) is what a Windows toast opens when clicked later, from the Action Center.
   */
  show(
    n: { title: string; body: string; deepLink?: string; buttons?: ReadonlyArray<{ text: string; onAction(): void }> },
    onClick: () => void,
  ): void;
  /** How many notifications are held now (shown, not yet clicked, closed or failed). */
  held(): number;
}

export function createHeldNotifications(deps: {
  create(options: HeldNotificationOptions): HeldNotificationPort;
  platform: NodeJS.Platform;
}): HeldNotifications {
  const held = new Set<HeldNotificationPort>();
  return {
    show(n, onClick) {
      const title = visibleBidiControls(n.title);
      const body = visibleBidiControls(n.body);
      const deepLink = n.deepLink;
      const toast =
        deps.platform === 'win32' && deepLink !== undefined ? { toastXml: toastXml(title, body, deepLink) } : {};
      const buttons = n.buttons ?? [];
      const actions = buttons.map((b) => ({ type: 'button' as const, text: b.text }));
      const notification = deps.create({ title, body, ...toast, ...(actions.length > 0 ? { actions } : {}) });
      held.add(notification);
      const release = () => held.delete(notification);
      notification.on('click', () => {
        release();
        onClick();
      });
      if (buttons.length > 0)
        notification.on('action', (_event, index) => {
          release();
          (buttons[index]?.onAction ?? onClick)();
        });
      notification.on('close', release);
      notification.on('failed', release);
      notification.show();
    },
    held: () => held.size,
  };
}

/**
 * A notification's text joins the app's words with the platform's (order numbers, buyer names): an embedding,
 * override or isolate control in them would reorder the app's words after it, so each is written as "U+202E".
 */
export function visibleBidiControls(text: string): string {
  return text.replace(
    /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
    (c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** Characters XML 1.0 cannot hold at all (a buyer's name may carry them): dropped, or the toast would not parse. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * A Windows toast (ToastGeneric: title, body) that opens `launch` through the OS when clicked — also from the Action
 * Center after the app has restarted. Title and body are escaped: they hold order numbers and buyers' names.
 */
export function toastXml(title: string, body: string, launch: string): string {
  return (
    `<toast activationType="protocol" launch="${escapeXml(launch)}">` +
    `<visual><binding template="ToastGeneric"><text>${escapeXml(title)}</text><text>${escapeXml(body)}</text></binding></visual>` +
    `</toast>`
  );
}
