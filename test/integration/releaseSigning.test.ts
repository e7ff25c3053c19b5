/**
 * The release workflow's two modes (issue 23): unsigned when no signing secret exists, signed when they do. The
 * set-up step is scripts/release/prepare-signing.mjs, run here as the workflow runs it (a child process whose
 * environment holds the SECRET_* values, writing to a $GITHUB_ENV file); release.yml is read as YAML to prove the
 * secrets reach that step only and that the build step has no signing variable of its own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadBuilderConfig } from '../helpers/packagingConfig';

const root = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(root, 'scripts/release/prepare-signing.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'md-signing-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** electron-builder's signing variables: none may reach its environment empty. */
const SIGNING_VARIABLES = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_API_KEY',
  'APPLE_API_KEY_ID',
  'APPLE_API_ISSUER',
  'AZURE_TENANT_ID',
  'AZURE_CLIENT_ID',
  'AZURE_CLIENT_SECRET',
];

let run = 0;
/** Runs the set-up step; answers its exit code, output and the variables it exported (in order). */
async function prepare(platform: string, secrets: Record<string, string>) {
  const dir = path.join(scratch, `run-${++run}`);
  const githubEnv = path.join(scratch, `env-${run}`);
  writeFileSync(githubEnv, '');
  // As in the workflow: the secrets that do not exist arrive as "" (GitHub's `${{ secrets.X }}` of a missing one).
  const all = {
    SECRET_WIN_CSC_LINK: '',
    SECRET_WIN_CSC_KEY_PASSWORD: '',
    SECRET_AZURE_TENANT_ID: '',
    SECRET_AZURE_CLIENT_ID: '',
    SECRET_AZURE_CLIENT_SECRET: '',
    AZURE_SIGNING_ENDPOINT: '',
    AZURE_SIGNING_ACCOUNT: '',
    AZURE_SIGNING_CERT_PROFILE: '',
    AZURE_SIGNING_PUBLISHER_NAME: '',
    SECRET_CSC_LINK: '',
    SECRET_CSC_KEY_PASSWORD: '',
    SECRET_APPLE_API_KEY: '',
    SECRET_APPLE_API_KEY_ID: '',
    SECRET_APPLE_API_ISSUER: '',
    ...secrets,
  };
  const env = { PATH: process.env.PATH, GITHUB_ENV: githubEnv, RUNNER_TEMP: dir, ...all };
  const { code, stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, '--platform', platform], {
    env,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? -1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    }),
  );
  const exported = readFileSync(githubEnv, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const i = line.indexOf('=');
      return [line.slice(0, i), line.slice(i + 1)] as const;
    });
  return { code, stdout, stderr, exported, vars: Object.fromEntries(exported), dir };
}

const P8 = '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----';

describe('prepare-signing: unsigned mode (no secrets)', () => {
  it.each(['win', 'mac'])(
    '%s: turns identity discovery off and exports no signing variable, empty or not',
    async (p) => {
      const r = await prepare(p, {});
      expect(r.code).toBe(0);
      expect(r.exported).toEqual([
        ['CSC_IDENTITY_AUTO_DISCOVERY', 'false'],
        ['MERCHANT_DESK_SIGNING', 'unsigned'],
        ['MERCHANT_DESK_NOTARIZED', 'false'],
      ]);
      for (const name of SIGNING_VARIABLES) expect(r.vars[name], name).toBeUndefined();
      expect(r.stdout).toContain(`${p}: unsigned`);
    },
  );
});

