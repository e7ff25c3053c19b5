import { describe, expect, it, vi } from 'vitest';

// A fake electron app for the instance that holds the single-instance lock: main registers the deep-link scheme
// and its handlers before ready (ready never comes here, so no window, host or tray is made).
const fake = vi.hoisted(() => ({
  listeners: new Map<string, (...args: unknown[]) => void>(),
  protocolClients: [] as unknown[][],
}));
vi.mock('electron', () => {
  const app = {
    setName: () => {},
    setPath: () => {},
    enableSandbox: () => {},
    requestSingleInstanceLock: () => true,
    setAsDefaultProtocolClient: (...args: unknown[]) => (fake.protocolClients.push(args), true),
    quit: () => {},
    on: (event: string, listener: (...args: unknown[]) => void) => (fake.listeners.set(event, listener), app),
    whenReady: () => new Promise(() => {}),
    isPackaged: true,
    getVersion: () => '0.0.0',
  };
  const electron = {
    app,
    BrowserWindow: { getAllWindows: () => [] },
    crashReporter: { start: () => {} },
    session: {},
    ipcMain: { handle: () => {} },
    shell: {},
    protocol: { registerSchemesAsPrivileged: () => {}, handle: () => {} },
  };
  return { ...electron, default: electron };
});

describe('main start-up, first instance', () => {
  it('registers merchantdesk://, takes second launches and macOS open-url before ready', async () => {
    vi.stubEnv('MERCHANT_DESK_DATA_DIR', '/srv/merchant-desk-test');
    await import('./index');
    expect(fake.protocolClients).toHaveLength(1);
    expect(fake.protocolClients[0]![0]).toBe('merchantdesk');
    expect(fake.listeners.has('second-instance')).toBe(true);
    // open-url is claimed (so macOS does not treat the link as unhandled) and held until ready: no window yet.
    let prevented = false;
    fake.listeners.get('open-url')!({ preventDefault: () => void (prevented = true) }, 'merchantdesk://order/1');
    expect(prevented).toBe(true);
    // A second launch before ready makes no window (there is none to focus yet) and does not throw.
    expect(() => fake.listeners.get('second-instance')!({}, ['app', 'merchantdesk://order/2'], '/')).not.toThrow();
    expect(fake.listeners.has('before-quit')).toBe(true);
    vi.unstubAllEnvs();
  });
});
