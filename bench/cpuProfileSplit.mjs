#!/usr/bin/env node
// The client's CPU time per order, by ingest stage, from a `--cpu-prof` profile of a sync benchmark run:
//   npm run bench -- --only=sync --parallelism=4 --cpu-prof --cpu-prof-dir=DIR
//   node bench/cpuProfileSplit.mjs DIR/<file>.cpuprofile [orders]      (orders: 25000 unless given)
// Each sample is charged to the innermost frame on its stack that names a stage (so JSON.parse inside the
// decoder is "decode", the order validator inside decodeEnvelope is "validate"). Only the sync itself counts: the
// fetch-only floor pass that follows it in the benchmark is cut off at the first `fetchOnlyFloor` sample.
import { readFileSync } from 'node:fs';

const STAGES = [
  ['decode', ['parseJsonKeepingIds', 'quoteBareIntegers', 'parsePlatformJson', 'readEnvelopeKeys']],
  ['validate', ['decodeOrderList', 'validateOrder', 'decodeEnvelope', 'safeParse', 'checkDepth']],
  ['index', ['indexPendingRows', 'indexPendingSearchRows', 'rewriteGrams', 'gramColumns', 'gramsOf']],
  ['store', ['applyInTransaction', 'applyPage', 'orderColumns', 'writePage', 'OrderWriter', 'apply']],
  // A first full sync's secondary indexes, dropped at its first page and built once at the end (deferredIndexes).
  ['build indexes', ['restoreIndexes', 'deferIndexes']],
];
const stageOf = new Map(STAGES.flatMap(([stage, names]) => names.map((n) => [n, stage])));

const [file, ordersArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuProfileSplit.mjs FILE.cpuprofile [orders]');
const orders = Number(ordersArg ?? 25_000);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** The stage of a leaf node: the innermost frame that names one; idle and the floor pass are told apart. */
const memo = new Map();
function classify(id) {
  if (memo.has(id)) return memo.get(id);
  let stage = 'other';
  const leaf = byId.get(id).callFrame.functionName;
  if (leaf === '(idle)') stage = 'idle';
  else if (leaf === '(garbage collector)') stage = 'gc';
  else {
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const name = byId.get(cur).callFrame.functionName.replace(/\$\d+$/, '');
      if (name === 'fetchOnlyFloor') {
        stage = 'floor';
        break;
      }
      const s = stageOf.get(name);
      if (s && stage === 'other') stage = s;
    }
  }
  memo.set(id, stage);
  return stage;
}

const totals = {};
const { samples, timeDeltas } = profile;
let floorStarted = false;
for (let i = 0; i < samples.length; i++) {
  const stage = classify(samples[i]);
  if (stage === 'floor') floorStarted = true;
  if (floorStarted) continue;
  totals[stage] = (totals[stage] ?? 0) + (timeDeltas[i] ?? 0);
}
const busy = Object.entries(totals)
  .filter(([s]) => s !== 'idle')
  .reduce((a, [, v]) => a + v, 0);
console.log(
  `orders: ${orders}; busy CPU ${(busy / 1000).toFixed(0)} ms, idle ${((totals.idle ?? 0) / 1000).toFixed(0)} ms`,
);
console.log('| Stage | µs per order | Share of busy |');
console.log('|---|---:|---:|');
for (const stage of ['decode', 'validate', 'store', 'index', 'build indexes', 'gc', 'other']) {
  const us = totals[stage] ?? 0;
  console.log(`| ${stage} | ${(us / orders).toFixed(1)} | ${((100 * us) / busy).toFixed(0)}% |`);
}
console.log(`| total | ${(busy / orders).toFixed(1)} | 100% |`);
