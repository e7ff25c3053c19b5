import type { Writable } from 'node:stream';
import type { SecretStore } from '../core/secrets/secretStore';

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
  /** The keychain; default the OS keychain through keytar. Tests may inject another store. */
  secretStore?: SecretStore;
}

/** Exit codes of the CLI, as documented in the README. */
export const ExitCode = {
  ok: 0,
  other: 1,
  invalidInput: 2,
  refused: 3,
  network: 4,
  outcomeUnknown: 5,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A usage or input problem found by the CLI itself: exit 2, nothing sent. */
export class CliInputError extends Error {}

/** A failure the CLI explains itself (message and action), with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.other,
  ) {
    super(message);
  }
}
