/**
 * Where the page's own time goes in one cold load, from navigation start to the first rows painted (issue 26's
 * first rows ≤ 1 s): a Chrome trace and a CPU profile of the load (`--ui-loads=N --ui-trace=DIR`: the last load of
 * this build is traced; the trace slows the page, so its figures are not the judged ones).
 *
 * The renderer main thread's time is split by kind as DevTools does (each event's self time: its duration less the
 * events inside it): the HTML parsed, scripts compiled, modules evaluated, JavaScript run (React's render and commit
 * among it), style recalculated, layout, paint, garbage collection — over the whole span and over the phases the
 * app's marks and the first invoke divide it into. The profile's samples say which scripts and functions ran.
 */
import type { TraceEvent } from './uiOrdersLongTasks';

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Kinds of main-thread work, by the timeline event names that make each. */
const KINDS: Record<string, string> = {
  ParseHTML: 'HTML parsed',
  ParseAuthorStyleSheet: 'CSS parsed',
  'v8.compile': 'script compiled',
  'v8.compileModule': 'script compiled',
  'V8.CompileCode': 'script compiled',
  'v8.parseOnBackground': 'script compiled',
  'V8.CompileLazy': 'script compiled (lazy functions)',
  'v8.produceModuleCache': 'code cache',
  'v8.produceCache': 'code cache',
  EvaluateScript: 'script run',
  'v8.evaluateModule': 'script run',
  FunctionCall: 'script run',
  'v8.run': 'script run',
  TimerFire: 'script run',
  FireAnimationFrame: 'script run',
  EventDispatch: 'script run',
  RunMicrotasks: 'script run',
  'v8.callFunction': 'script run',
  UpdateLayoutTree: 'style recalculated',
  RecalculateStyles: 'style recalculated',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'V8.GC_MC': 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
  'V8.GCScavenger': 'garbage collection',
  'V8.GCFinalizeMC': 'garbage collection',
  'V8.GCIncrementalMarking': 'garbage collection',
  ResourceReceivedData: 'loading',
  ResourceFinish: 'loading',
  ResourceSendRequest: 'loading',
  ResourceReceiveResponse: 'loading',
};

export interface LoadTraceFigures {
  /** The phase boundaries (page ms since navigation start). */
  marks: Array<[string, number]>;
  /** Main-thread self time by kind in each phase, ms; "idle" = no task ran. */
  phases: Array<{ from: string; to: string; ms: number; kinds: Record<string, number> }>;
  /** The main-thread tasks over 5 ms in the span: start, duration, their kinds. */
  tasks: Array<{ at: number; ms: number; kinds: Record<string, number> }>;
  /** The profile's samples in the span: self time by script file and by function. */
  scripts: Array<[string, number]>;
  functions: Array<[string, number]>;
}

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * `events` and `profile` of one load; `paintMs` the first rows' paint mark (page ms) — it matches the trace's clock
 * to the page's; `points` further page-ms marks to divide the span by (first invoke, first page sent / answered).
 */
