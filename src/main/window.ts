import { fileURLToPath } from 'node:url';
import { app, BrowserWindow } from 'electron';
import icon from '../../resources/icon.png?asset';
import { APP_INDEX_URL } from './appProtocol';
import type { RendererLocation } from './trustedSender';

/** The built renderer folder next to this bundle (out/main → out/renderer), served on app://. */
export function rendererDirectory(): string {
  return fileURLToPath(new URL('../renderer/', import.meta.url));
}

/** The renderer page: the built page on app://, or the dev server when running `npm run dev`. */
export function rendererLocation(): RendererLocation {
  return {
    appUrl: APP_INDEX_URL,
    devServerUrl: app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL,
  };
}

export function createMainWindow(renderer: RendererLocation): BrowserWindow {
  const window = new BrowserWindow({
    title: 'Merchant Desk',
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    ...(process.platform === 'linux' ? { icon } : {}),
    webPreferences: {
      // Sandboxed preloads must be CommonJS: electron.vite.config.ts builds out/preload/index.cjs. It exposes only
      // `invoke` and `on` for contract names, never ipcRenderer (reviewed: docs/SECURITY.md).
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // A middle click on a link would open a new window (denied, but never asked for): the event does not exist.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());

  const load =
    renderer.devServerUrl !== undefined && renderer.devServerUrl !== ''
      ? window.loadURL(renderer.devServerUrl)
      : window.loadURL(renderer.appUrl);
  load.catch((error: unknown) => console.error('[main] could not load the renderer:', error));
  return window;
}
