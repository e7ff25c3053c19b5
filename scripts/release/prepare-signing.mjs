#!/usr/bin/env node
// The release workflow's signing set-up (.github/workflows/release.yml, one step before `npm run dist:*`).
//
// Why a script and not `env:` lines: a workflow that writes `CSC_LINK: ${{ secrets.CSC_LINK }}` sets the variable to
// "" when the secret does not exist, and electron-builder counts "" as set (it then tries to import a certificate
// from "" and fails) before CSC_IDENTITY_AUTO_DISCOVERY is read. So the secrets reach this script only, under
// SECRET_* names, and it exports to $GITHUB_ENV exactly the variables that have a value — nothing empty, ever.
//
// Modes, per system (--platform win|mac):
//   unsigned  no certificate: CSC_IDENTITY_AUTO_DISCOVERY=false and no signing variable at all.
//   signed    Windows: WIN_CSC_LINK (+ WIN_CSC_KEY_PASSWORD), an Authenticode .pfx — or Azure Trusted Signing
//             (AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET secrets + the account's endpoint, account and
//             certificate profile and publisher name, stored as secrets too), written as an electron-builder config that extends
//             electron-builder.yml with win.azureSignOptions.
//             macOS: CSC_LINK (+ CSC_KEY_PASSWORD), a Developer ID Application .p12; notarization when
//             APPLE_API_KEY (the .p8 key's text, written here to a file: electron-builder wants its path),
//             APPLE_API_KEY_ID and APPLE_API_ISSUER are all set.
// A half-configured mode (a password without its certificate, two of the three Apple values) is an error naming
// the missing secret: a release is never quietly built unsigned because one secret was mistyped.
//
// Also exported: MERCHANT_DESK_SIGNING=signed|unsigned and MERCHANT_DESK_NOTARIZED=true|false (the verify steps'
// conditions) and, for Azure, MERCHANT_DESK_BUILDER_CONFIG (the config file to pass with --config).
//
// Usage: node scripts/release/prepare-signing.mjs --platform win|mac [--out FILE] [--temp DIR]
//   --out defaults to $GITHUB_ENV, --temp (where the .p8 and the Azure config go) to $RUNNER_TEMP.
import { appendFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The secrets and repository variables the script reads (the workflow passes them under these names). */
export const INPUTS = {
  win: {
    certificate: ['SECRET_WIN_CSC_LINK', 'SECRET_WIN_CSC_KEY_PASSWORD'],
    azureSecrets: ['SECRET_AZURE_TENANT_ID', 'SECRET_AZURE_CLIENT_ID', 'SECRET_AZURE_CLIENT_SECRET'],
    azureVariables: [
      'AZURE_SIGNING_ENDPOINT',
      'AZURE_SIGNING_ACCOUNT',
      'AZURE_SIGNING_CERT_PROFILE',
      'AZURE_SIGNING_PUBLISHER_NAME',
    ],
  },
  mac: {
    certificate: ['SECRET_CSC_LINK', 'SECRET_CSC_KEY_PASSWORD'],
    notarization: ['SECRET_APPLE_API_KEY', 'SECRET_APPLE_API_KEY_ID', 'SECRET_APPLE_API_ISSUER'],
  },
};

/** Every signing variable electron-builder reads; none may ever be exported empty. */
export const SIGNING_VARIABLES = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'CSC_NAME',
  'APPLE_API_KEY',
  'APPLE_API_KEY_ID',
  'APPLE_API_ISSUER',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
  'AZURE_TENANT_ID',
  'AZURE_CLIENT_ID',
  'AZURE_CLIENT_SECRET',
];

class SigningSetupError extends Error {}

const has = (input, name) => typeof input[name] === 'string' && input[name].trim() !== '';
const value = (input, name) => input[name].trim();
/** A certificate as base64 may come wrapped at 76 columns (GNU base64): electron-builder wants one line. */
const oneLine = (text) => text.replace(/\s+/g, '');

/**
 * What to export for one system, from the given inputs (the process environment in CI). Pure apart from writing
 * the .p8 key and the Azure config under `tempDir`. Throws SigningSetupError on a half-configured mode.
 * @param {{ platform: 'win' | 'mac', input: Record<string, string | undefined>, tempDir: string }} o
 * @returns {{ mode: 'signed' | 'unsigned', notarized: boolean, env: Record<string, string>, summary: string }}
 */
