import type { IpcEventPublisher } from '../shared/ipc/events';
import { parseDeepLink, type DeepLink } from './deepLink';
import type { NavigateTarget } from '../appHost/shell/notifications';

/**
 * Taking the merchant to a screen: a clicked notification, or a `merchantdesk://order/<id>` link from the system
 * (a second launch, macOS `open-url`). Main shows the window and pushes one `app:navigate` event; the renderer
 * routes it. A link that fails validation only brings the window forward: nothing crafted reaches routing.
 */
export type { NavigateTarget };

export function deepLinkNavigation(link: DeepLink): NavigateTarget {
  return { screen: 'orders', orderId: link.orderId };
}

/**
 * The deep link among a launch's arguments (Windows and Linux pass it as one; macOS uses `open-url`). Only the
 * scheme is looked for here; parseDeepLink decides whether it is valid.
 */
export function deepLinkArgument(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith('merchantdesk:'));
}

/** The main window's contents, as far as a navigation needs them. */
export interface NavigableContents {
  isLoading(): boolean;
  once(event: 'did-finish-load', listener: () => void): unknown;
}

export interface NavigatorPorts {
  /** Shows and focuses the main window (creating it when none is open); its contents. */
  showWindow(): NavigableContents;
  events: IpcEventPublisher;
  warn(message: string): void;
}

export interface Navigator {
  navigate(target: NavigateTarget): void;
  /** A link from the system: validated, then navigated to; held until `ready` when it comes before the window. */
  openDeepLink(raw: string): void;
  /** A second launch: its deep link if it carries one, else just the window. */
  secondInstance(argv: readonly string[]): void;
  /** The app is ready (windows can be made): replays a link that arrived before. */
  ready(): void;
}

export function createNavigator(ports: NavigatorPorts): Navigator {
  let isReady = false;
  let pending: string | undefined;

  function navigate(target: NavigateTarget): void {
    const contents = ports.showWindow();
    // A window made just now has no renderer listening yet: the event goes once its page has loaded.
    if (contents.isLoading()) contents.once('did-finish-load', () => void ports.events.publish('app:navigate', target));
    else ports.events.publish('app:navigate', target);
  }

  function openDeepLink(raw: string): void {
    if (!isReady) {
      pending = raw;
      return;
    }
    const parsed = parseDeepLink(raw);
    if (!parsed.ok) {
      // The link itself is not logged: it is untrusted text of any length.
      ports.warn(`[main] a merchantdesk: link was refused (${parsed.reason})`);
      ports.showWindow();
      return;
    }
    navigate(deepLinkNavigation(parsed.link));
  }

  return {
    navigate,
    openDeepLink,
    secondInstance(argv) {
      const raw = deepLinkArgument(argv);
      if (raw !== undefined) openDeepLink(raw);
      else if (isReady) ports.showWindow();
    },
    ready() {
      isReady = true;
      const raw = pending;
      pending = undefined;
      if (raw !== undefined) openDeepLink(raw);
    },
  };
}

/** `app.setAsDefaultProtocolClient`. */
export interface ProtocolClientPort {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
}

/**
 * Makes `merchantdesk://` links open this app. A development run (`electron .`, `process.defaultApp`) is Electron
 * plus a script, so the system must be told both; a packaged app is its own executable (electron-builder also
 * declares the scheme in the installer and Info.plist).
 */
export function registerDeepLinkScheme(
  port: ProtocolClientPort,
  launch: { defaultApp: boolean; execPath: string; appPath: string | undefined },
): boolean {
  const scheme = 'merchantdesk';
  // Registers the app as the OS handler of merchantdesk:// (no protocol handler inside the app); every link that
  // arrives is validated by deepLink.ts before anything acts on it.
  return launch.defaultApp && launch.appPath !== undefined
    ? port.setAsDefaultProtocolClient(scheme, launch.execPath, [launch.appPath]) // eng-disable PROTOCOL_HANDLER_JS_CHECK
    : port.setAsDefaultProtocolClient(scheme); // eng-disable PROTOCOL_HANDLER_JS_CHECK
}
