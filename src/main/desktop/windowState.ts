import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../../core/paths/privateFiles';

/**
 * The main window's place, kept across starts (issue 23): its bounds per display setup and whether it was
 * maximized. A laptop docked to a monitor and undocked again gets each setup's own place back; a window saved on
 * a display that is gone is never restored off-screen — it opens centred on the primary display instead.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface SavedWindow {
  bounds: Rect;
  maximized: boolean;
}
export interface WindowStateFile {
  /** Keyed by the display setup (displaySetupKey). */
  setups: Record<string, SavedWindow>;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 };
export const MIN_SIZE = { width: 800, height: 560 };

/** One key per set of displays (their work areas), so each setup keeps its own place. */
export function displaySetupKey(displays: readonly { workArea: Rect }[]): string {
  return displays
    .map((d) => `${d.workArea.x},${d.workArea.y},${d.workArea.width}x${d.workArea.height}`)
    .sort()
    .join(';');
}

/** How much of `r` lies inside `area` (px²). */
function overlap(r: Rect, area: Rect): number {
  const w = Math.min(r.x + r.width, area.x + area.width) - Math.max(r.x, area.x);
  const h = Math.min(r.y + r.height, area.y + area.height) - Math.max(r.y, area.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where the window opens: the saved place for this display setup if its title bar area is on a display (at least
 * 100×40 px of it visible), clamped to that display's work area; otherwise the default size, centred on the
 * primary display.
 */
export function restoredWindow(
  saved: WindowStateFile | null,
  displays: readonly { workArea: Rect }[],
  primary: { workArea: Rect },
): SavedWindow {
  const centred = (): SavedWindow => {
    const a = primary.workArea;
    const width = Math.min(DEFAULT_SIZE.width, a.width);
    const height = Math.min(DEFAULT_SIZE.height, a.height);
    return {
      bounds: {
        x: a.x + Math.round((a.width - width) / 2),
        y: a.y + Math.round((a.height - height) / 2),
        width,
        height,
      },
      maximized: false,
    };
  };
  const entry = saved?.setups[displaySetupKey(displays)];
  if (!entry) return centred();
  const b = entry.bounds;
  const titleBar: Rect = { x: b.x, y: b.y, width: b.width, height: Math.min(40, b.height) };
  const host = displays.map((d) => ({ d, seen: overlap(titleBar, d.workArea) })).sort((a, c) => c.seen - a.seen)[0];
  if (!host || host.seen < 100 * Math.min(40, b.height)) return centred();
  const a = host.d.workArea;
  const width = Math.max(MIN_SIZE.width, Math.min(b.width, a.width));
  const height = Math.max(MIN_SIZE.height, Math.min(b.height, a.height));
  const x = Math.min(Math.max(b.x, a.x), a.x + a.width - width);
  const y = Math.min(Math.max(b.y, a.y), a.y + a.height - height);
  return { bounds: { x, y, width, height }, maximized: entry.maximized };
}

/** The file (`<data dir>/window-state.json`, owner-only) the place is kept in; unreadable → none saved. */
export function windowStateStore(dataDir: string) {
  const file = path.join(dataDir, 'window-state.json');
  return {
    read(): WindowStateFile | null {
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as WindowStateFile;
        return parsed && typeof parsed.setups === 'object' ? parsed : null;
      } catch {
        return null;
      }
    },
    save(displays: readonly { workArea: Rect }[], window: SavedWindow): void {
      try {
        const current = this.read() ?? { setups: {} };
        current.setups[displaySetupKey(displays)] = window;
        ensurePrivateDir(dataDir);
        writeFileSync(file, JSON.stringify(current), { mode: 0o600 });
      } catch {
        // Best effort: the next start opens centred.
      }
    },
  };
}
