import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import {
  fingerprintOf,
  generateRsaPrivateKey,
  isEncryptedPem,
  parsePrivateKeyPem,
  RSA_KEY_SIZES,
  type PublicKeyInfo,
  type RsaKeySize,
} from '../../core/keys/keyMaterial';
import type { Profile } from '../../core/profiles/profileSchema';
import { keyStoreFailure } from '../failures';
import { CliError, ExitCode } from '../io';
import type { CommandContext, CommandRunner } from '../runner';
import { readSecret } from './token';

async function existingKey(ctx: CommandContext, profile: Profile): Promise<PublicKeyInfo | null> {
  const info = await ctx.services().keys.info(profile.id);
  if (!info.ok) throw keyStoreFailure(info.error, 'The stored key could not be read:');
  return info.value;
}

function refuseReplace(profile: Profile, existing: PublicKeyInfo, verb: string): CliError {
  return new CliError(
    `Profile ${profile.id} already has a key (${existing.bits} bits, SHA-256 ${existing.fingerprint.hex}). ${verb} it with --force — then register the new public key with the platform, or buyer sync fails with 10003. Nothing was changed.`,
    'invalid-input',
  );
}

function printPublic(ctx: CommandContext, profile: Profile, info: PublicKeyInfo, heading: string): void {
  if (ctx.json) {
    ctx.io.stdout(
      JSON.stringify({
        profile: profile.id,
        bits: info.bits,
        publicKeyPem: info.publicKeyPem,
        fingerprint: info.fingerprint,
      }),
    );
    return;
  }
  ctx.io.stdout(
    [
      heading,
      '',
      'Register this public key with the platform:',
      info.publicKeyPem.trimEnd(),
      '',
      `SHA-256 fingerprint: ${info.fingerprint.hex}`,
      `             Base64: ${info.fingerprint.base64}`,
    ].join('\n'),
  );
}

