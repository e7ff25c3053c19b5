import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs';
import { LOCALES } from './locales';

/**
 * Every message in the catalogs is used by some source file, so the catalogs hold no dead words a translator has to
 * keep (key for key per locale, with the same ICU arguments: src/renderer/i18n/catalogs.test.ts). A key is used when the renderer's or the shared code's source
 * names it as a whole string ('orders.title'), or when it starts with one of the prefixes below: the IDs the code
 * builds at run time (`t(\`screen.${name}\`)`). The prefixes are listed here on purpose — a new dynamic family is
 * added to the list by hand — and each must really be built somewhere, so the list cannot go stale either.
 */
const DYNAMIC_PREFIXES = [
  'afterSales.journal.', // journalLineText: the journal entry's state
  'attention.kind.', // the attention queue's kinds
  'delivery.', // the Orders list's delivery status names
  'detail.fieldType.', // a delivery field's type
  'error.', // an error's kind (errorText.ts)
  'home.attention.', // Home's attention counts
  'insights.preset.', // Insights' period presets
  'notify.kind.', // notification kinds
  'screen.', // the screen table's names
  'setting.', // settingsFields.ts: setting.<key>.label / .help, setting.field.*, setting.unit.*
  'settings.section.', // the Settings sections
  'signature.mode.', // the signature modes
  'status.order.', // default status names, by code
  'status.afterSales.',
  'status.delivery.',
  'status.deliveryType.',
];

/** The source of every non-test file of src/renderer and src/shared (the catalogs themselves left out). */
const SOURCES: Record<string, string> = import.meta.glob(
  [
    '../**/*.{ts,tsx}',
    '../../shared/**/*.ts',
    '!../**/*.test.{ts,tsx}',
    '!../../shared/**/*.test.ts',
    '!./messages/**',
    '!../testing/**',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Whole strings and the fixed starts of template strings, in every non-test file of src/renderer and src/shared. */
function stringsInSource(): { whole: Set<string>; heads: Set<string> } {
  const whole = new Set<string>();
  const heads = new Set<string>();
  for (const [path, text] of Object.entries(SOURCES)) {
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) whole.add(node.text);
      else if (ts.isTemplateExpression(node)) heads.add(node.head.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { whole, heads };
}

const used = stringsInSource();

describe('message keys', () => {
  it('every English message is used by the source (whole, or under a listed dynamic prefix)', () => {
    const unused = Object.keys(catalogs.en).filter(
      (key) => !used.whole.has(key) && !DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('every listed dynamic prefix is built somewhere (`prefix${…}`, or a literal prefix joined with a dot)', () => {
    const built = (prefix: string) =>
      [...used.heads].some((head) => head.startsWith(prefix)) || used.whole.has(prefix.slice(0, -1));
    expect(DYNAMIC_PREFIXES.filter((prefix) => !built(prefix))).toEqual([]);
  });

  it('every listed dynamic prefix has messages', () => {
    const keys = Object.keys(catalogs.en);
    expect(DYNAMIC_PREFIXES.filter((prefix) => !keys.some((k) => k.startsWith(prefix)))).toEqual([]);
  });

  it.each(LOCALES)('%s has a message for every key of every other locale', (locale) => {
    const mine = new Set(Object.keys(catalogs[locale]));
    const missing = LOCALES.flatMap((other) => Object.keys(catalogs[other]).filter((k) => !mine.has(k)));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('the scan reads the screens (an empty finding means a clean catalog, not a blind scan)', () => {
    expect(Object.keys(SOURCES).filter((p) => p.includes('/screens/')).length).toBeGreaterThan(50);
    expect(Object.keys(SOURCES).some((p) => p.includes('/messages/') || p.includes('.test.'))).toBe(false);
    expect(used.whole.has('common.cancel')).toBe(true);
    expect(used.heads.has('screen.')).toBe(true);
  });
});
