import { Command, CommanderError } from 'commander';
import { registerAfterSales } from './commands/afterSales';
import { registerBuyers } from './commands/buyers';
import { registerCache } from './commands/cache';
import { registerCacheExport } from './commands/cacheExport';
import { registerInsights } from './commands/insights';
import { registerKeys } from './commands/keys';
import { registerOrders } from './commands/orders';
import { registerProfiles } from './commands/profiles';
import { registerSandbox } from './commands/sandbox';
import { registerSign } from './commands/sign';
import { registerSync } from './commands/sync';
import { registerTestConnection } from './commands/testConnection';
import { registerToken } from './commands/token';
import { registerUi } from './commands/ui';
import { ExitCode, type CliIo } from './io';
import { makeRunner, reportFailure } from './runner';

export const CLI_VERSION = '0.1.0';

/** --json before any "--" (commander has not parsed the options when it refuses the command line). */
function jsonRequested(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/** Runs `merchant-desk` with these arguments; returns the exit code. Never calls process.exit. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const program = new Command('merchant-desk')
    .description(
      'Merchant Desk CLI: orders, after-sales reviews, buyer sync and SSO links on the marketplace platform.',
    )
    .version(CLI_VERSION)
    .option('--base-url <URL>', 'seller endpoints’ {base_url} (or MERCHANT_DESK_BASE_URL)')
    .option('--platform-url <URL>', 'buyer-sync {platform_url} (or MERCHANT_DESK_PLATFORM_URL)')
    .option('--merchant <ID>', 'merchant ID assigned by the platform (or MERCHANT_DESK_MERCHANT_ID)')
    .option('--api-prefix <PATH>', 'path prefix of the seller endpoints (default /merchant-api)')
    .option('--json', 'machine-readable JSON output')
    .option(
      '--data-dir <DIR>',
      'data directory: settings and order caches (or MERCHANT_DESK_DATA_DIR; default: the desktop app’s)',
    )
    .option(
      '--profile <NAME>',
      'use this profile: its settings (flags override) and its secrets from the OS keychain (or MERCHANT_DESK_PROFILE)',
    )
    .addHelpText(
      'after',
      `
Profiles (merchant-desk profiles --help) keep settings in the data directory and secrets in the OS keychain.
A command uses --profile NAME (or MERCHANT_DESK_PROFILE); without one, the environment below when any of it is
set, else the active profile (merchant-desk profiles use NAME).
Without a profile, secrets come from the environment:
  MERCHANT_DESK_TOKEN               Bearer token of the seller endpoints
  MERCHANT_DESK_PRIVATE_KEY_FILE    RSA private key PEM for buyer-sync signatures

Exit codes, one per error kind (README "Exit codes"): 0 ok · 2 invalid input, settings, credentials or keychain
(nothing sent) · 3 refused by the platform, no such order · 4 network/timeout · 5 outcome unknown · 1 other.
With --json every command prints one JSON document on stdout; an error is {"error":{"kind","code","message","action"}}.`,
    )
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s.replace(/\n$/, '')),
      writeErr: (s) => io.stderr(s.replace(/\n$/, '')),
    })
    .showHelpAfterError('(run merchant-desk --help for usage)');
  const run = makeRunner(program, io, (code) => {
    exitCode = code;
  });
  registerOrders(program, run);
  registerAfterSales(program, run);
  registerBuyers(program, run);
  registerSandbox(program, run);
  registerProfiles(program, run);
  registerToken(program, run);
  registerKeys(program, run);
  registerSign(program, run);
  registerTestConnection(program, run);
  registerSync(program, run);
  registerCacheExport(registerCache(program, run), run);
  registerInsights(program, run);
  registerUi(program, run);
  for (const cmd of program.commands) {
    cmd.exitOverride();
    for (const sub of cmd.commands) sub.exitOverride();
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help')
        return ExitCode.ok;
      // Commander has printed its usage error on stderr; a script asking for JSON gets the error document too.
      return reportFailure({ ...io, stderr: () => {} }, jsonRequested(argv), {
        kind: 'invalid-input',
        message: `${e.message.replace(/^error: /, '')}. Nothing was sent.`,
        action: 'Run `merchant-desk --help` (or `merchant-desk COMMAND --help`) for usage.',
      });
    }
    throw e;
  }
  return exitCode;
}
