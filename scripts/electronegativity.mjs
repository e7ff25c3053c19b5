#!/usr/bin/env node
// Electronegativity (Doyensec's scanner for Electron misconfigurations) over src/, judged: `npm run security`, CI,
// and test/integration/electronegativity.test.ts inside `npm test`. The tool's exit code says nothing about its
// findings (and its CLI does not start beside this project's commander 15), so its runner is called and the report
// it returns is judged here. It fails (exit 1) on:
//   - any HIGH or MEDIUM finding;
//   - a LOW finding that ACCEPTED below does not list (check + file);
//   - an inline `eng-disable` comment (it hides a finding) that REVIEWED below does not list;
//   - an ACCEPTED or REVIEWED entry that docs/SECURITY.md does not explain, or that no longer matches anything;
//   - a file it could not parse (it would go unchecked).
// Offline and quick: its translations download is refused up front, and its "newer Electron release" check (a
// download of Electron's release list) is left out; Electron updates are the dependency updates' job.
// Usage: node scripts/electronegativity.mjs [--input DIR] [--json FILE]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** LOW findings accepted after review; docs/SECURITY.md says why for each (files relative to the input). */
export const ACCEPTED = [{ check: 'CSP_GLOBAL_CHECK', file: 'renderer/index.html' }];

/** Lines marked `eng-disable` after review (manual-review checks, or a port that is not Electron's shell). */
export const REVIEWED = [
  { check: 'PRELOAD_JS_CHECK', file: 'main/window.ts' },
  { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/ipc/localManagementPorts.ts' },
  { check: 'PROTOCOL_HANDLER_JS_CHECK', file: 'main/navigation.ts' },
  { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'appHost/handlers/loginLinks.ts' },
  { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'core/app/shell.ts' },
  { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'cli/commands/ui.ts' },
];

/** Checks that need the network. */
const OFFLINE_EXCLUDED = ['AvailableSecurityFixesGlobalCheck'];

function parseArgs(argv) {
  const args = { input: path.join(root, 'src'), json: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--input') args.input = path.resolve(argv[++i]);
    else if (argv[i] === '--json') args.json = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (usage: --input DIR --json FILE)`);
  }
  return args;
}

/** Electronegativity fetches translations with `got` before every run; answer it "offline" instead. */
function refuseTranslationsDownload() {
  const i18n = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
  const got = createRequire(i18n).resolve('got');
  const stub = new Module(got);
  stub.filename = got;
  stub.loaded = true;
  stub.exports = () => Promise.reject(new Error('offline: translations are not downloaded'));
  require.cache[got] = stub;
}

function electronVersion() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return String(pkg.devDependencies.electron).replace(/^[^\d]*/, '');
}

/** `eng-disable` comments under `dir`: one { check, file, line } per check named. */
function inlineSuppressions(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(m?[jt]sx?|html)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const file = path.relative(dir, full).split(path.sep).join('/');
    readFileSync(full, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const m = /(?:\/\/|\/\*|<!--)[ \t]*eng-disable[ \t]+([\w \t]+)/.exec(text);
        if (!m) return;
        for (const check of m[1]
          .trim()
          .split(/[ \t]+/)
          .filter((w) => /^[A-Z_]+$/.test(w)))
          found.push({ check, file, line: i + 1 });
      });
  }
  return found;
}

const same = (a) => (b) => a.check === b.check && a.file === b.file;

/** Runs the scan and judges it: { findings, problems } (no problems: pass). */
export async function scan(input) {
  refuseTranslationsDownload();
  const run = require('@doyensec/electronegativity');
  const quiet = console.log;
  console.log = () => {}; // "Could not retrieve updated translations …"
  let report;
  try {
    report = await run({
      input,
      isRelative: true,
      customScan: [],
      excludeFromScan: OFFLINE_EXCLUDED,
      electronVersionOverride: electronVersion(),
      parserPlugins: [],
    });
  } finally {
    console.log = quiet;
  }
  const findings = report.issues.map((i) => ({
    check: i.id,
    severity: i.severity.name,
    confidence: i.confidence.name,
    file: i.file,
    line: i.location.line,
    description: i.description,
  }));

  const problems = [];
  for (const f of findings) {
    const where = `${f.check} ${f.severity} at ${f.file}:${f.line} (${f.description})`;
    if (f.severity === 'HIGH' || f.severity === 'MEDIUM') problems.push(`${where}: fix it`);
    else if (f.severity === 'LOW' && !ACCEPTED.some(same(f)))
      problems.push(`${where}: fix it, or accept it in scripts/electronegativity.mjs and docs/SECURITY.md`);
  }
  for (const e of report.errors.filter((e) => !e.tolerable))
    problems.push(`${path.relative(input, e.file)} could not be parsed, so it was not checked: ${e.message}`);

  const suppressions = inlineSuppressions(input);
  for (const s of suppressions)
    if (!REVIEWED.some(same(s)))
      problems.push(
        `${s.file}:${s.line} hides ${s.check} with eng-disable: list it in REVIEWED and docs/SECURITY.md, or fix it`,
      );

  if (path.resolve(input) === path.join(root, 'src')) {
    const doc = readFileSync(path.join(root, 'docs', 'SECURITY.md'), 'utf8');
    for (const entry of [...ACCEPTED, ...REVIEWED]) {
      if (!doc.includes(entry.check) || !doc.includes(`src/${entry.file}`))
        problems.push(`docs/SECURITY.md does not explain ${entry.check} in src/${entry.file}`);
    }
    for (const entry of ACCEPTED)
      if (!findings.some(same(entry)))
        problems.push(`ACCEPTED ${entry.check} in ${entry.file} no longer occurs: remove it`);
    for (const entry of REVIEWED)
      if (!suppressions.some(same(entry)))
        problems.push(`REVIEWED ${entry.check} in ${entry.file} is no longer marked: remove it`);
  }
  return { findings, problems };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const { findings, problems } = await scan(args.input);
  if (args.json) writeFileSync(args.json, JSON.stringify({ findings, problems }, null, 2) + '\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const f of findings) console.log(`  ${f.severity.padEnd(6)} ${f.check}  ${f.file}:${f.line}`);
  if (problems.length > 0) {
    console.error(
      `electronegativity: ${problems.length} problem(s) in ${path.relative(root, args.input)} (${seconds} s):`,
    );
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log(
    `electronegativity: no HIGH or MEDIUM finding in ${path.relative(root, args.input)}; ` +
      `${findings.length} accepted LOW/informational, ${REVIEWED.length} reviewed lines (${seconds} s)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`electronegativity: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
