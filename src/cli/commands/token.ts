import type { Command } from 'commander';
import { secretStoreFailure } from '../failures';
import { CliError, ExitCode, type CliIo } from '../io';
import type { CommandRunner } from '../runner';

/** Reads a secret from standard input; refuses when there is none. */
export async function readSecret(io: CliIo, prompt: string, what: string): Promise<string> {
  if (!io.stdin)
    throw new CliError(`No standard input to read the ${what} from. Nothing was changed.`, 'invalid-input');
  const text = await io.stdin(prompt);
  return text.replace(/^\uFEFF/, '').replace(/[\r\n]+$/, '');
}

/** The token as pasted: surrounding white space and a leading "Bearer " are dropped. */
export function normaliseToken(raw: string): string {
  return raw
    .trim()
    .replace(/^Bearer\s+/i, '')
    .trim();
}

export function registerToken(program: Command, run: CommandRunner): void {
  const token = program
    .command('token')
    .description('the access token (Bearer) of the seller endpoints, kept in the OS keychain');

  token
    .command('set')
    .description('store the access token of a profile; reads it from standard input (never from the command line)')
    .action(() =>
      run(async (ctx) => {
        const profile = ctx.profile();
        const value = normaliseToken(
          await readSecret(ctx.io, `Access token for profile ${profile.id} (input hidden): `, 'access token'),
        );
        if (value === '')
          throw new CliError(
            'The access token read from standard input is empty. Nothing was changed.',
            'invalid-input',
          );
        if (/\s/.test(value))
          throw new CliError(
            'The access token contains white space; paste only the token (one line). Nothing was changed.',
            'invalid-input',
          );
        const stored = await ctx.services().secrets.set(profile.id, 'token', value);
        if (!stored.ok) throw secretStoreFailure(stored.error, 'The access token was not stored.');
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: profile.id, token: 'set' })
            : `Stored the access token of profile ${profile.id} in the OS keychain (${value.length} characters). Check it: merchant-desk test-connection --profile ${profile.id}`,
        );
        return ExitCode.ok;
      }),
    );

  token
    .command('status')
    .description('whether a profile has an access token (never shows it)')
    .action(() =>
      run(async (ctx) => {
        const profile = ctx.profile();
        const r = await ctx.services().secrets.get(profile.id, 'token');
        if (!r.ok) throw secretStoreFailure(r.error);
        const state = r.value === null ? 'not set' : 'set';
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: profile.id, token: state })
            : `Access token of profile ${profile.id}: ${state}.`,
        );
        return ExitCode.ok;
      }),
    );

  token
    .command('delete')
    .description('delete the access token of a profile from the OS keychain')
    .action(() =>
      run(async (ctx) => {
        const profile = ctx.profile();
        const r = await ctx.services().secrets.delete(profile.id, 'token');
        if (!r.ok) throw secretStoreFailure(r.error);
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: profile.id, deleted: r.value })
            : r.value
              ? `Deleted the access token of profile ${profile.id}.`
              : `Profile ${profile.id} had no access token.`,
        );
        return ExitCode.ok;
      }),
    );
}
