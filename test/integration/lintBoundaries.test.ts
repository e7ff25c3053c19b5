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

  for (const dir of [
    'src/core',
    'src/appHost',
    'src/browserHost',
    'src/shared',
    'src/cli',
    'src/sandbox',
    'src/renderer',
  ]) {
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

describe('lint keeps the layers pointing one way', () => {
  // [importing file, import source] that must be refused; each probe climbs out of a nested folder as real code does.
  const refused = [
    ['src/core/api/probe.ts', '../../cli/io'],
    ['src/core/api/probe.ts', '../../main/index'],
    ['src/core/probe.ts', '../renderer/App'],
    ['src/sandbox/probe.ts', '../cli/io'],
    ['src/shared/domain/probe.ts', '../../core/result'],
    ['src/shared/domain/probe.test.ts', '../../core/result'],
    ['src/renderer/probe.tsx', '../core/result'],
    ['src/renderer/probe.tsx', '../main/index'],
    ['src/renderer/probe.test.tsx', '../core/result'],
    // src/main is Electron's alone: the shared composition, the CLI and the browser host never import it.
    ['src/appHost/shell/probe.ts', '../../main/window'],
    ['src/appHost/probe.test.ts', '../main/window'],
    ['src/cli/commands/probe.ts', '../../main/window'],
    ['src/browserHost/probe.ts', '../main/window'],
    ['src/appHost/probe.ts', '../browserHost/server'],
    ['src/appHost/probe.ts', '../cli/io'],
  ] as const;

  it.each(refused)('%s may not import %s', async (file, source) => {
    expect(await ruleIds(`import { x } from '${source}'; export const y = x;`, file)).toContain(
      'no-restricted-imports',
    );
    // A type-only import is a dependency too.
    expect(await ruleIds(`import type { X } from '${source}'; export type Y = X;`, file)).toContain(
      'no-restricted-imports',
    );
  });

  const allowed = [
    ['src/cli/commands/probe.ts', '../../core/result'],
    ['src/main/probe.ts', '../core/result'],
    ['src/main/probe.ts', '../appHost/composeApp'],
    ['src/browserHost/probe.ts', '../appHost/composeApp'],
    ['src/cli/commands/probe.ts', '../../appHost/composeApp'],
    ['src/sandbox/probe.ts', '../core/result'],
    ['src/core/api/probe.ts', '../../shared/domain/order'],
    ['src/renderer/probe.tsx', '../shared/domain/order'],
    ['src/core/api/probe.ts', '../cache/openCache'],
  ] as const;

  it.each(allowed)('%s may import %s', async (file, source) => {
    expect(await ruleIds(`import { x } from '${source}'; export const y = x;`, file)).toEqual([]);
  });
});

describe('lint keeps the bridge behind src/renderer/ipc.ts', () => {
  const code = "export const x = window.merchantDesk.invoke('app:getInfo');";

  it('a store or screen may not touch window.merchantDesk', async () => {
    expect(await ruleIds(code, 'src/renderer/stores/probe.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds(code, 'src/renderer/screens/Orders/probe.tsx')).toContain('no-restricted-syntax');
  });

  it('ipc.ts may, and the renderer still may not import Electron', async () => {
    expect(await ruleIds(code, 'src/renderer/ipc.ts')).toEqual([]);
    expect(await ruleIds("export const e = await import('electron');", 'src/renderer/stores/probe.ts')).toContain(
      'no-restricted-syntax',
    );
  });
});

describe('lint keeps every renderer word in the catalogs (src/renderer/i18n)', () => {
  const jsx = 'formatjs/no-literal-string-in-jsx';
  const object = 'formatjs/no-literal-string-in-object';
  const file = 'src/renderer/screens/Orders/probe.tsx';
  const refused = [
    ['text in an element', 'export const P = () => <p>No orders match these filters.</p>;', jsx],
    ['a literal in braces', "export const P = () => <p>{'Orders'}</p>;", jsx],
    ['a template in braces', 'export const P = ({ n }: { n: number }) => <p>{`${n} orders`}</p>;', jsx],
    ['one branch of a condition', "export const P = ({ a }: { a: boolean }) => <p>{a ? 'Paid' : null}</p>;", jsx],
    ['an aria-label', 'export const P = () => <nav aria-label="Sections" />;', jsx],
    ['a title', 'export const P = () => <span title="Copy" />;', jsx],
    ['a placeholder', 'export const P = () => <input placeholder="Search orders" />;', jsx],
    ['an image’s alt', 'export const P = () => <img alt="Product photo" />;', jsx],
    [
      'a component’s label',
      'declare const F: (p: { label: string }) => null; export const P = () => <F label="Name" />;',
      jsx,
    ],
    ['a label in a table', "export const fields = [{ key: 'a', label: 'Clear the clipboard after' }];", object],
    ['a help text in a table', "export const fields = { a: { help: 'Polling goes on.' } };", object],
  ] as const;

  it.each(refused)('refuses %s', async (_what, code, rule) => {
    expect(await ruleIds(code, file)).toContain(rule);
  });

  it('allows messages, key names, code, class names, IDs and tests', async () => {
    const code = [
      "import { useT } from '../../i18n/t';",
      'export const P = () => {',
      '  const t = useT();',
      '  return <p className="muted" id="x" data-testid="y" aria-label={t(\'frame.sections\')}>',
      "    {t('sync.now')} <kbd>Ctrl K</kbd> <code>logs/</code>",
      '  </p>;',
      '};',
    ].join('\n');
    expect(await ruleIds(code, file)).toEqual([]);
    expect(
      await ruleIds('export const P = () => <p>Orders</p>;', 'src/renderer/screens/Orders/probe.test.tsx'),
    ).toEqual([]);
  });
});
