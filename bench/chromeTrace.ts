import type { Page } from 'playwright-core';
import type { TraceEvent } from './uiOrdersLongTasks';

/** The timeline's categories and V8's compile and run: what the UI benches read from a trace. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink.user_timing',
  'v8.execute',
  'v8',
];

export interface ChromeTrace {
  /** Ends the trace and the CPU profile: the trace's events and the profile. */
  stop(): Promise<{ events: TraceEvent[]; profile: unknown }>;
}

/** Starts a Chrome trace (CATEGORIES and `extra`) and a CPU profile (200 µs samples) of `page`. */
export async function startChromeTrace(page: Page, extra: readonly string[] = []): Promise<ChromeTrace> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: [...CATEGORIES, ...extra] },
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      return { events, profile };
    },
  };
}
