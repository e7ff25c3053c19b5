/**
 * Hardening for every web contents the app creates: no new windows (a link the page tries to open as one goes to
 * the system browser only when the openExternal allow-list accepts it), no navigation away from the app page, no
 * <webview>; and no browser permissions. Structural ports, so the rules are unit-tested without Electron.
 */

export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's WebContents the guards hook into. */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-attach-webview',
    listener: (event: PreventableEvent) => void,
  ): unknown;
}

/** Electron's `app`, for the `web-contents-created` event. */
export interface WebContentsSource {
  on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedContents) => void): unknown;
}

/**
 * Guards one web contents. `openExternal` is main's guarded opener (externalLinks.ts): it opens only what the
 * allow-list accepts; the window is denied either way.
 */
export function guardWebContents(contents: GuardedContents, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Call before app `ready`, so no web contents escapes the guards. */
export function installWebContentsGuards(app: WebContentsSource, openExternal: (url: string) => void): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, openExternal));
}

/** The part of Electron's Session the permission handlers are set on. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/** The renderer needs no browser permissions (camera, notifications, geolocation, ...): refuse them all. */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
