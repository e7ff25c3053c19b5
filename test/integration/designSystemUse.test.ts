import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No screen keeps its own copies of the design system (components/ui): a status is a `Badge`, an action a `Button`,
 * a choice a `Select`. This scans every renderer source file (parsed as TSX, not grepped) and fails on
 *  - a `className` naming the retired look-alikes: `chip`, `chip-ok|attention|danger|neutral`, `primary`, `danger`;
 *  - a raw `<button>` or `<select>` outside components/ui, except the few listed below with the reason they stay;
 * and the style sheets on any rule that would bring those classes back.
 */
const RENDERER = join(__dirname, '..', '..', 'src', 'renderer');
const LEGACY_CLASSES = /^(chip|chip-(ok|attention|danger|neutral)|primary|danger)$/;

/** Raw elements that are not the design system's control, each with why. Paths are relative to src/renderer. */
const RAW_ALLOWED: Record<string, { element: 'button' | 'select'; className: RegExp; why: string }[]> = {
  'App.tsx': [{ element: 'button', className: /^skip-link$/, why: 'the skip link: hidden until focused' }],
  'screens/OrderDetail/OrderImages.tsx': [
    { element: 'button', className: /^od-thumb( od-thumb-ask)?$/, why: 'an image thumbnail that opens the lightbox' },
  ],
  'screens/AfterSales/EvidenceList.tsx': [
    { element: 'button', className: /^evidence-open$/, why: 'an evidence thumbnail that opens the lightbox' },
  ],
};

/** Folders whose raw controls are still to move (none: the Orders list and Insights moved last). */
const RAW_PENDING: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  what: string;
}

/** Every class name a className attribute can hold: string literals anywhere in its expression (ternaries, templates). */
function classNamesIn(node: ts.Node): string[] {
  const names: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) names.push(...n.text.split(/\s+/));
    else if (ts.isTemplateExpression(n)) {
      names.push(...n.head.text.split(/\s+/));
      for (const span of n.templateSpans) {
        visit(span.expression);
        names.push(...span.literal.text.split(/\s+/));
      }
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names.filter(Boolean);
}

export function scanSource(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const lineOf = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const rawOk = (element: string, classes: string) =>
    RAW_PENDING.some((prefix) => file.startsWith(prefix)) ||
    (RAW_ALLOWED[file] ?? []).some((a) => a.element === element && a.className.test(classes));

  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source);
      let classes: string[] = [];
      for (const attr of node.attributes.properties) {
        if (!ts.isJsxAttribute(attr) || attr.name.getText(source) !== 'className' || !attr.initializer) continue;
        classes = classNamesIn(attr.initializer);
        for (const name of classes.filter((c) => LEGACY_CLASSES.test(c)))
          findings.push({ file, line: lineOf(attr), what: `className "${name}" (use Badge / Button)` });
      }
      if ((tag === 'button' || tag === 'select') && !rawOk(tag, classes.join(' ')))
        findings.push({
          file,
          line: lineOf(node),
          what: `raw <${tag}> (use ${tag === 'button' ? 'Button' : 'Select'})`,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function styleSheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? styleSheets(path) : entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('screens use the design system', () => {
  it('no screen styles with chip / primary / danger classes or uses a raw <button> or <select>', () => {
    const findings = sourceFiles(RENDERER)
      .filter((path) => !relative(RENDERER, path).startsWith('components/ui/'))
      .flatMap((path) => scanSource(relative(RENDERER, path), readFileSync(path, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.what}`)).toEqual([]);
  });

  it('no style sheet keeps rules for the retired classes', () => {
    const rules = styleSheets(RENDERER).flatMap((path) =>
      [
        ...readFileSync(path, 'utf8').matchAll(
          /\.(chip(?:-(?:ok|attention|danger|neutral))?|primary|danger)(?![\w-])/g,
        ),
      ].map((m) => `${relative(RENDERER, path)}: ${m[0]}`),
    );
    expect(rules).toEqual([]);
  });

  it('the scan finds what it must (so a silent scan means a clean source)', () => {
    const found = scanSource(
      'screens/Example/Example.tsx',
      `export const A = ({ on }: { on: boolean }) => (
        <div>
          <span className="chip chip-ok">x</span>
          <span className={\`chip \${on ? 'chip-danger' : ''}\`}>y</span>
          <button type="button" className="primary">z</button>
          <button className={on ? 'danger' : 'x'}>w</button>
          <select value="a" />
          <Button variant="primary">ok</Button>
          <Badge tone="success">ok</Badge>
          <span className="chip-toggle">ok</span>
        </div>
      );`,
    );
    expect(found.map((f) => f.what)).toEqual([
      'className "chip" (use Badge / Button)',
      'className "chip-ok" (use Badge / Button)',
      'className "chip" (use Badge / Button)',
      'className "chip-danger" (use Badge / Button)',
      'className "primary" (use Badge / Button)',
      'raw <button> (use Button)',
      'className "danger" (use Badge / Button)',
      'raw <button> (use Button)',
      'raw <select> (use Select)',
    ]);
  });
});
