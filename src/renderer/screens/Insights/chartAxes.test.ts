import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { labelAxisSpace, valueAxisSize } from './chartAxes';

/** A plot as uPlot hands it to `size`: its axes (font, ticks, gap, last size) and a canvas that measures text. */
function plot(charWidth: number, lastSize?: number) {
  const fonts: string[] = [];
  const u = {
    axes: [{}, { font: ['12px sans-serif', 12], ticks: { size: 10 }, gap: 5, _size: lastSize }],
    ctx: {
      set font(f: string) {
        fonts.push(f);
      },
      measureText: (text: string) => ({ width: text.length * charWidth }),
    },
  } as unknown as uPlot;
  return { u, fonts };
}

describe('the value axis is as wide as its widest label', () => {
  it('"2,500,000" gets its whole width plus ticks and gap (a fixed 70 px cut it to ",500,000")', () => {
    const { u, fonts } = plot(7);
    const size = valueAxisSize(u, ['0', '500,000', '1,000,000', '2,500,000'], 1, 0);
    expect(size).toBeGreaterThanOrEqual(9 * 7 + 10 + 5);
    expect(size).toBeGreaterThan(70);
    expect(fonts).toEqual(['12px sans-serif']);
  });

  it('short labels keep the narrow axis; a later settling pass keeps the first answer', () => {
    expect(valueAxisSize(plot(7).u, ['0', '5', '10'], 1, 0)).toBe(50);
    expect(valueAxisSize(plot(7, 93).u, ['0', '2,500,000,000'], 1, 2)).toBe(93);
  });
});

describe('the time axis leaves its widest label and a gap between ticks', () => {
  it('ISO days get more than their width apart (they touched at the default 50 px), measured once', () => {
    const { u, fonts } = plot(7);
    const space = labelAxisSpace(['2026-10-29', '2026-10-30', '2026-11-23']) as (...a: unknown[]) => number;
    const first = space(u, 1, 0, 29, 700);
    expect(first).toBeGreaterThan(10 * 7);
    expect(space(u, 1, 0, 29, 900)).toBe(first);
    expect(fonts).toHaveLength(1);
  });

  it('short labels keep uPlot’s own least space', () => {
    const space = labelAxisSpace(['W1', 'W2']) as (...a: unknown[]) => number;
    expect(space(plot(7).u, 1, 0, 1, 700)).toBe(50);
  });
});
