import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadBuilderConfig,
  packagesModuleFile,
  selectsFile,
  unpacksFile,
  validateBuilderConfig,
} from '../helpers/packagingConfig';
import { nativeBinaries, nativeDependencies, packagingProblems, REQUIRED_FUSES } from '../helpers/packagingChecks';
import { describeWith } from '../helpers/requires';

// Packages cannot be built here (electron-builder would download Electron), so the configuration is checked the way
// electron-builder reads it: its loader and schema, its file matchers. Each check is shown to fire on a copy of the
// configuration without the line it guards.
const root = path.resolve(import.meta.dirname, '../..');
let config: Configuration;

beforeAll(async () => {
  config = await loadBuilderConfig(root);
});

describe('electron-builder.yml', () => {
  it('passes electron-builder’s schema and every packaging check', () => {
    expect(packagingProblems(root, config)).toEqual([]);
  });

  it('electron-builder’s schema refuses a misplaced option (the validation is real)', async () => {
    await expect(validateBuilderConfig({ ...config, oneClick: false } as Configuration)).rejects.toThrow(/oneClick/);
  });

  it('unpacks the native modules better-sqlite3, keytar and zstd-napi (their .node files) and nothing else of node_modules', () => {
    expect(nativeDependencies(root).sort()).toEqual(['better-sqlite3', 'keytar', 'zstd-napi']);
    expect(nativeBinaries(root, 'better-sqlite3')).toContain('node_modules/better-sqlite3/prebuilds/win32-arm64.node');
    expect(nativeBinaries(root, 'keytar')).toContain('node_modules/keytar/build/Release/keytar.node');
    expect(nativeBinaries(root, 'zstd-napi')).toContain('node_modules/zstd-napi/build/Release/binding.node');
    const natives = ['better-sqlite3', 'keytar', 'zstd-napi'].flatMap((name) => nativeBinaries(root, name));
    for (const file of natives) expect([file, unpacksFile(root, config, file)]).toEqual([file, true]);
    expect(unpacksFile(root, config, 'node_modules/zod/index.js')).toBe(false);
    expect(unpacksFile(root, config, 'out/main/index.js')).toBe(false);
  });

  it.each([
    ['win32', 'x64'],
    ['win32', 'arm64'],
    ['darwin', 'x64'],
    ['darwin', 'arm64'],
  ] as const)('a %s-%s package holds only its own better-sqlite3 binary, no C sources', (platform, arch) => {
    const prebuilds = nativeBinaries(root, 'better-sqlite3').filter((f) => f.includes('/prebuilds/'));
    expect(prebuilds.length).toBeGreaterThan(4);
    const kept = prebuilds.filter((f) => packagesModuleFile(root, config, f, { platform, arch }));
    expect(kept).toEqual([`node_modules/better-sqlite3/prebuilds/${platform}-${arch}.node`]);
    for (const file of [
      'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c',
      'node_modules/better-sqlite3/src/better_sqlite3.cpp',
      'node_modules/keytar/src/main.cc',
      'node_modules/zstd-napi/deps/zstd/lib/zstd.h',
      'node_modules/zstd-napi/src/binding.cc',
    ])
      expect([file, packagesModuleFile(root, config, file, { platform, arch })]).toEqual([file, false]);
    for (const file of ['node_modules/better-sqlite3/lib/index.js', 'node_modules/zod/package.json'])
      expect([file, packagesModuleFile(root, config, file, { platform, arch })]).toEqual([file, true]);
  });

  it('package.json names the author (the Windows publisher) and only run-time dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      author?: { name?: string };
      dependencies: Record<string, string>;
    };
    expect(pkg.author?.name).toBeTruthy();
    // The CLI's commander and the browser host's ws, and the renderer's react-virtual (bundled by Vite), are not
    // loaded by the packaged app: they must not be copied into it.
    for (const name of ['commander', 'ws', '@tanstack/react-virtual'])
      expect(pkg.dependencies[name], name).toBeUndefined();
  });

  // `npm test` builds first; a focused run may not, and then says so as a skip instead of passing unchecked.
  const out = path.join(root, 'out');
  it.skipIf(!existsSync(path.join(out, 'main', 'index.js')))(
    'packages every file the build makes, except the CLI bundle and source maps (skipped without a build in out/)',
    () => {
      const built = readdirSync(out, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
      expect(built.length).toBeGreaterThan(0);
      for (const file of built) {
        const expected = !file.startsWith('out/cli/') && !file.endsWith('.map');
        expect([file, selectsFile(root, config, file)]).toEqual([file, expected]);
      }
    },
  );

  it('the icons main loads at run time (electron-vite `?asset`) exist and are packaged', () => {
    const assets = new Set<string>();
    for (const file of readdirSync(path.join(root, 'src/main'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      const source = readFileSync(path.join(root, 'src/main', file), 'utf8');
      for (const m of source.matchAll(/from '(?:\.\.\/)+(resources\/[^'?]+)\?asset'/g)) assets.add(m[1]!);
    }
    expect(assets.size).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(existsSync(path.join(root, asset)), asset).toBe(true);
      expect(selectsFile(root, config, asset), asset).toBe(true);
    }
  });

  it('the CI smoke-test build differs from the release build only by the inspector fuse Playwright needs', async () => {
    const smoke = await loadBuilderConfig(root, 'build/electron-builder.smoke.yml');
    const { extends: parent, electronFuses: smokeFuses, ...smokeRest } = smoke;
    const { electronFuses: releaseFuses, ...releaseRest } = config;
    expect(parent).toBe('electron-builder.yml');
    expect(smokeRest).toEqual(releaseRest);
    expect(smokeFuses).toEqual({ ...releaseFuses, enableNodeCliInspectArguments: true });
  });

  it('npm run dist:win / dist:mac build the app, then run electron-builder for that system', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts['dist:win']).toMatch(/^npm run build:app && .*electron-builder --win\b/);
    expect(scripts['dist:mac']).toMatch(/^npm run build:app && .*electron-builder --mac\b/);
  });
});

