import { formatIsoInstant, parseIsoInstant } from '../../shared/time/isoInstant';

/**
 * When the local clock stands in for the platform's, it is set back by this much, so a local clock running ahead of
 * the platform's cannot push the watermark past updates (a lower watermark only re-reads a few orders). It is also
 * how far ahead of the local clock a watermark may ever be.
 */
export const LOCAL_CLOCK_MARGIN_MS = 10 * 60_000;

/** An envelope `time` further than this from the local clock is not believed. */
export const CLOCK_SKEW_LIMIT_MS = 24 * 60 * 60_000;

/**
 * The platform's clock and the local one disagreed by more than a day. A platform time ahead was replaced by the
 * local clock; one behind was kept (a lower watermark only re-reads orders, a higher one would miss changes).
 */
export interface ClockSkew {
  /** What the platform said (its envelope `time`, or the stored watermark it once set). */
  platformTime: string;
  localTime: string;
}

/**
 * When one answer was given. `seenAtMs` is the platform clock as believed (read below: the stand-in when the time
 * is missing or far ahead) — what update times, watermarks and a run's bounds are made of. `answeredMs` is the
 * envelope time exactly as the platform sent it (null when missing or unreadable): it only orders two copies of
 * one order, so a late answer does not overwrite a newer copy. A stand-in clock must never do that: set back by
 * the margin, it would judge a fresh copy older than one fetched minutes before and drop a real update.
 */
export interface AnswerTime {
  seenAtMs: number;
  answeredMs: number | null;
}

/**
 * The platform clock as a sync reads it from each answer's envelope `time`: the watermark and a run's bounds are
 * platform times, never local ones. The local clock, set back by LOCAL_CLOCK_MARGIN_MS, stands in when the time is
 * missing or unreadable (the spec says it never is), or more than a day ahead of the local clock — a broken or
 * hostile platform clock: one answer dated 2999 must not make every later poll ask for updates since 2998. A time
 * more than a day behind is kept: the platform stamps its updates with that clock, so only it finds them (the
 * cost is re-reading). Either disagreement is kept, the first one, to be reported once.
 */
export class PlatformClock {
  private firstSkew: ClockSkew | undefined;

  constructor(private readonly localNow: () => number) {}

  /** The skew seen so far, if any. */
  get skew(): ClockSkew | undefined {
    return this.firstSkew;
  }

  /** The platform time of one answer. */
  read(time: string | undefined): number {
    const local = this.localNow();
    const ms = parseIsoInstant(time);
    if (ms === undefined) return this.standIn();
    if (Math.abs(ms - local) > CLOCK_SKEW_LIMIT_MS) this.noteSkew(ms, local);
    return ms - local > CLOCK_SKEW_LIMIT_MS ? this.standIn() : ms;
  }

  /** The platform time of one answer, and its own time as sent (see AnswerTime). */
  answer(time: string | undefined): AnswerTime {
    return { seenAtMs: this.read(time), answeredMs: parseIsoInstant(time) ?? null };
  }

  /** The local clock standing in for the platform's: set back by the margin. */
  standIn(): number {
    return this.localNow() - LOCAL_CLOCK_MARGIN_MS;
  }

  /** A watermark as far as it may go: never past the local clock plus the margin. */
  capWatermark(ms: number): number {
    return Math.min(ms, this.localNow() + LOCAL_CLOCK_MARGIN_MS);
  }

  /** Whether a stored watermark is believable: not past the local clock plus the margin (else it is reported). */
  trusts(watermarkMs: number): boolean {
    const local = this.localNow();
    if (watermarkMs <= local + LOCAL_CLOCK_MARGIN_MS) return true;
    this.noteSkew(watermarkMs, local);
    return false;
  }

  private noteSkew(platformMs: number, localMs: number): void {
    this.firstSkew ??= { platformTime: formatIsoInstant(platformMs), localTime: formatIsoInstant(localMs) };
  }
}
