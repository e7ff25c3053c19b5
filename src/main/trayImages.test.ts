import { readFileSync } from 'node:fs';
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

/** The RGBA pixels are not decoded here; a template image is checked by its generator (black + alpha only). */
describe('tray images', () => {
  it('macOS uses template images; Windows and Linux the variant for the taskbar theme', () => {
    expect(trayImageFile('attention', 'darwin', 'dark')).toBe('attentionTemplate.png');
    expect(trayImageFile('attention', 'win32', 'dark')).toBe('attention-dark.png');
    expect(trayImageFile('error', 'win32', 'light')).toBe('error-light.png');
    expect(trayImageFile('offline', 'linux', 'dark')).toBe('offline-dark.png');
  });

  it('the Windows taskbar follows the system theme, not the apps theme', () => {
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
});
