import type { BrowserWindow, PowerMonitor } from 'electron';
import { describe, expect, it } from 'vitest';
import type { FocusPort, PowerPort } from '../appHost/shell/poller';

/**
 * Electron's own objects satisfy the host-agnostic ports src/appHost declares (checked by the compiler: this file
 * fails `npm run typecheck` when a port asks for something Electron does not have).
 */
const electronFits = { power: (p: PowerMonitor): PowerPort => p, focus: (w: BrowserWindow): FocusPort => w };

describe('Electron objects as appHost ports', () => {
  it('powerMonitor is a PowerPort and a BrowserWindow a FocusPort (compile-time check)', () => {
    expect(Object.keys(electronFits)).toEqual(['power', 'focus']);
  });
});
