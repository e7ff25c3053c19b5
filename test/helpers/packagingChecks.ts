import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { APP_NAME } from '../../src/core/paths/dataDir';
import { DEEP_LINK_SCHEME } from '../../src/main/deepLink';
import { APP_USER_MODEL_ID } from '../../src/appHost/shell/desktopShell';
import { selectsFile, unpacksFile } from './packagingConfig';

/** The Electron fuses the packages must carry (issue: Packages). */
export const REQUIRED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
} as const;

/** Files the packaged app runs or loads, relative to the project (the build's entries and main's `?asset` icons). */
export const RUNTIME_FILES = [
  'package.json',
  'out/main/index.js',
  'out/main/page-writer-thread.js',
  'out/main/cache-upkeep-thread.js',
  'out/main/cache-compact-thread.js',
  'out/main/cache-end-of-sync-thread.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/renderer/assets/index-0000.js',
  'resources/icon.png',
  'resources/trayTemplate.png',
  'resources/trayTemplate@2x.png',
];

/** Files that must never be in a package: sources, tests, tooling, the CLI bundle, source maps. */
export const NEVER_PACKAGED = [
  'src/main/index.ts',
  'src/core/paths/dataDir.ts',
  'src/renderer/index.html',
  'test/integration/packagingConfig.test.ts',
  'test/helpers/packagingConfig.ts',
  'src/main/appProtocol.test.ts',
  'bench/run.mjs',
  'docs/ARCHITECTURE.md',
  'scripts/start.mjs',
  'README.md',
  'tsconfig.json',
  'electron.vite.config.ts',
  'electron-builder.yml',
  'build/installer.nsh',
  '.github/workflows/ci.yml',
  'out/cli/merchant-desk.js',
  'out/main/index.js.map',
  'out/renderer/assets/index-0000.js.map',
];

type Target = { target: string; arch?: string[] | string };

function targetsOf(value: unknown): Target[] {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  return list.map((t) => (typeof t === 'string' ? { target: t } : (t as Target)));
}

function archesOf(targets: Target[], name: string): string[] {
  const t = targets.find((x) => x.target === name);
  if (!t) return [];
  return Array.isArray(t.arch) ? t.arch : t.arch ? [t.arch] : [];
}

/** Production dependencies with native code (a binding.gyp): each must be unpacked from app.asar. */
export function nativeDependencies(projectDir: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(pkg.dependencies ?? {}).filter((name) =>
    existsSync(path.join(projectDir, 'node_modules', name, 'binding.gyp')),
  );
}

/**
 * A native module's binaries: the ones installed (better-sqlite3's N-API prebuilds/, keytar's build/Release/) and
 * the one a rebuild for Electron writes (build/Release/).
 */
export function nativeBinaries(projectDir: string, name: string): string[] {
  const dir = path.join(projectDir, 'node_modules', name);
  const installed = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.node'))
    .map((f) => `node_modules/${name}/${f.split(path.sep).join('/')}`);
  return [...installed, `node_modules/${name}/build/Release/${name.replace(/-/g, '_')}.node`];
}

/**
 * Everything the packages need that electron-builder.yml could lose, as one sentence per problem (empty: none).
 * A function of the configuration, so the test proves each check fires on a configuration without that line.
 */
