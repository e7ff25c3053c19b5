import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { taskbarTheme, TRAY_ICON_STATES, trayImageFile } from './trayImages';

const trayDir = path.join(__dirname, '..', '..', 'resources', 'tray');

/** Width, height and colour type of a PNG (its IHDR chunk). */
function pngHeader(file: string): { width: number; height: number; colourType: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colourType: bytes[25]! };
}

/** The RGBA pixels of a PNG written by make-icons.mjs (one IDAT, every row with filter 0). */
function pngPixels(file: string): Uint8Array {
  const bytes = readFileSync(file);
  const { width } = pngHeader(file);
  const chunks: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.subarray(at + 4, at + 8).toString('latin1') === 'IDAT')
      chunks.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * 4 + 1;
  const rows: Buffer[] = [];
  for (let y = 0; y * stride < raw.length; y++) {
    expect(raw[y * stride]).toBe(0);
    rows.push(raw.subarray(y * stride + 1, (y + 1) * stride));
  }
  return new Uint8Array(Buffer.concat(rows));
}

describe('tray images', () => {
  it('macOS uses template images; Windows and Linux the variant for the taskbar theme', () => {
    expect(trayImageFile('attention', 'darwin', 'dark')).toBe('attentionTemplate.png');
    expect(trayImageFile('attention', 'win32', 'dark')).toBe('attention-dark.png');
    expect(trayImageFile('error', 'win32', 'light')).toBe('error-light.png');
    expect(trayImageFile('offline', 'linux', 'dark')).toBe('offline-dark.png');
  });

  it('the Windows taskbar follows the system theme, not the theme of the apps', () => {
    expect(taskbarTheme({ shouldUseDarkColors: false, shouldUseDarkColorsForSystemIntegratedUI: true })).toBe('dark');
    expect(taskbarTheme({ shouldUseDarkColors: true, shouldUseDarkColorsForSystemIntegratedUI: false })).toBe('light');
    expect(taskbarTheme({ shouldUseDarkColors: true })).toBe('dark');
  });

  it.each(TRAY_ICON_STATES)('%s: every variant exists as a 16 px RGBA PNG with a 32 px @2x twin', (state) => {
    for (const platform of ['darwin', 'win32'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const file = path.join(trayDir, trayImageFile(state, platform, theme));
        expect(pngHeader(file)).toEqual({ width: 16, height: 16, colourType: 6 });
        expect(pngHeader(file.replace(/\.png$/, '@2x.png'))).toEqual({ width: 32, height: 32, colourType: 6 });
      }
    }
  });

  it('every state looks different from every other (no two files alike per variant)', () => {
    for (const variant of ['Template', '-light', '-dark']) {
      const contents = TRAY_ICON_STATES.map((s) =>
        readFileSync(path.join(trayDir, `${s}${variant}.png`)).toString('base64'),
      );
      expect(new Set(contents).size).toBe(TRAY_ICON_STATES.length);
    }
  });

  it.each(TRAY_ICON_STATES)('%s: the macOS template is black + alpha only (the system tints it)', (state) => {
    const pixels = pngPixels(path.join(trayDir, `${state}Template@2x.png`));
    let visible = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3] === 0) continue;
      visible++;
      expect([pixels[i], pixels[i + 1], pixels[i + 2]]).toEqual([0, 0, 0]);
    }
    expect(visible).toBeGreaterThan(50);
  });
});
