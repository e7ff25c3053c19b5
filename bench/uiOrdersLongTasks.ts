/**
 * What a long task of the page was made of, from a Chrome trace and a CPU profile of the same span (the orders-list
 * bench's `--ui-trace` run of the scroll): each renderer main-thread task (RunTask) over 50 ms, the timeline events
 * inside it by kind (script, style, layout, paint, garbage collection…) and the JavaScript functions the profile's
 * samples fall in (self time), so the report says which work the long task was, not only that there was one.
 */

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface LongTask {
  /** Start, ms from the first long task's trace time (the trace's clock). */
  atMs: number;
  durMs: number;
  /** Timeline events directly inside the task, ms by name (FunctionCall, Layout, UpdateLayoutTree, MinorGC…). */
  parts: Record<string, number>;
  /** Self time of the profile's samples in the task, ms by function (url:line), the largest first. */
  functions: Array<[string, number]>;
  /** The React/JS entry points: the outermost named frames under the task, ms. */
  entries: Array<[string, number]>;
}

/** Kinds of timeline event worth naming inside a task (others are summed as "other"). */
const PARTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'UpdateLayer',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MC',
  'BlinkGC.AtomicPhase',
  'v8.run',
  'ParseHTML',
  'ScheduleStyleRecalculation',
  'HitTest',
  'ScrollLayer',
  'ProfileCall',
  'RunMicrotasks',
  'V8.GCScavenger',
  'V8.GCFinalizeMC',
  'V8.GCIncrementalMarking',
]);

export function longTasksOf(events: TraceEvent[], profile: unknown, overMs = 50): LongTask[] {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > overMs * 1000);
  const p = profile as CpuProfile | undefined;
  // Sample times on the trace's clock (both are the browser's monotonic microseconds).
  const sampleTimes: number[] = [];
  if (p) {
    let t = p.startTime;
    for (const d of p.timeDeltas) sampleTimes.push((t += d));
  }
  const byId = new Map(p?.nodes.map((n) => [n.id, n]) ?? []);
  const parent = new Map<number, number>();
  for (const n of p?.nodes ?? []) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const file = f.url.split('/').at(-1) ?? '';
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
  };
  /** The outermost frame below the program's roots that has a name: what the task ran. */
  const entry = (id: number) => {
    let outer = id;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const name = byId.get(cur)!.callFrame.functionName;
      if (name && name !== '(root)') outer = cur;
    }
    return label(outer);
  };
  const first = tasks[0]?.ts ?? 0;
  return tasks.map((task) => {
    const from = task.ts;
    const to = task.ts + (task.dur ?? 0);
    const parts: Record<string, number> = {};
    for (const e of onMain) {
      if (e === task || e.ts < from || e.ts + (e.dur ?? 0) > to) continue;
      const key = PARTS.has(e.name) ? e.name : null;
      if (key) parts[key] = (parts[key] ?? 0) + (e.dur ?? 0) / 1000;
    }
    const functions = new Map<string, number>();
    const entries = new Map<string, number>();
    if (p) {
      for (let i = 0; i < p.samples.length; i++) {
        const at = sampleTimes[i]!;
        if (at < from || at > to) continue;
        const ms = (p.timeDeltas[i + 1] ?? 0) / 1000;
        const id = p.samples[i]!;
        const fn = label(id);
        functions.set(fn, (functions.get(fn) ?? 0) + ms);
        const en = entry(id);
        entries.set(en, (entries.get(en) ?? 0) + ms);
      }
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, Math.round(v * 10) / 10] as [string, number]);
    for (const k of Object.keys(parts)) parts[k] = Math.round(parts[k]! * 10) / 10;
    return {
      atMs: Math.round((from - first) / 1000),
      durMs: Math.round((task.dur ?? 0) / 100) / 10,
      parts,
      functions: top(functions, 12),
      entries: top(entries, 6),
    };
  });
}

/** The report's lines about the long tasks (markdown). */
export function longTasksText(tasks: LongTask[]): string {
  if (tasks.length === 0) return 'Traced scroll: no main-thread task over 50 ms.';
  const lines = [`Traced scroll: ${tasks.length} main-thread tasks over 50 ms.`, ''];
  for (const t of tasks) {
    const parts = Object.entries(t.parts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(`- at +${t.atMs} ms, ${t.durMs} ms: ${parts}`);
    lines.push(`  - entry points: ${t.entries.map(([k, v]) => `${k} ${v}`).join('; ')}`);
    lines.push(`  - self time: ${t.functions.map(([k, v]) => `${k} ${v}`).join('; ')}`);
  }
  return lines.join('\n');
}
