import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The process boundaries are enforced by lint (eslint.config.js); this proves the rules fire where they must.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'fatal');
}

describe('lint keeps Electron in src/main and src/preload', () => {
  const forms = [
    ["import { app } from 'electron'; export const a = app;", 'no-restricted-imports'],
    ["export const e = await import('electron');", 'no-restricted-syntax'],
    ["export const e = await import('electron/main');", 'no-restricted-syntax'],
    [
      "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const e = require('electron');",
      'no-restricted-syntax',
    ],
  ] as const;

  for (const dir of ['src/core', 'src/shared', 'src/cli', 'src/sandbox', 'src/renderer']) {
    it.each(forms)(`${dir} may not: %s`, async (code, rule) => {
      expect(await ruleIds(code, `${dir}/boundary-probe.ts`)).toContain(rule);
    });
  }

  it('src/main may', async () => {
    expect(
      await ruleIds("import { app } from 'electron'; export const a = app;", 'src/main/boundary-probe.ts'),
    ).toEqual([]);
  });

  it('code that runs in the renderer may not use Node builtins; core may', async () => {
    const code = "import { readFileSync } from 'node:fs'; export const r = readFileSync;";
    expect(await ruleIds(code, 'src/renderer/boundary-probe.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'src/shared/boundary-probe.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'src/core/boundary-probe.ts')).toEqual([]);
  });
});
