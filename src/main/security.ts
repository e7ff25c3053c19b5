import { app, type Session } from 'electron';

/**
 * Hardening for every web contents the app creates: no new windows, no navigation away from the app page,
 * no <webview>. Call before app `ready`.
 */
export function installWebContentsGuards(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/** The renderer needs no browser permissions (camera, notifications, geolocation, ...): refuse them all. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