/** A copy of the configuration to break (electron-builder's type is read-only). */
type EditableConfig = { -readonly [K in keyof Configuration]: Configuration[K] };

// NSIS itself (Debian's `nsis`, installed by .ci/run) compiles build/installer.nsh inside a small installer that
// stands in for electron-builder's: the defines and the `isUpdated` test it provides. Warnings count as errors.
const hasMakensis = spawnSync('makensis', ['-VERSION'], { stdio: 'ignore' }).status === 0;
describeWith(hasMakensis, 'needs makensis (NSIS)')('build/installer.nsh', () => {
  it('compiles with makensis, warnings as errors', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-nsis-'));
    try {
      writeFileSync(
        path.join(dir, 'harness.nsi'),
        [
          'Unicode true',
          '!include LogicLib.nsh',
          '!define PRODUCT_NAME "Merchant Desk"',
          '!define APP_EXECUTABLE_FILENAME "Merchant Desk.exe"',
          '!macro _isUpdatedStub _a _b _t _f',
          '  StrCmp "" "x" `${_t}` `${_f}`',
          '!macroend',
          '!define isUpdated `"" isUpdatedStub ""`',
          `!include "${path.join(root, 'build', 'installer.nsh')}"`,
          'Name "harness"',
          'OutFile "harness.exe"',
          'RequestExecutionLevel user',
          'Section',
          '  !insertmacro customInstall',
          '  WriteUninstaller "$TEMP\\uninstall.exe"',
          'SectionEnd',
          'Section "Uninstall"',
          '  !insertmacro customUnInstall',
          'SectionEnd',
          '',
        ].join('\n'),
      );
      const r = spawnSync('makensis', ['-V2', '-WX', 'harness.nsi'], { cwd: dir, encoding: 'utf8' });
      expect(r.error).toBeUndefined();
      expect([r.status, r.stdout + r.stderr]).toEqual([0, '']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('each packaging check fires when its line is removed', () => {
  const without = (change: (c: EditableConfig) => void): string[] => {
    const copy = structuredClone(config) as EditableConfig;
    change(copy);
    return packagingProblems(root, copy);
  };
  const mutable = (value: unknown) => value as Record<string, unknown>;

  it.each(Object.keys(REQUIRED_FUSES))('electronFuses.%s', (fuse) => {
    expect(without((c) => delete mutable(c.electronFuses)[fuse])).toEqual([expect.stringContaining(fuse)]);
  });

  it.each([
    ['better-sqlite3', 'native module better-sqlite3'],
    ['keytar', 'native module keytar'],
    ['zstd-napi', 'native module zstd-napi'],
  ])('asarUnpack of %s', (name, problem) => {
    const problems = without((c) => {
      c.asarUnpack = (c.asarUnpack as string[]).filter((p) => !p.includes(name));
    });
    expect(problems).toEqual([expect.stringContaining(problem)]);
  });

  it('the merchantdesk protocol', () => {
    expect(without((c) => delete c.protocols)).toEqual([expect.stringContaining('merchantdesk://')]);
  });

  it('the app ID that notifications use on Windows', () => {
    expect(without((c) => (c.appId = 'com.electron.merchant-desk'))).toEqual([expect.stringContaining('appId')]);
  });

  it('the per-user NSIS install', () => {
    expect(without((c) => (mutable(c.nsis).perMachine = true))).toEqual([expect.stringContaining('per-user')]);
    expect(without((c) => delete mutable(c.nsis).oneClick)).toEqual([expect.stringContaining('oneClick')]);
  });

  it('the uninstaller that asks before removing the data directory', () => {
    expect(without((c) => delete mutable(c.nsis).include)).toEqual([
      'nsis.include must ask, then remove "$APPDATA\\${PRODUCT_NAME}" on uninstall',
      'nsis.include must register merchantdesk:// for Windows',
      'nsis.include must remove merchantdesk:// on uninstall',
    ]);
    expect(without((c) => (mutable(c.nsis).deleteAppDataOnUninstall = true))).toEqual([
      expect.stringContaining('unasked'),
    ]);
  });

  it('the hardened runtime and its entitlements', () => {
    expect(without((c) => delete mutable(c.mac).hardenedRuntime)).toEqual([expect.stringContaining('hardened')]);
    expect(without((c) => delete mutable(c.mac).entitlements)).toEqual([
      expect.stringContaining('allowing JIT'),
      expect.stringContaining('entitlementsInherit'),
    ]);
  });

  it('the files filter: out/ in; sources, tests, maps and the CLI bundle out', () => {
    expect(without((c) => (c.files = ['out/**/*', 'resources/**/*']))).toEqual([
      'files must exclude out/cli/merchant-desk.js',
      'files must exclude out/main/index.js.map',
      'files must exclude out/renderer/assets/index-0000.js.map',
    ]);
    expect(without((c) => (c.files = ['**/*', '!**/*.map', '!out/cli{,/**/*}']))).toEqual(
      expect.arrayContaining([
        'files must exclude src/main/index.ts',
        'files must exclude test/integration/packagingConfig.test.ts',
      ]),
    );
    expect(without((c) => (c.files = ['out/renderer/**/*', 'resources/**/*', '!**/*.map']))).toEqual(
      expect.arrayContaining(['files must include out/main/index.js', 'files must include out/preload/index.cjs']),
    );
  });

  it('both architectures of both systems', () => {
    expect(
      without((c) => {
        c.win = { ...c.win, target: [{ target: 'nsis', arch: ['x64'] }] };
      }),
    ).toEqual(['win.target must build nsis for arm64']);
    expect(
      without((c) => {
        c.mac = { ...c.mac, target: [{ target: 'dmg', arch: ['x64', 'arm64'] }] };
      }),
    ).toEqual(['mac.target must build zip for x64', 'mac.target must build zip for arm64']);
  });
});
