import { describe, expect, it } from 'vitest';
import { denyAllPermissions, installWebContentsGuards, type GuardedContents, type PreventableEvent } from './security';

type Listener = (event: PreventableEvent) => void;

/** A typed fake of the app and one web contents. */
function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedContents = {
    setWindowOpenHandler: (h) => void (openHandler = h),
    on: (event, listener) => void listeners.set(event, listener),
  };
  const fire = (event: string) => {
    let prevented = false;
    listeners.get(event)?.({ preventDefault: () => void (prevented = true) });
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }) };
}

function guarded() {
  const opened: string[] = [];
  let created: ((event: unknown, contents: GuardedContents) => void) | undefined;
  installWebContentsGuards({ on: (_e, l) => void (created = l) }, (url) => void opened.push(url));
  const c = fakeContents();
  created?.({}, c.contents);
  return { ...c, opened };
}

describe('web contents guards', () => {
  it('every navigation, redirect and <webview> is prevented', () => {
    const c = guarded();
    expect(c.fire('will-navigate')).toBe(true);
    expect(c.fire('will-redirect')).toBe(true);
    expect(c.fire('will-attach-webview')).toBe(true);
  });

  it('a new window is denied; its address goes to the guarded opener (which applies the allow-list)', () => {
    const c = guarded();
    expect(c.open('https://platform.example.com/items/1')).toEqual({ action: 'deny' });
    expect(c.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(c.opened).toEqual(['https://platform.example.com/items/1', 'https://evil.example/']);
  });

  it('every permission request and check is refused', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (h) => void (request = h),
      setPermissionCheckHandler: (h) => void (check = h),
    });
    const answers: boolean[] = [];
    for (const p of ['media', 'notifications', 'geolocation', 'clipboard-read'])
      request?.({}, p, (granted) => void answers.push(granted));
    expect(answers).toEqual([false, false, false, false]);
    expect(check?.()).toBe(false);
  });
});