export function registerKeys(program: Command, run: CommandRunner): void {
  const keys = program
    .command('keys')
    .description(
      'the RSA key pair for buyer-sync signatures (private key encrypted on disk, its passphrase in the OS keychain)',
    );

  keys
    .command('generate')
    .description('generate a new RSA key pair for a profile and show the public key to register with the platform')
    .option('--bits <N>', `key size: ${RSA_KEY_SIZES.join(', ')}`, '2048')
    .option('--force', 'replace an existing key')
    .action((flags: { bits: string; force?: boolean }) =>
      run(async (ctx) => {
        const bits = Number(flags.bits);
        if (!(RSA_KEY_SIZES as readonly number[]).includes(bits))
          throw new CliError(
            `--bits must be one of ${RSA_KEY_SIZES.join(', ')}. Nothing was changed.`,
            'invalid-input',
          );
        const profile = ctx.profile();
        const existing = await existingKey(ctx, profile);
        if (existing && !flags.force) throw refuseReplace(profile, existing, 'Replace');
        const key = await generateRsaPrivateKey(bits as RsaKeySize);
        const saved = await ctx.services().keys.save(profile.id, key);
        if (!saved.ok)
          throw keyStoreFailure(saved.error, 'The key was not stored (nothing was written in plain text):');
        printPublic(
          ctx,
          profile,
          saved.value,
          `Generated a ${bits}-bit RSA key for profile ${profile.id}${existing ? ' (the previous key was replaced)' : ''}.`,
        );
        return ExitCode.ok;
      }),
    );

  keys
    .command('import')
    .argument('<FILE>', 'PEM private key: PKCS#1 or PKCS#8, encrypted or not')
    .description('import an RSA private key from a PEM file (stored encrypted; the file itself is left unchanged)')
    .option('--passphrase-stdin', 'read the passphrase of an encrypted key from standard input')
    .option('--force', 'replace an existing key')
    .action((file: string, flags: { passphraseStdin?: boolean; force?: boolean }) =>
      run(async (ctx) => {
        const profile = ctx.profile();
        let pem: string;
        try {
          pem = await readFile(file, 'utf8');
        } catch (e) {
          throw new CliError(
            `Cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'}). Nothing was changed.`,
            'invalid-input',
          );
        }
        let passphrase: string | undefined;
        if (isEncryptedPem(pem)) {
          // On a terminal the passphrase is asked for (typed without echo); in a script it must be piped in.
          if (!flags.passphraseStdin && !ctx.io.interactive) {
            throw new CliError(
              `${file} is encrypted: add --passphrase-stdin and give its passphrase on standard input (on a terminal it is asked for). Nothing was changed.`,
              'invalid-input',
            );
          }
          passphrase = await readSecret(ctx.io, `Passphrase of ${file} (input hidden): `, 'passphrase');
        }
        const parsed = parsePrivateKeyPem(pem, passphrase);
        if (!parsed.ok)
          throw new CliError(
            `${parsed.error.message} Action: ${parsed.error.action} Nothing was changed.`,
            'invalid-input',
          );
        const existing = await existingKey(ctx, profile);
        if (existing && !flags.force) {
          if (existing.fingerprint.hex === fingerprintOf(parsed.value).hex) {
            ctx.io.stdout(
              `Profile ${profile.id} already has this key (SHA-256 ${existing.fingerprint.hex}). Nothing was changed.`,
            );
            return ExitCode.ok;
          }
          throw refuseReplace(profile, existing, 'Replace');
        }
        const saved = await ctx.services().keys.save(profile.id, parsed.value);
        if (!saved.ok)
          throw keyStoreFailure(saved.error, 'The key was not stored (nothing was written in plain text):');
        printPublic(
          ctx,
          profile,
          saved.value,
          `Imported a ${saved.value.bits}-bit RSA key into profile ${profile.id}${existing ? ' (the previous key was replaced)' : ''}. It is stored encrypted; ${file} was not changed — delete it if you no longer need it.`,
        );
        return ExitCode.ok;
      }),
    );

  keys
    .command('public')
    .description('print the public key (PEM) of a profile, to register with the platform')
    .action(() =>
      run(async (ctx) => {
        const profile = ctx.profile();
        const info = await existingKey(ctx, profile);
        if (!info)
          throw new CliError(
            `Profile ${profile.id} has no key. Run merchant-desk keys generate --profile ${profile.id} or keys import FILE.`,
            'invalid-input',
          );
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({
                profile: profile.id,
                bits: info.bits,
                publicKeyPem: info.publicKeyPem,
                fingerprint: info.fingerprint,
              })
            : info.publicKeyPem.trimEnd(),
        );
        return ExitCode.ok;
      }),
    );

  keys
    .command('fingerprint')
    .description('print the SHA-256 fingerprint of the public key (DER SubjectPublicKeyInfo) as hex and Base64')
    .action(() =>
      run(async (ctx) => {
        const profile = ctx.profile();
        const info = await existingKey(ctx, profile);
        if (!info)
          throw new CliError(
            `Profile ${profile.id} has no key. Run merchant-desk keys generate --profile ${profile.id} or keys import FILE.`,
            'invalid-input',
          );
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: profile.id, bits: info.bits, fingerprint: info.fingerprint })
            : `SHA-256 ${info.fingerprint.hex}\nBase64  ${info.fingerprint.base64}\n(${info.bits}-bit RSA, profile ${profile.id})`,
        );
        return ExitCode.ok;
      }),
    );

  keys
    .command('delete')
    .description('delete the key of a profile (key files and keychain passphrase)')
    .action(() =>
      run(async (ctx) => {
        const profile = ctx.profile();
        const r = await ctx.services().keys.remove(profile.id);
        if (!r.ok) throw keyStoreFailure(r.error, 'The key was not deleted:');
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: profile.id, deleted: r.value })
            : r.value
              ? `Deleted the key of profile ${profile.id}.`
              : `Profile ${profile.id} had no key.`,
        );
        return ExitCode.ok;
      }),
    );
}