describe('prepare-signing: signed mode', () => {
  it('Windows: the .pfx as WIN_CSC_LINK (one line) and its password; macOS variables never', async () => {
    const r = await prepare('win', {
      SECRET_WIN_CSC_LINK: 'TUlJS2pR\nQUxCZ2t x\n',
      SECRET_WIN_CSC_KEY_PASSWORD: 'pfx-pass',
      SECRET_CSC_LINK: 'mac-p12',
    });
    expect(r.code).toBe(0);
    expect(r.vars).toEqual({
      WIN_CSC_LINK: 'TUlJS2pRQUxCZ2tx',
      WIN_CSC_KEY_PASSWORD: 'pfx-pass',
      MERCHANT_DESK_SIGNING: 'signed',
      MERCHANT_DESK_NOTARIZED: 'false',
    });
    // The log names what was exported, never a value.
    expect(r.stdout).not.toContain('pfx-pass');
    expect(r.stdout).toContain('WIN_CSC_LINK, WIN_CSC_KEY_PASSWORD');
  });

  it('Windows: Azure Trusted Signing writes a config electron-builder accepts (extends electron-builder.yml)', async () => {
    const r = await prepare('win', {
      SECRET_AZURE_TENANT_ID: 'tenant',
      SECRET_AZURE_CLIENT_ID: 'client',
      SECRET_AZURE_CLIENT_SECRET: 'azure-secret',
      AZURE_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
      AZURE_SIGNING_ACCOUNT: 'merchant-desk',
      AZURE_SIGNING_CERT_PROFILE: 'public-trust',
      AZURE_SIGNING_PUBLISHER_NAME: 'Merchant Desk contributors',
    });
    expect(r.code).toBe(0);
    expect(r.vars).toMatchObject({
      AZURE_TENANT_ID: 'tenant',
      AZURE_CLIENT_ID: 'client',
      AZURE_CLIENT_SECRET: 'azure-secret',
      MERCHANT_DESK_SIGNING: 'signed',
    });
    expect(r.vars.WIN_CSC_LINK).toBeUndefined();
    const config = await loadBuilderConfig(root, r.vars.MERCHANT_DESK_BUILDER_CONFIG!);
    expect(config.win?.azureSignOptions).toEqual({
      endpoint: 'https://weu.codesigning.azure.net',
      codeSigningAccountName: 'merchant-desk',
      certificateProfileName: 'public-trust',
      publisherName: 'Merchant Desk contributors',
    });
    expect(config.appId).toBe('com.merchantdesk.app'); // the rest is electron-builder.yml
  });

  it('macOS: CSC_LINK and notarization with APPLE_API_KEY as the path of an owner-only .p8 file', async () => {
    const r = await prepare('mac', {
      SECRET_CSC_LINK: 'bWFjLXAxMg==',
      SECRET_CSC_KEY_PASSWORD: 'p12-pass',
      SECRET_APPLE_API_KEY: P8,
      SECRET_APPLE_API_KEY_ID: 'ABC123DEFG',
      SECRET_APPLE_API_ISSUER: '69a6de7e-aaaa-bbbb-cccc-5b8c7c11a4d1',
      SECRET_WIN_CSC_LINK: 'win-pfx',
    });
    expect(r.code).toBe(0);
    const keyFile = path.join(r.dir, 'AuthKey_ABC123DEFG.p8');
    expect(r.vars).toEqual({
      CSC_LINK: 'bWFjLXAxMg==',
      CSC_KEY_PASSWORD: 'p12-pass',
      APPLE_API_KEY: keyFile,
      APPLE_API_KEY_ID: 'ABC123DEFG',
      APPLE_API_ISSUER: '69a6de7e-aaaa-bbbb-cccc-5b8c7c11a4d1',
      MERCHANT_DESK_SIGNING: 'signed',
      MERCHANT_DESK_NOTARIZED: 'true',
    });
    expect(readFileSync(keyFile, 'utf8')).toBe(`${P8}\n`);
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('macOS: signed without notarization when no Apple secret exists', async () => {
    const r = await prepare('mac', { SECRET_CSC_LINK: 'bWFjLXAxMg==' });
    expect(r.vars).toEqual({
      CSC_LINK: 'bWFjLXAxMg==',
      MERCHANT_DESK_SIGNING: 'signed',
      MERCHANT_DESK_NOTARIZED: 'false',
    });
  });

  it.each([
    [
      'mac',
      { SECRET_CSC_LINK: 'x', SECRET_APPLE_API_KEY: P8, SECRET_APPLE_API_KEY_ID: 'ABC123DEFG' },
      /SECRET_APPLE_API_ISSUER missing/,
    ],
    [
      'mac',
      { SECRET_APPLE_API_KEY: P8, SECRET_APPLE_API_KEY_ID: 'ABC123DEFG', SECRET_APPLE_API_ISSUER: 'i' },
      /needs a signed app: SECRET_CSC_LINK missing/,
    ],
    ['mac', { SECRET_CSC_KEY_PASSWORD: 'p' }, /SECRET_CSC_LINK missing/],
    ['win', { SECRET_WIN_CSC_KEY_PASSWORD: 'p' }, /SECRET_WIN_CSC_LINK missing/],
    [
      'win',
      { SECRET_AZURE_CLIENT_SECRET: 's' },
      /SECRET_AZURE_TENANT_ID, SECRET_AZURE_CLIENT_ID, AZURE_SIGNING_ENDPOINT/,
    ],
    ['win', { SECRET_WIN_CSC_LINK: 'x', SECRET_AZURE_TENANT_ID: 't' }, /keep one/],
  ] as const)('%s: a half-configured mode fails, naming what is missing (%#)', async (platform, secrets, message) => {
    const r = await prepare(platform, secrets);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.exported).toEqual([]);
  });
});

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const release = parse(readFileSync(path.join(root, '.github/workflows/release.yml'), 'utf8')) as {
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>;
};
const steps = release.jobs.package!.steps;

describe('release.yml', () => {
  it('passes every signing secret to the set-up step only, each under its SECRET_ name', () => {
    const setup = steps.find((s) => s.run?.includes('scripts/release/prepare-signing.mjs'))!;
    expect(setup).toBeDefined();
    for (const secret of [
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
      'AZURE_TENANT_ID',
      'AZURE_CLIENT_ID',
      'AZURE_CLIENT_SECRET',
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'APPLE_API_KEY',
      'APPLE_API_KEY_ID',
      'APPLE_API_ISSUER',
    ])
      expect(setup.env?.[`SECRET_${secret}`]).toBe(`\${{ secrets.${secret} }}`);
    const elsewhere = [release.jobs.package!.env, ...steps.filter((s) => s !== setup).map((s) => s.env)];
    for (const env of elsewhere)
      for (const [name, value] of Object.entries(env ?? {})) {
        expect(String(value), name).not.toContain('secrets.');
        expect(SIGNING_VARIABLES, name).not.toContain(name);
      }
  });

  it('builds after the set-up, then verifies the signatures of a signed build', () => {
    const names = steps.map((s) => s.run ?? s.uses ?? '');
    const setup = names.findIndex((r) => r.includes('prepare-signing.mjs'));
    const build = names.findIndex((r) => r.includes('npm run "dist:${{ matrix.platform }}"'));
    expect(setup).toBeGreaterThan(-1);
    expect(build).toBeGreaterThan(setup);
    const mac = steps.find((s) => s.run?.includes('codesign --verify --deep --strict'))!;
    expect(mac.if).toContain("env.MERCHANT_DESK_SIGNING == 'signed'");
    expect(mac.run).toContain('spctl -a');
    const win = steps.find((s) => s.run?.includes('Get-AuthenticodeSignature'))!;
    expect(win.if).toContain("env.MERCHANT_DESK_SIGNING == 'signed'");
    expect(win.run).toContain('*.node');
  });

  it('uploads exact file names: no uninstaller, no builder-debug.yml, one update feed per system', () => {
    const uploads = steps.filter((s) => s.uses?.startsWith('actions/upload-artifact'));
    const paths = uploads.map((s) => (s.with?.path ?? '').split('\n').filter(Boolean));
    for (const list of paths) for (const p of list) expect(p).not.toContain('*');
    const all = paths.flat();
    expect(all.filter((p) => /latest.*\.yml$/.test(p)).sort()).toEqual(['dist/latest-mac.yml', 'dist/latest.yml']);
    expect(all).toContain('dist/Merchant-Desk-Setup-${{ steps.version.outputs.version }}.exe');
    for (const arch of ['x64', 'arm64'])
      for (const ext of ['dmg', 'dmg.blockmap', 'zip', 'zip.blockmap'])
        expect(all).toContain(`dist/Merchant-Desk-\${{ steps.version.outputs.version }}-${arch}.${ext}`);
  });

  it('the uploaded names are the ones electron-builder.yml gives the packages', async () => {
    const config = await loadBuilderConfig(root);
    expect(config.nsis?.artifactName).toBe('Merchant-Desk-Setup-${version}.${ext}');
    expect(config.mac?.artifactName).toBe('Merchant-Desk-${version}-${arch}.${ext}');
    expect(config.dmg?.artifactName).toBe('Merchant-Desk-${version}-${arch}.${ext}');
    expect(config.win?.signExts).toEqual(['.node']);
    expect(config.publish).toMatchObject({ provider: 'github' });
  });
});