export function prepareSigning({ platform, input, tempDir }) {
  const env = {};
  const need = (names, because) => {
    const missing = names.filter((n) => !has(input, n));
    if (missing.length > 0) throw new SigningSetupError(`${because}: ${missing.join(', ')} missing`);
  };
  let mode = 'unsigned';
  let notarized = false;
  let how = 'no certificate secret';

  if (platform === 'win') {
    const [link, password] = INPUTS.win.certificate;
    const usesAzure = [...INPUTS.win.azureSecrets, ...INPUTS.win.azureVariables].some((n) => has(input, n));
    if (has(input, link) && usesAzure)
      throw new SigningSetupError('both a .pfx (SECRET_WIN_CSC_LINK) and Azure Trusted Signing are set: keep one');
    if (has(input, password) && !has(input, link))
      throw new SigningSetupError(`${password} is set without its certificate: SECRET_WIN_CSC_LINK missing`);
    if (has(input, link)) {
      mode = 'signed';
      how = 'Authenticode certificate (WIN_CSC_LINK)';
      env.WIN_CSC_LINK = oneLine(value(input, link));
      if (has(input, password)) env.WIN_CSC_KEY_PASSWORD = value(input, password);
    } else if (usesAzure) {
      need([...INPUTS.win.azureSecrets, ...INPUTS.win.azureVariables], 'Azure Trusted Signing is half configured');
      mode = 'signed';
      how = 'Azure Trusted Signing';
      env.AZURE_TENANT_ID = value(input, 'SECRET_AZURE_TENANT_ID');
      env.AZURE_CLIENT_ID = value(input, 'SECRET_AZURE_CLIENT_ID');
      env.AZURE_CLIENT_SECRET = value(input, 'SECRET_AZURE_CLIENT_SECRET');
      const config = path.join(tempDir, 'electron-builder.azure.json');
      mkdirSync(tempDir, { recursive: true });
      writeFileSync(
        config,
        JSON.stringify(
          {
            extends: path.join(root, 'electron-builder.yml'),
            win: {
              azureSignOptions: {
                endpoint: value(input, 'AZURE_SIGNING_ENDPOINT'),
                codeSigningAccountName: value(input, 'AZURE_SIGNING_ACCOUNT'),
                certificateProfileName: value(input, 'AZURE_SIGNING_CERT_PROFILE'),
                // The certificate's subject CN: electron-updater checks an update is signed by the same publisher.
                publisherName: value(input, 'AZURE_SIGNING_PUBLISHER_NAME'),
              },
            },
          },
          null,
          2,
        ),
      );
      env.MERCHANT_DESK_BUILDER_CONFIG = config;
    }
  } else if (platform === 'mac') {
    const [link, password] = INPUTS.mac.certificate;
    const apple = INPUTS.mac.notarization;
    if (has(input, password) && !has(input, link))
      throw new SigningSetupError(`${password} is set without its certificate: SECRET_CSC_LINK missing`);
    const notarize = apple.some((n) => has(input, n));
    if (notarize) need(apple, 'notarization is half configured');
    if (notarize && !has(input, link))
      throw new SigningSetupError('notarization needs a signed app: SECRET_CSC_LINK missing');
    if (has(input, link)) {
      mode = 'signed';
      how = 'Developer ID certificate (CSC_LINK)';
      env.CSC_LINK = oneLine(value(input, link));
      if (has(input, password)) env.CSC_KEY_PASSWORD = value(input, password);
    }
    if (notarize) {
      notarized = true;
      const keyId = value(input, 'SECRET_APPLE_API_KEY_ID');
      if (!/^[A-Z0-9]{6,20}$/i.test(keyId)) throw new SigningSetupError('SECRET_APPLE_API_KEY_ID is not a key ID');
      // notarytool takes the key as a file: AuthKey_<ID>.p8, owner-only, outside the checkout.
      mkdirSync(tempDir, { recursive: true });
      const keyFile = path.join(tempDir, `AuthKey_${keyId}.p8`);
      writeFileSync(keyFile, `${input.SECRET_APPLE_API_KEY.trim()}\n`, { mode: 0o600 });
      chmodSync(keyFile, 0o600);
      env.APPLE_API_KEY = keyFile;
      env.APPLE_API_KEY_ID = keyId;
      env.APPLE_API_ISSUER = value(input, 'SECRET_APPLE_API_ISSUER');
    }
  } else {
    throw new SigningSetupError(`unknown platform ${String(platform)} (win or mac)`);
  }

  // Without a certificate, never let electron-builder pick an identity that happens to be on the runner.
  if (mode === 'unsigned') env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
  env.MERCHANT_DESK_SIGNING = mode;
  env.MERCHANT_DESK_NOTARIZED = String(notarized);
  for (const [name, v] of Object.entries(env)) {
    if (v === '') throw new SigningSetupError(`${name} would be exported empty`);
    if (/[\r\n]/.test(v)) throw new SigningSetupError(`${name} holds a line break`);
  }
  const summary = `${platform}: ${mode} (${how})${platform === 'mac' ? `, notarization ${notarized ? 'on' : 'off'}` : ''}`;
  return { mode, notarized, env, summary };
}

function parseArgs(argv) {
  const args = { platform: undefined, out: process.env.GITHUB_ENV, temp: process.env.RUNNER_TEMP };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--platform') args.platform = argv[++i];
    else if (argv[i] === '--out') args.out = argv[++i];
    else if (argv[i] === '--temp') args.temp = argv[++i];
    else throw new SigningSetupError(`unknown argument ${argv[i]}`);
  }
  if (!args.out) throw new SigningSetupError('no --out file and no $GITHUB_ENV');
  if (!args.temp) throw new SigningSetupError('no --temp directory and no $RUNNER_TEMP');
  return args;
}

function main() {
  try {
    const args = parseArgs(process.argv.slice(2));
    const r = prepareSigning({ platform: args.platform, input: process.env, tempDir: args.temp });
    appendFileSync(
      args.out,
      Object.entries(r.env)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    // Names only: the values are secrets (GitHub masks them, but they are not printed in the first place).
    console.log(`[signing] ${r.summary}; exported ${Object.keys(r.env).join(', ')}`);
  } catch (e) {
    console.error(`[signing] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