export function packagingProblems(projectDir: string, config: Configuration): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const file = (relative: string | null | undefined) => (relative ? path.join(projectDir, relative) : '');

  need(config.appId === APP_USER_MODEL_ID, `appId must be ${APP_USER_MODEL_ID} (the AppUserModelID main sets)`);
  need(config.productName === APP_NAME, `productName must be "${APP_NAME}" (names the data directory)`);

  const scheme = DEEP_LINK_SCHEME.replace(/:$/, '');
  const protocols = Array.isArray(config.protocols) ? config.protocols : config.protocols ? [config.protocols] : [];
  need(
    protocols.some((p) => p.schemes.includes(scheme)),
    `protocols must register the ${scheme}:// scheme`,
  );

  const fuses = (config.electronFuses ?? {}) as Record<string, unknown>;
  for (const [fuse, value] of Object.entries(REQUIRED_FUSES))
    need(fuses[fuse] === value, `electronFuses.${fuse} must be ${value}`);
  need(config.asar !== false, 'asar must stay on (the fuses load the app only from app.asar)');

  for (const name of nativeDependencies(projectDir))
    need(
      nativeBinaries(projectDir, name).every((file) => unpacksFile(projectDir, config, file)),
      `asarUnpack must unpack the native module ${name}`,
    );
  need(unpacksFile(projectDir, config, 'resources/trayTemplate.png'), 'asarUnpack must unpack resources/ (icons)');

  for (const relative of RUNTIME_FILES)
    need(selectsFile(projectDir, config, relative), `files must include ${relative}`);
  for (const relative of NEVER_PACKAGED)
    need(!selectsFile(projectDir, config, relative), `files must exclude ${relative}`);

  // Windows: a per-user assisted NSIS installer for x64 and arm64, shortcuts, an uninstaller that asks about data.
  const win = config.win ?? {};
  const winTargets = targetsOf(win.target);
  for (const arch of ['x64', 'arm64'])
    need(archesOf(winTargets, 'nsis').includes(arch), `win.target must build nsis for ${arch}`);
  const nsis = config.nsis ?? {};
  need(nsis.oneClick === false, 'nsis.oneClick must be false (an assisted installer)');
  need(nsis.perMachine === false, 'nsis.perMachine must be false (a per-user install, no administrator)');
  need(nsis.createDesktopShortcut !== false, 'nsis must create a desktop shortcut');
  need(nsis.createStartMenuShortcut !== false, 'nsis must create a start-menu shortcut');
  need(nsis.deleteAppDataOnUninstall !== true, 'nsis must not delete the data directory unasked');
  const include = file(nsis.include);
  const script = include && existsSync(include) ? readFileSync(include, 'utf8') : '';
  need(
    /!macro customUnInstall[\s\S]*MessageBox[\s\S]*RMDir \/r "\$APPDATA\\\$\{PRODUCT_NAME\}"/.test(script),
    'nsis.include must ask, then remove "$APPDATA\\${PRODUCT_NAME}" on uninstall',
  );
  // electron-builder's `protocols` does not reach NSIS: the include registers the scheme, and removes it again.
  const install = /!macro customInstall\b([\s\S]*?)!macroend/.exec(script)?.[1] ?? '';
  need(
    script.includes(`!define MERCHANT_DESK_SCHEME_KEY "Software\\Classes\\${scheme}"`) &&
      install.includes('"URL Protocol" ""') &&
      install.includes('shell\\open\\command" "" \'"$INSTDIR\\${APP_EXECUTABLE_FILENAME}" "%1"\''),
    `nsis.include must register ${scheme}:// for Windows`,
  );
  need(
    script.includes('DeleteRegKey HKCU "${MERCHANT_DESK_SCHEME_KEY}"'),
    `nsis.include must remove ${scheme}:// on uninstall`,
  );
  need(readIcon(file(win.icon)) === 'ico', 'win.icon must be an .ico file');

  // macOS: dmg + zip for x64 and arm64, hardened runtime with the entitlements file, notarization left on.
  const mac = config.mac ?? {};
  const macTargets = targetsOf(mac.target);
  for (const target of ['dmg', 'zip'])
    for (const arch of ['x64', 'arm64'])
      need(archesOf(macTargets, target).includes(arch), `mac.target must build ${target} for ${arch}`);
  need(mac.hardenedRuntime === true, 'mac.hardenedRuntime must be true');
  need(mac.notarize !== false, 'mac.notarize must not be false (it runs when the Apple variables are set)');
  const entitlements = file(mac.entitlements);
  const plist = entitlements && existsSync(entitlements) ? readFileSync(entitlements, 'utf8') : '';
  const grants = (key: string) => plist.includes(`<key>${key}</key>`);
  need(grants('com.apple.security.cs.allow-jit'), 'mac.entitlements must name a plist allowing JIT');
  need(mac.entitlementsInherit === mac.entitlements, 'mac.entitlementsInherit must be the same plist');
  for (const broad of [
    'com.apple.security.get-task-allow',
    'com.apple.security.cs.allow-dyld-environment-variables',
    'com.apple.security.cs.disable-library-validation',
  ])
    need(!grants(broad), `mac.entitlements must not grant ${broad}`);
  need(readIcon(file(mac.icon)) === 'icns', 'mac.icon must be an .icns file');

  return problems;
}

function readIcon(file: string): 'ico' | 'icns' | 'other' | 'missing' {
  if (!file || !existsSync(file)) return 'missing';
  const head = readFileSync(file).subarray(0, 4);
  if (head.equals(Buffer.from([0, 0, 1, 0]))) return 'ico';
  if (head.toString('ascii') === 'icns') return 'icns';
  return 'other';
}
