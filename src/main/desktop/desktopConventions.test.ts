import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { badgeFor } from './attentionBadge';
import { restoredWindow, windowStateStore, type Rect } from './windowState';

const display = (x: number, y: number, width: number, height: number) => ({ workArea: { x, y, width, height } });
const laptop = display(0, 0, 1440, 875);
const monitor = display(1440, 0, 2560, 1415);

describe('the window’s place', () => {
  it('opens centred on the primary display the first time', () => {
    expect(restoredWindow(null, [laptop], laptop)).toEqual({
      bounds: { x: 120, y: 38, width: 1200, height: 800 },
      maximized: false,
    });
  });

  it('comes back where it was, per display setup, maximized included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-winstate-'));
    try {
      const store = windowStateStore(dir);
      const onMonitor: Rect = { x: 1600, y: 100, width: 1400, height: 900 };
      store.save([laptop, monitor], { bounds: onMonitor, maximized: true });
      store.save([laptop], { bounds: { x: 10, y: 10, width: 1000, height: 700 }, maximized: false });
      expect(restoredWindow(store.read(), [laptop, monitor], laptop)).toEqual({ bounds: onMonitor, maximized: true });
      expect(restoredWindow(store.read(), [laptop], laptop).bounds).toEqual({ x: 10, y: 10, width: 1000, height: 700 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never restores onto a display that is gone: a saved place off every display opens centred', () => {
    const saved = {
      setups: { [`${'0,0,1440x875'}`]: { bounds: { x: 3000, y: 200, width: 1200, height: 800 }, maximized: false } },
    };
    expect(restoredWindow(saved, [laptop], laptop).bounds).toEqual({ x: 120, y: 38, width: 1200, height: 800 });
  });

  it('a window hanging off the edge is pulled inside the work area', () => {
    const saved = {
      setups: { '0,0,1440x875': { bounds: { x: 900, y: -20, width: 1200, height: 800 }, maximized: false } },
    };
    expect(restoredWindow(saved, [laptop], laptop).bounds).toEqual({ x: 240, y: 0, width: 1200, height: 800 });
  });
});

describe('the awaiting count outside the window', () => {
  it('macOS and Linux: the badge count; Windows: an overlay with a description, hidden at 0', () => {
    expect(badgeFor(4, 'darwin')).toEqual({ kind: 'count', count: 4 });
    expect(badgeFor(null, 'linux')).toEqual({ kind: 'count', count: 0 });
    expect(badgeFor(1, 'win32')).toEqual({ kind: 'overlay', show: true, description: '1 request awaits a decision' });
    expect(badgeFor(0, 'win32')).toEqual({ kind: 'overlay', show: false, description: '' });
  });
});
