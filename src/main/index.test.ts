import { describe, expect, it, vi } from 'vitest';

// A fake electron app that records the order of calls: main must set the shared data directory before anything
// that reads userData (the single-instance lock, stores) and before the app is ready.
const calls = vi.hoisted(() => [] as string[]);
vi.mock('electron', () => {
  const app = {
    setName: (n: string) => void calls.push(`setName ${n}`),
    setPath: (k: string, v: string) => void calls.push(`setPath ${k} ${v}`),
    enableSandbox: () => void calls.push('enableSandbox'),
    requestSingleInstanceLock: () => {
      calls.push('requestSingleInstanceLock');
      return false; // another instance runs: main quits before creating windows
    },
    quit: () => void calls.push('quit'),
    on: () => app,
    isPackaged: false,
    getVersion: () => '0.0.0',
  };
  const electron = {
    app,
    BrowserWindow: { getAllWindows: () => [] },
    crashReporter: { start: () => {} },
    session: {},
    ipcMain: { handle: () => {} },
    shell: {},
    protocol: {
      registerSchemesAsPrivileged: (schemes: { scheme: string }[]) =>
        void calls.push(`registerSchemesAsPrivileged ${schemes.map((s) => s.scheme).join(',')}`),
      handle: (scheme: string) => void calls.push(`handle ${scheme}`),
    },
  };
  // electron-store (the app's profile store) reads the default export.
  return { ...electron, default: electron };
});

describe('main start-up', () => {
  it('points userData at the shared data directory first, then takes the single-instance lock', async () => {
    vi.stubEnv('MERCHANT_DESK_DATA_DIR', '/srv/merchant-desk-test');
    await import('./index');
    expect(calls.slice(0, 2)).toEqual(['setName Merchant Desk', 'setPath userData /srv/merchant-desk-test']);
    expect(calls.indexOf('requestSingleInstanceLock')).toBeGreaterThan(1);
    expect(calls).toContain('quit');
    // Scheme privileges are accepted only before ready; the handler waits for ready (never reached here).
    expect(calls).toContain('registerSchemesAsPrivileged app');
    expect(calls).not.toContain('handle app');
    vi.unstubAllEnvs();
  });
});
