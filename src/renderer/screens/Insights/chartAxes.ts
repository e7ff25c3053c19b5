import uPlot from 'uplot';

/** The narrowest value axis: what the old fixed size was (short labels keep their place). */
const MIN_SIZE = 50;

/**
 * The value axis as wide as its widest label, uPlot's own recipe for a computed `size`: a fixed 70 px cut a million-
 * order shop's revenue to ",500,000" and ",000,000". uPlot asks again while the axes settle (cycleNum > 1); the first
 * answer stands so the plot does not jitter.
 */
export function valueAxisSize(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  // After init uPlot holds each axis's font as [css font, px size] and its measured size as `_size`.
  const axis = u.axes[axisIdx] as uPlot.Axis & { font?: [string, number]; _size?: number };
  if (cycleNum > 1 && axis._size !== undefined) return axis._size;
  let widest = 0;
  if (values && axis.font) {
    u.ctx.font = axis.font[0];
    for (const v of values) widest = Math.max(widest, u.ctx.measureText(v).width / (uPlot.pxRatio || 1));
  }
  const ticks = axis.ticks?.show === false ? 0 : (axis.ticks?.size ?? 10);
  return Math.max(MIN_SIZE, Math.ceil(widest + ticks + (axis.gap ?? 5) + 4));
}

/** Room between two period labels on the time axis, beyond the widest label. */
const LABEL_GAP = 16;

/**
 * The time axis's least space between ticks: its widest label and a gap, so ISO days never touch
 * ("2026-10-292026-11-03" at uPlot's default of 50 px); uPlot then picks the smallest step that leaves it.
 */
export function labelAxisSpace(labels: readonly string[]): uPlot.Axis.Space {
  let measured: number | null = null;
  return (u, axisIdx) => {
    if (measured !== null) return measured;
    const axis = u.axes[axisIdx] as uPlot.Axis & { font?: [string, number] };
    let widest = 0;
    if (axis.font) {
      u.ctx.font = axis.font[0];
      for (const label of new Set(labels))
        widest = Math.max(widest, u.ctx.measureText(label).width / (uPlot.pxRatio || 1));
    }
    measured = Math.max(50, Math.ceil(widest + LABEL_GAP));
    return measured;
  };
}
