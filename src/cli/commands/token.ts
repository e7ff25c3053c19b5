import type { Command } from 'commander';
import { deleteToken, setToken, tokenStatus } from '../../core/app/credentials';
import { unwrap } from '../appResult';
import { ExitCode } from '../io';
import type { CommandRunner } from '../runner';
import { readSecret } from '../secretInput';

export function registerToken(program: Command, run: CommandRunner): void {
  const token = program
    .command('token')
    .description('the access token (Bearer) of the seller endpoints, kept in the OS keychain');

  token
    .command('set')
    .description('store the access token of a profile; reads it from standard input (never from the command line)')
    .action(() =>
      run(async (ctx) => {
        const { id } = ctx.profile();
        const raw = await readSecret(ctx.io, `Access token for profile ${id} (input hidden): `, 'access token');
        const r = unwrap(await setToken(ctx.services(), id, raw));
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: id, token: r.token })
            : `Stored the access token of profile ${id} in the OS keychain (${r.length} characters). Check it: merchant-desk test-connection --profile ${id}`,
        );
        return ExitCode.ok;
      }),
    );

  token
    .command('status')
    .description('whether a profile has an access token (never shows it)')
    .action(() =>
      run(async (ctx) => {
        const { id } = ctx.profile();
        const { token: state } = unwrap(await tokenStatus(ctx.services(), id));
        ctx.io.stdout(
          ctx.json ? JSON.stringify({ profile: id, token: state }) : `Access token of profile ${id}: ${state}.`,
        );
        return ExitCode.ok;
      }),
    );

  token
    .command('delete')
    .description('delete the access token of a profile from the OS keychain')
    .action(() =>
      run(async (ctx) => {
        const { id } = ctx.profile();
        const { deleted } = unwrap(await deleteToken(ctx.services(), id));
        ctx.io.stdout(
          ctx.json
            ? JSON.stringify({ profile: id, deleted })
            : deleted
              ? `Deleted the access token of profile ${id}.`
              : `Profile ${id} had no access token.`,
        );
        return ExitCode.ok;
      }),
    );
}
