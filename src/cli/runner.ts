import type { Command } from 'commander';
import { BuyerSyncApi } from '../core/api/buyerSyncApi';
import { SellerApi } from '../core/api/sellerApi';
import { describeApiError, type ApiError } from '../core/errors';
import { describeUnexpected } from '../core/logging/redact';
import { createRequestLog, requestLogPath } from '../core/logging/requestLog';
import type { Profile } from '../core/profiles/profileSchema';
import {
  cliClientDeps,
  cliDataDir,
  profileServices,
  requireProfile,
  resolveConnection,
  type Connection,
  type GlobalOptions,
  type ProfileServices,
} from './context';
import { exitCodeFor } from './exitCodes';
import { CliError, CliInputError, ExitCode, type CliIo } from './io';

export interface CommandContext {
  io: CliIo;
  json: boolean;
  options: GlobalOptions;
  /** Built on first use, so commands that need no base URL do not ask for one. */
  seller: () => SellerApi;
  buyers: () => BuyerSyncApi;
  /** Settings and credentials for API calls: the profile's (--profile, MERCHANT_DESK_PROFILE or active) or the environment's. */
  connection: (needs: { baseUrl?: boolean; platform?: boolean }) => Connection;
  /** The data directory (--data-dir, MERCHANT_DESK_DATA_DIR or the app's), read at call time. */
  dataDir: () => string;
  /** Profiles, keychain and key store of the data directory (built on first use). */
  services: () => ProfileServices;
  /** The profile a profile command works on (--profile, MERCHANT_DESK_PROFILE or the active one); throws when none. */
  profile: () => Profile;
}

export type CommandOutcome = ExitCode | { ok: false; error: ApiError };
export type CommandRunner = (body: (ctx: CommandContext) => Promise<CommandOutcome>) => Promise<void>;

/** Runs a command body and turns its outcome, typed error or thrown input error into an exit code. */
export function makeRunner(program: Command, io: CliIo, setExit: (code: ExitCode) => void): CommandRunner {
  return async (body) => {
    const options = program.opts<GlobalOptions>();
    let services: ProfileServices | undefined;
    const getServices = () => (services ??= profileServices(options, io));
    const connection = (needs: { baseUrl?: boolean; platform?: boolean }) =>
      resolveConnection(options, io, needs, getServices);
    // Commands that use a profile keep a request log in its data directory (environment mode writes no files).
    const clientDeps = (c: Connection) =>
      cliClientDeps(c, {
        ...(io.signal ? { signal: io.signal } : {}),
        ...(c.profile ? { onRequest: createRequestLog({ file: requestLogPath(cliDataDir(options, io.env)) }) } : {}),
      });
    const ctx: CommandContext = {
      io,
      json: options.json === true,
      options,
      seller: () => new SellerApi(clientDeps(connection({ baseUrl: true }))),
      buyers: () => new BuyerSyncApi(clientDeps(connection({ platform: true }))),
      connection,
      dataDir: () => cliDataDir(options, io.env),
      services: getServices,
      profile: () => requireProfile(options, io.env, getServices().profiles),
    };
    try {
      const outcome = await body(ctx);
      if (typeof outcome === 'number') return setExit(outcome);
      io.stderr(describeApiError(outcome.error));
      setExit(exitCodeFor(outcome.error));
    } catch (e) {
      if (e instanceof CliInputError) {
        io.stderr(`${e.message} Nothing was sent.`);
        return setExit(ExitCode.invalidInput);
      }
      if (e instanceof CliError) {
        io.stderr(e.message);
        return setExit(e.exitCode);
      }
      io.stderr(describeUnexpected(e));
      setExit(ExitCode.other);
    }
  };
}
