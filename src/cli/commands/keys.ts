import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import {
  generateKey,
  importKey,
  isKeySize,
  needsPassphrase,
  removeKey,
  requireKey,
  type KeySaved,
} from '../../core/app/credentials';
import { RSA_KEY_SIZES, type PublicKeyInfo } from '../../core/keys/keyMaterial';
import type { Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { unwrap } from '../appResult';
import { CliError, ExitCode } from '../io';
import type { CommandContext, CommandRunner } from '../runner';
import { readSecret } from '../secretInput';

const publicJson = (id: string, info: PublicKeyInfo) =>
  JSON.stringify({ profile: id, bits: info.bits, publicKeyPem: info.publicKeyPem, fingerprint: info.fingerprint });

function printSaved(ctx: CommandContext, saved: KeySaved, heading: string): void {
  const info = saved.key;
  if (ctx.json) return ctx.io.stdout(publicJson(saved.profileId, info));
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

const replacedNote = (saved: KeySaved) => (saved.replaced ? ' (the previous key was replaced)' : '');

/** A refused replacement names the CLI's flag; other errors pass through. */
function saving(result: Result<KeySaved, AppError>): KeySaved {
  if (result.ok || result.error.code !== 'key-exists') return unwrap(result);
  // The core's message names the key; the CLI says how to replace it here.
  throw new CliError(
    `${result.error.message} Replace it with --force — then register the new public key with the platform, or buyer sync fails with 10003. Nothing was changed.`,
    'invalid-input',
  );
}

const howToAdd = (id: string) => `Run merchant-desk keys generate --profile ${id} or keys import FILE.`;

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
        if (!isKeySize(bits))
          throw new CliError(
            `--bits must be one of ${RSA_KEY_SIZES.join(', ')}. Nothing was changed.`,
            'invalid-input',
          );
        const { id } = ctx.profile();
        const saved = saving(await generateKey(ctx.services(), { profileId: id, bits, force: flags.force === true }));
        printSaved(ctx, saved, `Generated a ${bits}-bit RSA key for profile ${id}${replacedNote(saved)}.`);
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
        const { id } = ctx.profile();
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
        if (needsPassphrase(pem)) {
          // On a terminal the passphrase is asked for (typed without echo); in a script it must be piped in.
          if (!flags.passphraseStdin && !ctx.io.interactive)
            throw new CliError(
              `${file} is encrypted: add --passphrase-stdin and give its passphrase on standard input (on a terminal it is asked for). Nothing was changed.`,
              'invalid-input',
            );
          passphrase = await readSecret(ctx.io, `Passphrase of ${file} (input hidden): `, 'passphrase');
        }
        const saved = saving(
          await importKey(ctx.services(), {
            profileId: id,
            pem,
            force: flags.force === true,
            ...(passphrase !== undefined ? { passphrase } : {}),
          }),
        );
        if (saved.unchanged) {
          ctx.io.stdout(
            `Profile ${id} already has this key (SHA-256 ${saved.key.fingerprint.hex}). Nothing was changed.`,
          );
          return ExitCode.ok;
        }
        printSaved(
          ctx,
          saved,
          `Imported a ${saved.key.bits}-bit RSA key into profile ${id}${replacedNote(saved)}. It is stored encrypted; ${file} was not changed — delete it if you no longer need it.`,
        );
        return ExitCode.ok;
      }),
    );

  keys
    .command('public')
    .description('print the public key (PEM) of a profile, to register with the platform')
    .action(() =>
      run(async (ctx) => {
        const { id } = ctx.profile();
        const info = unwrap(await requireKey(ctx.services(), id, howToAdd(id)));
        ctx.io.stdout(ctx.json ? publicJson(id, info) : info.publicKeyPem.trimEnd());
        return ExitCode.ok;
      }),
    );

  keys
    .command('fingerprint')
    .description('print the SHA-256 fingerprint of the public key (DER SubjectPublicKeyInfo) as hex and Base64')
    .action(() =>
      run(async (ctx) => {
        const { id } = ctx.profile();
        const info = unwrap(await requireKey(ctx.services(), id, howToAdd(id)));
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: id, bits: info.bits, fingerprint: info.fingerprint })
            : `SHA-256 ${info.fingerprint.hex}\nBase64  ${info.fingerprint.base64}\n(${info.bits}-bit RSA, profile ${id})`,
        );
        return ExitCode.ok;
      }),
    );

  keys
    .command('delete')
    .description('delete the key of a profile (key files and keychain passphrase)')
    .action(() =>
      run(async (ctx) => {
        const { id } = ctx.profile();
        const { deleted } = unwrap(await removeKey(ctx.services(), id));
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: id, deleted })
            : deleted
              ? `Deleted the key of profile ${id}.`
              : `Profile ${id} had no key.`,
        );
        return ExitCode.ok;
      }),
    );
}
