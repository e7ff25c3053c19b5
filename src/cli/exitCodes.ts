import type { ApiError } from '../shared/errors/apiError';
import type { AppErrorKind } from '../shared/errors/appError';

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

/**
 * The one mapping from an error's kind to the exit code, whichever command meets it (README "Exit codes"). The
 * kinds of the API client's errors are part of it, so a platform refusal exits the same from every command.
 */
export const EXIT_CODE_OF_KIND = {
  /** Bad input or usage; nothing was sent. */
  'invalid-input': ExitCode.invalidInput,
  /** Settings missing, unreadable, damaged or from a newer version; no such profile. */
  settings: ExitCode.invalidInput,
  /** A token or key missing or unusable; nothing was sent. */
  credentials: ExitCode.invalidInput,
  /** The OS keychain is missing, locked or timed out; nothing was sent. */
  keychain: ExitCode.invalidInput,
  /** The platform answered with an error code. */
  platform: ExitCode.refused,
  /** The platform answered with an HTTP error status. */
  http: ExitCode.refused,
  /** The platform has no such order. */
  'not-found': ExitCode.refused,
  network: ExitCode.network,
  timeout: ExitCode.network,
  /** An approve/reject may or may not have been applied; it was re-fetched, never resent. */
  'outcome-unknown': ExitCode.outcomeUnknown,
  /** The platform's answer could not be understood. */
  protocol: ExitCode.other,
  /** The order cache is missing, damaged, busy or of a newer version. */
  cache: ExitCode.other,
  /** A sync stopped for a reason other than a platform error. */
  sync: ExitCode.other,
  /** A check ran and failed (test-connection, sign verify). */
  'check-failed': ExitCode.other,
  /** A local file (key file, data directory) could not be read or written. */
  io: ExitCode.other,
  /** A bug: one redacted line. */
  unexpected: ExitCode.other,
} as const satisfies Record<AppErrorKind | ApiError['kind'], ExitCode>;

export type ErrorKind = keyof typeof EXIT_CODE_OF_KIND;

export function exitCodeOf(kind: ErrorKind): ExitCode {
  return EXIT_CODE_OF_KIND[kind];
}

export function exitCodeFor(error: ApiError): ExitCode {
  return exitCodeOf(error.kind);
}
