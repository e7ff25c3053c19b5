import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { inspectProfileSignature } from '../../core/app/connection';
import { verifyWithPastedKey } from '../../core/connection/signatureInspector';
import { signatureAlgorithms, type SignatureAlgorithm } from '../../core/config/signatureProfile';
import { unwrap } from '../appResult';
import { CliError, ExitCode } from '../io';
import { defined } from '../options';
import type { CommandRunner } from '../runner';
import { readSecret } from '../secretInput';

interface InspectFlags {
  userNo: string;
  email: string;
  firstName?: string;
  lastName?: string;
  publicKey?: string;
}

async function readTextFile(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    throw new CliError(
      `Cannot read the ${what} ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
      'invalid-input',
    );
  }
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

export function registerSign(program: Command, run: CommandRunner): void {
  const sign = program.command('sign').description('buyer-sync signature tools (nothing is sent to the platform)');

  sign
    .command('inspect')
    .description(
      'sign a sample buyer-sync request and show the exact string-to-sign, headers and body under the profile’s signature settings',
    )
    .option('--user-no <S>', 'sample buyer’s user number', 'example-buyer')
    .option('--email <E>', 'sample buyer’s e-mail', 'buyer@example.com')
    .option('--first-name <S>')
    .option('--last-name <S>')
    .option(
      '--public-key <FILE>',
      'also verify the signature with this public key (e.g. the one registered with the platform)',
    )
    .action((flags: InspectFlags) =>
      run(async (ctx) => {
        const connection = ctx.connection({ platform: true });
        const report = unwrap(
          await inspectProfileSignature({
            config: connection.config,
            credentials: connection.credentials,
            buyer: defined({
              merchantUserNo: flags.userNo,
              email: flags.email,
              firstName: flags.firstName,
              lastName: flags.lastName,
            }),
            ...(flags.publicKey !== undefined
              ? { publicKeyPem: await readTextFile(flags.publicKey, 'public key') }
              : {}),
          }),
        );
        const r = report.inspection;
        const pasted = report.publicKeyCheck;
        const where = connection.profile ? `profile ${connection.profile.id}` : 'the environment settings';
        if (ctx.json) {
          ctx.io.stdout(
            JSON.stringify({
              ...(connection.profile ? { profile: connection.profile.id } : {}),
              ...r,
              ...(pasted ? { publicKeyCheck: pasted } : {}),
            }),
          );
        } else {
          const sp = r.signatureProfile;
          const lines = [
            `Buyer-sync request under ${where} (signature: ${sp.mode}${sp.mode === 'template' ? ` "${sp.template ?? ''}"` : ''}, ${sp.algorithm}). Nothing is sent: an example with a fixed past timestamp and a marked nonce, which the platform refuses, so it signs nobody in.`,
            '',
            `${r.method} ${r.url}`,
            '',
            `String to sign (${r.stringToSignBytes} bytes UTF-8; \\n marks each line break, \\t a tab):`,
            indent(r.stringToSignVisible.replace(/\n$/, '')),
            '',
            'Headers:',
            indent(
              Object.entries(r.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n'),
            ),
            '',
            'Body:',
            indent(r.body),
            '',
            r.selfCheck
              ? `Self-check: the signature verifies with the key’s own public key (SHA-256 ${r.keyFingerprint.hex}).`
              : 'Self-check FAILED: the signature does not verify with the key’s own public key.',
          ];
          if (pasted) {
            lines.push(
              pasted.valid
                ? `${flags.publicKey}: the signature verifies with this public key (SHA-256 ${pasted.publicKeyFingerprint.hex}).`
                : `${flags.publicKey}: the signature does NOT verify with this public key (SHA-256 ${pasted.publicKeyFingerprint.hex}). ${pasted.action ?? ''}`.trimEnd(),
            );
          }
          ctx.io.stdout(lines.join('\n'));
        }
        return r.selfCheck && (!pasted || pasted.valid) ? ExitCode.ok : ExitCode.other;
      }),
    );

  sign
    .command('verify')
    .description(
      'verify a Base64 signature over a string-to-sign with a public key (the string is read from --string-file or standard input, byte for byte)',
    )
    .requiredOption('--public-key <FILE>', 'public key PEM (SPKI, PKCS#1 or certificate)')
    .requiredOption('--signature <BASE64>', 'the signature header value')
    .option('--string-file <FILE>', 'file holding the exact string-to-sign (default: standard input)')
    .option('--algorithm <ALG>', `${signatureAlgorithms.join(', ')} (default: the profile’s, else RSA-SHA256)`)
    .action((flags: { publicKey: string; signature: string; stringFile?: string; algorithm?: string }) =>
      run(async (ctx) => {
        let algorithm = flags.algorithm;
        if (algorithm === undefined) {
          try {
            algorithm = ctx.connection({}).config.signatureProfile.algorithm;
          } catch {
            algorithm = 'RSA-SHA256';
          }
        }
        if (!(signatureAlgorithms as readonly string[]).includes(algorithm))
          throw new CliError(`--algorithm must be one of ${signatureAlgorithms.join(', ')}.`, 'invalid-input');
        const text =
          flags.stringFile !== undefined
            ? await readTextFile(flags.stringFile, 'string-to-sign file')
            : await readSecret(ctx.io, 'String to sign: ', 'string to sign');
        const r = verifyWithPastedKey({
          publicKey: await readTextFile(flags.publicKey, 'public key'),
          algorithm: algorithm as SignatureAlgorithm,
          stringToSign: text,
          signature: flags.signature,
        });
        if (!r.ok) throw new CliError(r.error.message, 'invalid-input', { action: r.error.action });
        if (ctx.json) ctx.io.stdout(JSON.stringify(r.value));
        else
          ctx.io.stdout(
            r.value.valid
              ? `Valid ${algorithm} signature (public key SHA-256 ${r.value.publicKeyFingerprint.hex}).`
              : `NOT valid. ${r.value.action ?? ''}`.trimEnd(),
          );
        return r.value.valid ? ExitCode.ok : ExitCode.other;
      }),
    );
}
