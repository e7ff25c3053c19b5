import type { DeliveryDeadlineSettings } from '../core/due/deadlineRules';
import type { Command } from 'commander';
import type { AfterSalesStatusSettings } from '../shared/domain/afterSalesReview';
import { apiErrorParts, type ApiError } from '../shared/errors/apiError';
import { describeUnexpected } from '../core/logging/redact';
import type { Profile, StatusLabels } from '../core/profiles/profileSchema';
import {
  cliDataDir,
  profileForApiCommand,
  profileServices,
  requireProfile,
  resolveConnection,
  type Connection,
  type GlobalOptions,
  type ProfileServices,
} from './context';
import { exitCodeOf, type ErrorKind, type ExitCode } from './exitCodes';
import { CliError, CliInputError, type CliIo } from './io';

export interface CommandContext {
  io: CliIo;
  json: boolean;
  options: GlobalOptions;
  /**
   * Settings and credentials for API calls: the profile's (--profile, MERCHANT_DESK_PROFILE or active) or the
   * environment's. Resolved on call, so commands that need no base URL do not ask for one (see cliSession).
   */
  connection: (needs: { baseUrl?: boolean; platform?: boolean }) => Connection;
  /** The data directory (--data-dir, MERCHANT_DESK_DATA_DIR or the app's), read at call time. */
  dataDir: () => string;
  /** Profiles, keychain and key store of the data directory (built on first use). */
  services: () => ProfileServices;
  /** The profile a profile command works on (--profile, MERCHANT_DESK_PROFILE or the active one); throws when none. */
  profile: () => Profile;
  /** The status labels of the profile an API or cache command uses (none in the environment mode). */
  statusLabels: () => StatusLabels | undefined;
  /** The delivery-deadline settings of that profile (the defaults in the environment mode). */
  deliveryDeadlines: () => DeliveryDeadlineSettings | undefined;
  /** The profile's after-sales status values (undefined: the labelled defaults). */
  afterSalesStatuses: () => AfterSalesStatusSettings | undefined;
  /** The profile's poll overlap in minutes (undefined: the labelled default). */
  pollOverlapMinutes: () => number | undefined;
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
    const ctx: CommandContext = {
      io,
      json: options.json === true,
      options,
      connection,
      dataDir: () => cliDataDir(options, io.env),
      services: getServices,
      profile: () => requireProfile(options, io.env, getServices().profiles),
      statusLabels: () => profileForApiCommand(options, io.env, () => getServices().profiles)?.statusLabels,
      deliveryDeadlines: () => profileForApiCommand(options, io.env, () => getServices().profiles)?.deliveryDeadlines,
      afterSalesStatuses: () => profileForApiCommand(options, io.env, () => getServices().profiles)?.afterSalesStatuses,
      pollOverlapMinutes: () => profileForApiCommand(options, io.env, () => getServices().profiles)?.pollOverlapMinutes,
    };
    try {
      const outcome = await body(ctx);
      if (typeof outcome === 'number') return setExit(outcome);
      setExit(reportFailure(io, ctx.json, { kind: outcome.error.kind, ...apiErrorParts(outcome.error) }));
    } catch (e) {
      setExit(reportFailure(io, ctx.json, failureOf(e)));
    }
  };
}

/** What went wrong, in the shape both outputs use: human text on stderr, or the `--json` error document. */
export interface Failure {
  kind: ErrorKind;
  message: string;
  code?: string | undefined;
  action?: string | undefined;
}

function failureOf(e: unknown): Failure {
  if (e instanceof CliInputError) return { kind: 'invalid-input', message: `${e.message} Nothing was sent.` };
  if (e instanceof CliError) return { kind: e.kind, message: e.message, code: e.code, action: e.action };
  return { kind: 'unexpected', message: describeUnexpected(e) };
}

/**
 * Prints a failure and returns its exit code (one per kind, `EXIT_CODE_OF_KIND`). With --json it is the command's
 * one JSON document on stdout: `{"error":{"kind","code","message","action"}}` (code and action null when absent).
 */
export function reportFailure(io: CliIo, json: boolean, failure: Failure): ExitCode {
  if (json) {
    const { kind, code, message, action } = failure;
    io.stdout(JSON.stringify({ error: { kind, code: code ?? null, message, action: action ?? null } }));
  } else {
    io.stderr(failure.action ? `${failure.message} Action: ${failure.action}` : failure.message);
  }
  return exitCodeOf(failure.kind);
}
