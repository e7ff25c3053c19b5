import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP_STATE_FILE, desktopStateStore } from './desktopState';
import type { PreventableEvent } from './security';
import { applyOpenAtLogin, keepInTrayOnClose, type ClosableWindow, type LoginItemPort } from './windowLifecycle';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'md-lifecycle-'));
  dirs.push(d);
  return d;
};

/** A typed fake BrowserWindow (close and hide) and a real state file. */
function fakeWindow(options: { closeToTray?: boolean; platform?: NodeJS.Platform } = {}) {
  let onClose: ((event: PreventableEvent) => void) | undefined;
  let onSessionEnd: (() => void) | undefined;
  const window = { hidden: 0, closed: 0 };
  const win: ClosableWindow = {
    on: (event: 'close' | 'session-end', listener: (event: PreventableEvent) => void) => {
      if (event === 'close') onClose = listener;
      else onSessionEnd = () => listener({ preventDefault: () => {} });
    },
    hide: () => void window.hidden++,
  };
  const notices: { title: string; body: string }[] = [];
  const state = desktopStateStore(tempDir());
  const settings = { closeToTray: options.closeToTray ?? true, quitting: false };
  keepInTrayOnClose(win, {
    closeToTray: () => settings.closeToTray,
    quitting: () => settings.quitting,
    noticeShown: () => state.read().closeToTrayNoticeShown,
    markNoticeShown: () => state.update({ closeToTrayNoticeShown: true }),
    notify: (title, body) => void notices.push({ title, body }),
    platform: options.platform ?? 'win32',
  });
  const close = () => {
    let prevented = false;
    onClose?.({ preventDefault: () => void (prevented = true) });
    if (!prevented) window.closed++;
  };
  return { window, close, notices, settings, state, endSession: () => onSessionEnd?.() };
}

describe('close to tray', () => {
  it('on (the default): closing hides the window; the notice is shown once, remembered in the data directory', () => {
    const f = fakeWindow();
    f.close();
    f.close();
    expect(f.window).toEqual({ hidden: 2, closed: 0 });
    expect(f.notices).toHaveLength(1);
    expect(f.notices[0]!.body).toContain('notification area');
    expect(f.state.read()).toEqual({ closeToTrayNoticeShown: true });
  });

  it('the notice is not shown again after a restart (a new window, the same data directory)', () => {
    const f = fakeWindow();
    f.close();
    const file = path.join(dirs[0]!, DESKTOP_STATE_FILE);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(desktopStateStore(dirs[0]!).read().closeToTrayNoticeShown).toBe(true);
  });

  it('off: the window closes for real and no notice is shown', () => {
    const f = fakeWindow({ closeToTray: false });
    f.close();
    expect(f.window).toEqual({ hidden: 0, closed: 1 });
    expect(f.notices).toEqual([]);
  });

  it('quitting (tray Quit, Cmd+Q, shutdown) closes for real even with the setting on', () => {
    const f = fakeWindow();
    f.settings.quitting = true;
    f.close();
    expect(f.window).toEqual({ hidden: 0, closed: 1 });
    expect(f.notices).toEqual([]);
  });

  it('Windows logging off or shutting down (session-end, no before-quit) closes for real', () => {
    const f = fakeWindow();
    f.endSession();
    f.close();
    expect(f.window).toEqual({ hidden: 0, closed: 1 });
  });

  it('the setting is read at every close: turning it off in Settings applies to the next close', () => {
    const f = fakeWindow();
    f.close();
    f.settings.closeToTray = false;
    f.close();
    expect(f.window).toEqual({ hidden: 1, closed: 1 });
  });

  it('names the menu bar on macOS', () => {
    const f = fakeWindow({ platform: 'darwin' });
    f.close();
    expect(f.notices[0]!.body).toContain('menu bar');
  });
});

describe('open at login', () => {
  function fakeLoginItems(initial: boolean) {
    const writes: boolean[] = [];
    let current = initial;
    const port: LoginItemPort = {
      getLoginItemSettings: () => ({ openAtLogin: current }),
      setLoginItemSettings: ({ openAtLogin }) => void (writes.push(openAtLogin), (current = openAtLogin)),
    };
    return { port, writes };
  }

  it('writes the system login item only when it differs from the setting', () => {
    const f = fakeLoginItems(false);
    applyOpenAtLogin(f.port, false);
    applyOpenAtLogin(f.port, true);
    applyOpenAtLogin(f.port, true);
    applyOpenAtLogin(f.port, false);
    expect(f.writes).toEqual([true, false]);
  });
});

describe('desktop state file', () => {
  it('a missing or damaged file reads as nothing remembered', () => {
    const dir = tempDir();
    expect(desktopStateStore(dir).read()).toEqual({ closeToTrayNoticeShown: false });
    writeFileSync(path.join(dir, DESKTOP_STATE_FILE), '{not json');
    expect(desktopStateStore(dir).read()).toEqual({ closeToTrayNoticeShown: false });
  });
});
