import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliDataDir } from '../cli/context';
import { useSharedDataDir } from './dataDir';

/** A stand-in for Electron's app: records what main asks of it. */
function fakeApp() {
  const calls: Array<[string, ...string[]]> = [];
  return {
    calls,
    setName: (name: string) => void calls.push(['setName', name]),
    setPath: (name: string, value: string) => void calls.push(['setPath', name, value]),
  };
}

describe('the app and the CLI share one data directory', () => {
  it.each([
    ['linux', { HOME: '/home/ana' }, '/home/ana/.config/Merchant Desk'],
    ['darwin', { HOME: '/Users/ana' }, '/Users/ana/Library/Application Support/Merchant Desk'],
    ['win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'C:\\Users\\ana\\AppData\\Roaming\\Merchant Desk'],
  ] as const)('%s: userData is the CLI default', (platform, env, expected) => {
    const app = fakeApp();
    expect(useSharedDataDir(app, env, platform)).toBe(expected);
    expect(app.calls).toEqual([
      ['setName', 'Merchant Desk'],
      ['setPath', 'userData', expected],
    ]);
  });

  it('MERCHANT_DESK_DATA_DIR moves both, and the CLI resolves the same directory', () => {
    const env = { HOME: '/home/ana', MERCHANT_DESK_DATA_DIR: '/srv/desk' };
    const app = fakeApp();
    const dir = useSharedDataDir(app, env, 'linux');
    expect(dir).toBe(path.resolve('/srv/desk'));
    expect(cliDataDir({}, env)).toBe(dir);
  });
});
