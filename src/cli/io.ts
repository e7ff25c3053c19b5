import type { Writable } from 'node:stream';
import type { SecretStore } from '../core/secrets/secretStore';
import type { SandboxHandle } from '../sandbox/server';
import { exitCodeOf, type ErrorKind, type ExitCode } from './exitCodes';

export { ExitCode } from './exitCodes';

/** What a CLI run reads and writes; injected so tests run the CLI in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard output as a byte stream, for bulk output written as it is produced (`cache export`). */
  stdoutStream?: Writable;
  env: Readonly<Record<string, string | undefined>>;
  /** Aborted to stop long-running commands (the sandbox) — SIGINT in the real process. */
  signal?: AbortSignal;
  /**
   * Reads a secret from standard input (`token set`, `keys import --passphrase-stdin`): all of a pipe, or one line
   * typed without echo on a terminal, where `prompt` is shown on stderr. Absent: no standard input.
   */
  stdin?: (prompt?: string) => Promise<string>;
  /** Standard input is a terminal: the CLI may ask (without echo) instead of refusing. */
  interactive?: boolean;
  /** Asks a yes/no question on the terminal (shown on stderr, answer echoed); only used when `interactive`. */
  confirm?: (question: string) => Promise<boolean>;
  /** The keychain; default the OS keychain through keytar. Tests may inject another store. */
  secretStore?: SecretStore;
  /**
   * Told about the sandbox platform `ui --sandbox` starts in this process, so an in-process caller (the browser
   * journeys in test/e2e, the bench) can change its orders, stop it or script its faults as a platform would.
   */
  sandboxStarted?: (sandbox: SandboxHandle) => void;
  /**
   * `merchant-desk ui` runs its core host in this process instead of a child: only for a test that fakes this
   * process's clock and needs the core to see it (the same operations and relay; no process boundary).
   */
  coreHostInProcess?: boolean;
}

/** A usage or input problem found by the CLI itself: exit 2, nothing sent. */
export class CliInputError extends Error {}

/** A failure the CLI explains itself: its kind (which decides the exit code), message, action and code. */
export class CliError extends Error {
  readonly action: string | undefined;
  readonly code: string | undefined;

  constructor(
    message: string,
    readonly kind: ErrorKind = 'unexpected',
    details: { action?: string; code?: string } = {},
  ) {
    super(message);
    this.action = details.action;
    this.code = details.code;
  }

  get exitCode(): ExitCode {
    return exitCodeOf(this.kind);
  }
}
