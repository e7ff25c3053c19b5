import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The memory goal of issue 26 (RssAnon ≤ 300 MiB while a million orders sync) is measured on a process that must
 * hold what the core host holds and no more. It used to be the bench's own bundle: Playwright, Prettier, Vite's
 * output and their source maps were ~30 MiB of the figure (docs/PERFORMANCE.md §8 "Sixth pass (rss1m)"). These
 * checks follow the static imports (the ones that load code: `import type` is erased) of the syncing process's
 * entry and of the core host's entries, without building or timing anything.
 */
const root = path.resolve(import.meta.dirname, '../..');

interface Graph {
  files: Set<string>;
  packages: Set<string>;
}

function resolveRelative(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  throw new Error(`cannot resolve ${spec} from ${path.relative(root, from)}`);
}

/** Module specifiers a file loads when it runs: value imports and re-exports (type-only ones are erased). */
function loadedSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      const named = statement.importClause?.namedBindings;
      const onlyTypes =
        named !== undefined &&
        ts.isNamedImports(named) &&
        statement.importClause?.name === undefined &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specs;
}

function graphOf(...entries: string[]): Graph {
  const graph: Graph = { files: new Set(), packages: new Set() };
  const todo = entries.map((e) => path.join(root, e));
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (graph.files.has(file)) continue;
    graph.files.add(file);
    for (const spec of loadedSpecifiers(file)) {
      if (spec.startsWith('.')) todo.push(resolveRelative(file, spec));
      else if (!spec.startsWith('node:'))
        graph.packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return graph;
}

describe("the bench's syncing process holds what the core host holds", () => {
  const child = graphOf('bench/syncChild.ts');
  // The core host's own thread (its entry), and the threads it starts (each in its own isolate, alike in both).
  const host = graphOf('src/appHost/coreHost/nodeHostEntry.ts');
  const threads = graphOf(
    'src/core/sync/pageWriterThread.ts',
    'src/core/cache/upkeepThread.ts',
    'src/core/cache/compactThread.ts',
    'src/core/cache/endOfSyncThread.ts',
  );

  it('loads no package the core host does not load', () => {
    expect([...child.packages].filter((p) => !host.packages.has(p) && !threads.packages.has(p))).toEqual([]);
    // The old measured process (the bench's bundle) loaded these: the proof that the check can fail.
    const bench = graphOf('bench/main.ts');
    expect([...bench.packages]).toEqual(expect.arrayContaining(['playwright-core', 'prettier']));
  });

  it("loads every module of the core host, and of the bench only the sync's measurement", () => {
    // All but the entry itself, which only starts serving.
    const missing = [...host.files].filter((f) => !child.files.has(f) && path.basename(f) !== 'nodeHostEntry.ts');
    expect(missing.map((f) => path.relative(root, f))).toEqual([]);
    const benchFiles = [...child.files].map((f) => path.relative(root, f)).filter((f) => f.startsWith('bench'));
    // syncCpu.ts: the writer thread's CPU as it reports it closing (part of the sync's measurement);
    // requestTimeline.ts: when the sync's requests were in flight (the client's transport, in syncRuns.ts).
    expect(benchFiles.sort()).toEqual([
      'bench/memoryParts.ts',
      'bench/requestTimeline.ts',
      'bench/syncChild.ts',
      'bench/syncCpu.ts',
      'bench/syncRuns.ts',
    ]);
  });

  it('is the process the bench measures', () => {
    // bench/run.mjs builds the entry beside the bench bundle, and the memory and scale benches start it.
    expect(readFileSync(path.join(root, 'bench/run.mjs'), 'utf8')).toMatch(
      /'sync-child': path\.join\(root, 'bench', 'syncChild\.ts'\)/,
    );
    expect(readFileSync(path.join(root, 'bench/memoryBench.ts'), 'utf8')).toMatch(/'sync-child\.js'/);
  });
});
