#!/usr/bin/env node
// Where the page writer's CPU goes, from a `--cpu-prof` profile of `bench.mjs writer N` (bench/writerBench.ts):
//   npm run bench -- writer 100000 --cpu-prof --cpu-prof-dir=DIR
//   node bench/writerProfileSplit.mjs DIR/<file>.cpuprofile 100000 [depth] [min-share]
// Prints the call tree below the writer's entry points (see ROOTS) down to `depth` levels (default 4), as µs per order of inclusive CPU time, and self time of the
// nodes shown; lines under `min-share` (default 0.5 %) of the total are left out. The sandbox's own work (building
// and decoding the pages) is outside those entry points and not counted.
import { readFileSync } from 'node:fs';

const [file, ordersArg, depthArg, minArg] = process.argv.slice(2);
if (!file) throw new Error('usage: writerProfileSplit.mjs FILE.cpuprofile orders [depth] [min-share]');
const orders = Number(ordersArg ?? 100_000);
const maxDepth = Number(depthArg ?? 4);
const minShare = Number(minArg ?? 0.005);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// WRITER_PROFILE_LINES=1: names carry their line in the bundle (to tell apart methods of one name).
const withLines = process.env.WRITER_PROFILE_LINES === '1';
const name = (id) => {
  const f = byId.get(id).callFrame;
  const n = f.functionName.replace(/\$\d+$/, '') || '(anonymous)';
  return withLines && n !== 'writerBench' ? `${n}:${f.lineNumber + 1}` : n;
};

// Wrappers that only call on (the cache's error guard, closures, better-sqlite3's transaction wrapper is kept: its
// self time is BEGIN and COMMIT).
const PASS_THROUGH = new Set(['guard', '(anonymous)', 'apply', 'applyPage', 'indexPendingSearchRows']);

// Self time per node.
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

// The writer's entry points in the bench: WriterPump's `handle` (the page, record and end-of-load transactions),
// its `prepareAhead` (columns and the hand-off to the compressor) and the page's deserialisation (`deserialize`).
const ROOTS = new Set(['push', 'handle', 'prepareAhead', 'deserialize']);

// The path (names) from the writer's outermost entry to each sampled node; undefined when outside the writer.
function pathOf(id) {
  const names = [];
  let rooted = false;
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const n = name(cur);
    const bare = n.replace(/:\d+$/, '');
    if (!PASS_THROUGH.has(bare)) names.push(n);
    if (ROOTS.has(bare)) rooted = true;
  }
  if (!rooted) return undefined;
  // Cut at the outermost root.
  const reversed = names.reverse();
  const first = reversed.findIndex((n) => ROOTS.has(n.replace(/:\d+$/, '')));
  return reversed.slice(first);
}

const tree = { total: 0, self: 0, children: new Map() };
let gc = 0;
for (const [id, us] of self) {
  if (name(id) === '(garbage collector)') {
    gc += us;
    continue;
  }
  const p = pathOf(id);
  if (!p) continue;
  let node = tree;
  node.total += us;
  for (let d = 0; d < p.length; d++) {
    const key = d < maxDepth ? p[d] : '…';
    if (!node.children.has(key)) node.children.set(key, { total: 0, self: 0, children: new Map() });
    node = node.children.get(key);
    node.total += us;
    if (key === '…') break;
  }
  if (p.length <= maxDepth) node.self += us;
}

const per = (us) => (us / orders).toFixed(1);
console.log(
  `writer CPU in profile: ${per(tree.total)} µs/order (+ garbage collection, whole process: ${per(gc)} µs/order)`,
);
function print(node, indent) {
  const kids = [...node.children.entries()].sort((a, b) => b[1].total - a[1].total);
  for (const [key, child] of kids) {
    if (child.total < minShare * tree.total) continue;
    console.log(`${'  '.repeat(indent)}${key}: ${per(child.total)} (self ${per(child.self)})`);
    print(child, indent + 1);
  }
}
print(tree, 0);