export function loadTraceFigures(
  events: TraceEvent[],
  profile: unknown,
  paintMs: number,
  points: Array<[string, number]>,
): LoadTraceFigures | undefined {
  // The renderer's main thread that painted the rows (a navigation may have moved the page to a new process): the
  // paint mark whose page time is the one measured (an empty list's paint, generation 0, comes first).
  const startTimeOf = (e: TraceEvent) => (e.args?.data as { startTime?: number } | undefined)?.startTime;
  const paintMark = events.find(
    (e) => e.name === 'md:orders:paint' && Math.abs((startTimeOf(e) ?? NaN) - paintMs) < 0.01,
  );
  if (!paintMark) return undefined;
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === paintMark.pid,
  );
  if (!main) return undefined;
  const offset = paintMark.ts / 1000 - paintMs; // trace ms = page ms + offset
  const toPage = (tsUs: number) => tsUs / 1000 - offset;
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && toPage(e.ts) < paintMs)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time of each event (its duration less the events directly inside it), its kind from its own name or, for an
  // event of no listed kind, its nearest listed parent's.
  type Node = { e: TraceEvent; end: number; kind: string | undefined; childTime: number; top: Node };
  const stack: Node[] = [];
  const selfSlices: Array<{ from: number; to: number; kind: string; top: Node }> = [];
  const nodes: Node[] = [];
  for (const e of onMain) {
    const end = e.ts + (e.dur ?? 0);
    while (stack.length > 0 && stack.at(-1)!.end <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const node: Node = {
      e,
      end,
      kind: KINDS[e.name] ?? parent?.kind,
      childTime: 0,
      top: undefined as unknown as Node,
    };
    node.top = parent ? parent.top : node;
    if (parent) parent.childTime += e.dur ?? 0;
    stack.push(node);
    nodes.push(node);
  }
  // Self slices: approximate each event's self time as one slice at its start (enough for per-phase sums at
  // millisecond scale: the phases are hundreds of ms long).
  for (const n of nodes) {
    const self = (n.e.dur ?? 0) - n.childTime;
    if (self <= 0) continue;
    selfSlices.push({ from: toPage(n.e.ts), to: toPage(n.e.ts) + self / 1000, kind: n.kind ?? 'other', top: n.top });
  }
  const all: Array<[string, number]> = [['navigation start', 0], ...points, ['first rows painted', paintMs]];
  const bounds = all.filter(([, at]) => Number.isFinite(at) && at <= paintMs).sort((a, b) => a[1] - b[1]);
  const phases = bounds.slice(0, -1).map(([from, a], i) => {
    const [to, b] = bounds[i + 1]!;
    const kinds: Record<string, number> = {};
    let busy = 0;
    for (const s of selfSlices) {
      if (s.from < a || s.from >= b) continue;
      kinds[s.kind] = (kinds[s.kind] ?? 0) + (s.to - s.from);
      busy += s.to - s.from;
    }
    kinds.idle = Math.max(0, b - a - busy);
    for (const k of Object.keys(kinds)) kinds[k] = round(kinds[k]!);
    return { from, to, ms: round(b - a), kinds };
  });
  const tops = nodes.filter((n) => n.top === n && (n.e.dur ?? 0) > 5000 && toPage(n.e.ts) >= -50);
  const tasks = tops.map((t) => {
    const kinds: Record<string, number> = {};
    for (const s of selfSlices) if (s.top === t) kinds[s.kind] = (kinds[s.kind] ?? 0) + (s.to - s.from);
    for (const k of Object.keys(kinds)) kinds[k] = round(kinds[k]!);
    return { at: round(toPage(t.e.ts)), ms: round((t.e.dur ?? 0) / 1000), kinds };
  });
  // The profile (the same browser clock, µs): self time by script and function within [0, paint].
  const scripts = new Map<string, number>();
  const functions = new Map<string, number>();
  const p = profile as CpuProfile | undefined;
  if (p) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    let t = p.startTime;
    for (let i = 0; i < p.samples.length; i++) {
      t += p.timeDeltas[i]!;
      const at = toPage(t);
      if (at < 0 || at > paintMs) continue;
      const ms = (p.timeDeltas[i + 1] ?? 0) / 1000;
      const f = byId.get(p.samples[i]!)!.callFrame;
      const file = f.url.split('/').at(-1) || f.functionName;
      scripts.set(file, (scripts.get(file) ?? 0) + ms);
      const fn = `${f.functionName || '(anonymous)'}${f.url ? ` ${file}:${f.lineNumber + 1}` : ''}`;
      functions.set(fn, (functions.get(fn) ?? 0) + ms);
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, round(v)] as [string, number]);
  return { marks: bounds, phases, tasks, scripts: top(scripts, 12), functions: top(functions, 25) };
}

/** The report's lines (markdown). */
export function loadTraceText(r: LoadTraceFigures): string {
  const kinds = (k: Record<string, number>) =>
    Object.entries(k)
      .filter(([, v]) => v >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(([name, v]) => `${name} ${v.toFixed(0)}`)
      .join(', ');
  return [
    "One load traced (the trace slows the page; its figures are not the judged ones). The page's main thread by phase (ms):",
    '',
    ...r.phases.map((p) => `- ${p.from} → ${p.to}: ${p.ms.toFixed(0)} ms — ${kinds(p.kinds)}`),
    '',
    'Main-thread tasks over 5 ms (page ms since navigation start):',
    '',
    ...r.tasks.map((t) => `- at ${t.at.toFixed(0)}: ${t.ms.toFixed(0)} ms — ${kinds(t.kinds)}`),
    '',
    `Profile, self time by script: ${r.scripts.map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}`,
    '',
    `By function: ${r.functions.map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}`,
  ].join('\n');
}
