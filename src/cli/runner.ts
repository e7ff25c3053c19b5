import type { Command } from 'commander';
import type { BuyerSyncApi } from '../core/api/buyerSyncApi';
import type { SellerApi } from '../core/api/sellerApi';
import { describeApiError, type ApiError } from '../core/errors';
import { buyerSyncApi, resolveConfig, sellerApi, type GlobalOptions } from './context';
import { exitCodeFor } from './exitCodes';
import { CliInputError, ExitCode, type CliIo } from './io';

export interface CommandContext {
  io: CliIo;
  json: boolean;
  options: GlobalOptions;
  /** Built on first use, so commands that need no base URL do not ask for one. */
  seller: () => SellerApi;
  buyers: () => BuyerSyncApi;
}

export type CommandOutcome = ExitCode | { ok: false; error: ApiError };
export type CommandRunner = (body: (ctx: CommandContext) => Promise<CommandOutcome>) => Promise<void>;

/** Runs a command body and turns its outcome, typed error or thrown input error into an exit code. */
export function makeRunner(program: Command, io: CliIo, setExit: (code: ExitCode) => void): CommandRunner {
  return async (body) => {
    const options = program.opts<GlobalOptions>();
    const ctx: CommandContext = {
      io,
      json: options.json === true,
      options,
      seller: () => sellerApi(resolveConfig(options, io.env, { baseUrl: true }), io.env),
      buyers: () => buyerSyncApi(resolveConfig(options, io.env, { platform: true }), io.env),
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
      io.stderr(`Unexpected error: ${e instanceof Error ? e.message : String(e)}`);
      setExit(ExitCode.other);
    }
  };
}
