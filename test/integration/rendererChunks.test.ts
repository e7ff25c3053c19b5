/**
 * The built renderer's chunks (issue 26: first rows ≤ 1 s at a million orders). The page parses and runs its first
 * load — index.html's module script and what it imports statically — before it can ask for a first page, so that
 * load holds the frame and the Orders screen only: every other screen is a chunk of its own, imported on first use
 * (src/renderer/screens/index.ts), and its code is nowhere in the first load. Checked on the build output, which both
 * hosts serve (the Electron window over app://, `merchant-desk ui` over HTTP); the packaged app's app:// handler
 * serves every chunk as JavaScript.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createAppRequestHandler } from '../../src/main/appProtocol';
import { screenNames, type ScreenName } from '../../src/shared/screens';
import { repoRoot } from '../helpers/bundleChild';
import { describeWith } from '../helpers/requires';

const rendererDir = path.join(repoRoot, 'out/renderer');
const describeBuilt = describeWith(existsSync(path.join(rendererDir, 'index.html')), 'needs `npm run build`');

/**
 * A class name on each screen's own root element (its source file's JSX), as the bundle writes it in any quotes:
 * code of that screen's component and of nothing else.
 */
const SCREEN_MARKERS: Record<ScreenName, string> = {
  home: 'home',
  insights: 'insights',
  orders: 'screen orders-screen',
  order: 'screen od',
  attention: 'screen attention',
  'after-sales': 'screen after-sales',
  buyers: 'screen buyers',
  settings: 'screen settings-screen',
};
/** The screen in the first load: the one a merchant waits on at start. */
const FIRST_SCREEN: ScreenName = 'orders';
/** uPlot's own class name for a chart's overlay: the charting library is Insights' (and Home's), not the frame's. */
const CHART_MARKER = /[`'"]u-over[`'"]/;

const classMarker = (className: string) =>
  new RegExp(`className:\\s*[\`'"]${className.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\`'"]`);

/** Static imports and re-exports of a chunk (`import{a}from"./x.js"`, `import"./x.js"`), not `import("./x.js")`. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g))
    found.push(m[1]!);
  return found;
}

/** index.html's module script, its modulepreload links and everything they import statically: the first load. */
function firstLoad(): string[] {
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const start = [
    ...html.matchAll(/<(?:script type="module"[^>]*\bsrc|link rel="modulepreload"[^>]*\bhref)="\.\/([^"]+)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(rendererDir, file), 'utf8');
    for (const imported of staticImports(code)) visit(path.posix.join(path.posix.dirname(file), imported));
  };
  start.forEach(visit);
  return [...seen];
}

const chunks = () =>
  readdirSync(path.join(rendererDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
const read = (file: string) => readFileSync(path.join(rendererDir, file), 'utf8');

describeBuilt('the built renderer: the first load holds the frame and the Orders screen', () => {
  it('no screen but Orders is in the first load; each is in a chunk of its own', () => {
    const first = firstLoad();
    expect(first.length).toBeGreaterThan(0);
    const firstCode = first.map(read).join('\n');
    const later = chunks().filter((f) => !first.includes(f));
    for (const screen of screenNames) {
      const marker = classMarker(SCREEN_MARKERS[screen]);
      const where = chunks().filter((f) => marker.test(read(f)));
      // The marker is real: the screen's code is somewhere in the build.
      expect(where, `${screen}'s code in the build`).not.toEqual([]);
      if (screen === FIRST_SCREEN) {
        expect(marker.test(firstCode), `${screen} in the first load`).toBe(true);
        continue;
      }
      expect(marker.test(firstCode), `${screen}'s code in the first load`).toBe(false);
      expect(
        where.every((f) => later.includes(f)),
        `${screen} only in chunks loaded later`,
      ).toBe(true);
    }
    expect(CHART_MARKER.test(firstCode), 'the charting library in the first load').toBe(false);
    expect(later.some((f) => CHART_MARKER.test(read(f)))).toBe(true);
  });

  it('the first load builds no zod schema: zod is in a chunk loaded later', () => {
    // The renderer checks nothing with zod before its first rows (the hosts' gate checks every call and answer); the
    // library's classes and every schema built at module load were ~100 ms of the first load's evaluation in a
    // traced load (PERFORMANCE §8, seventh pass). Its class names are its marker: they are strings in any build.
    const first = firstLoad();
    const zod = /["'`]\$Zod(?:Object|Type|String)["'`]/;
    expect(
      first.filter((f) => zod.test(read(f))),
      'zod in the first load',
    ).toEqual([]);
    // The marker is real: the screens that check forms (Settings, Buyers) still have zod, in a chunk of their own.
    expect(chunks().some((f) => !first.includes(f) && zod.test(read(f)))).toBe(true);
  });

  it("the packaged app's app:// handler serves every chunk as JavaScript, under the app's CSP", async () => {
    const handle = createAppRequestHandler(rendererDir);
    for (const file of chunks()) {
      const response = await handle(new Request(`app://merchant-desk/${file}`));
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toMatch(/javascript/);
      expect(response.headers.get('content-security-policy'), file).toMatch(/script-src 'self';/);
    }
  });
});
