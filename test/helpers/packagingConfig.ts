import { createRequire } from 'node:module';
import path from 'node:path';
import type { Configuration } from 'electron-builder';

/**
 * electron-builder's own configuration loader, schema check and file matchers (app-builder-lib, which
 * electron-builder depends on), so a test sees electron-builder.yml exactly as `npm run dist:*` would: the same
 * YAML parsing, the same validation errors, the same file patterns with its defaults added.
 */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));

interface ConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: unknown): Promise<void>;
}
type FileFilter = (file: string, stat: { isDirectory(): boolean }) => boolean;
interface Matcher {
  createFilter(): FileFilter;
}
interface FileMatcherModule {
  FileMatcher: new (from: string, to: string, expand: (p: string) => string, patterns: unknown) => Matcher;
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    expand: (p: string) => string,
    platformOptions: object,
    packager: object,
  ): Matcher;
  getMainFileMatchers(
    appDir: string,
    destination: string,
    expand: (p: string) => string,
    platformOptions: object,
    packager: object,
    outDir: string,
    isElectronCompile: boolean,
  ): Matcher[];
}

const configModule = fromBuilder('app-builder-lib/out/util/config/config') as ConfigModule;
const fileMatcherModule = fromBuilder('app-builder-lib/out/fileMatcher') as FileMatcherModule;
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

/**
 * electron-builder.yml (or package.json "build") of `projectDir` — or the file `configPath`, with what it extends —
 * parsed and validated against electron-builder's schema.
 */
export async function loadBuilderConfig(projectDir: string, configPath: string | null = null): Promise<Configuration> {
  const config = await configModule.getConfig(projectDir, configPath, null);
  await validateBuilderConfig(config);
  return config;
}

/** Throws electron-builder's own error when the configuration breaks its schema (an unknown or misplaced key). */
export async function validateBuilderConfig(config: Configuration): Promise<void> {
  await configModule.validateConfiguration(config, new DebugLogger(false));
}

const asFile = { isDirectory: () => false };

/**
 * Whether the packaged app would hold `relativePath` (a file of the project): the `files` patterns with the
 * defaults electron-builder adds (package.json, its own exclusions). Production node_modules are copied by a
 * separate step, so they are not answered here.
 */
export function selectsFile(projectDir: string, config: Configuration, relativePath: string): boolean {
  const packager = {
    info: {
      projectDir,
      buildResourcesDir: config.directories?.buildResources ?? 'build',
      config: structuredClone(config),
      isPrepackedAppAsar: false,
      debugLogger: { isEnabled: false },
    },
  };
  const outDir = path.join(projectDir, config.directories?.output ?? 'dist');
  const [matcher] = fileMatcherModule.getMainFileMatchers(projectDir, '/app', (p) => p, {}, packager, outDir, false);
  return matcher!.createFilter()(path.join(projectDir, relativePath), asFile);
}

/** Whether `relativePath` (from the app's root, e.g. node_modules/keytar/…) is unpacked from app.asar. */
export function unpacksFile(projectDir: string, config: Configuration, relativePath: string): boolean {
  if (config.asarUnpack == null) return false;
  const matcher = new fileMatcherModule.FileMatcher(projectDir, projectDir, (p) => p, config.asarUnpack);
  return matcher.createFilter()(path.join(projectDir, relativePath), asFile);
}

/**
 * Whether electron-builder copies `relativePath` (node_modules/…) into the package built on `platform` for `arch`:
 * its node_modules matcher (the exclusions of `files`, with `${platform}` and `${arch}` expanded as it does — the
 * building machine's system, each system being packaged on its own runner).
 */
export function packagesModuleFile(
  projectDir: string,
  config: Configuration,
  relativePath: string,
  target: { platform: 'win32' | 'darwin'; arch: 'x64' | 'arm64' },
): boolean {
  const expand = (p: string) => p.replaceAll('${platform}', target.platform).replaceAll('${arch}', target.arch);
  const platformOptions = (target.platform === 'win32' ? config.win : config.mac) ?? {};
  const matcher = fileMatcherModule.getNodeModuleFileMatcher(projectDir, '/app', expand, platformOptions, {
    config,
    debugLogger: { isEnabled: false },
  });
  return matcher.createFilter()(path.join(projectDir, relativePath), asFile);
}
