/**
 * The errors of the use-case layer (src/core/app) as plain data: what the CLI maps to exit codes and what crosses
 * the IPC bridge. No Node, no DOM: the renderer shows the same words as the CLI.
 */
export const appErrorKinds = [
  /** Bad input or usage; nothing was sent. */
  'invalid-input',
  /** Settings missing, unreadable, damaged or from a newer version; no such profile. */
  'settings',
  /** A token or key missing or unusable; nothing was sent. */
  'credentials',
  /** The OS keychain is missing, locked or timed out; nothing was sent. */
  'keychain',
  /** The platform answered with an error code. */
  'platform',
  /** The platform answered with an HTTP error status. */
  'http',
  /** The platform (or the cache) has no such order. */
  'not-found',
  'network',
  'timeout',
  /** A money-moving call whose result is unknown: `found` is what re-fetching the order showed. Never resent. */
  'outcome-unknown',
  /** The platform's answer could not be understood. */
  'protocol',
  /** The order cache is missing, damaged, busy or of a newer version. */
  'cache',
  /** A sync stopped for a reason other than a platform error. */
  'sync',
  /** A check ran and failed (test connection, signature verification). */
  'check-failed',
  /** A local file (key file, data directory, export) could not be read or written. */
  'io',
  /** A bug: details are in the log, never secrets. */
  'unexpected',
] as const;

export type AppErrorKind = (typeof appErrorKinds)[number];

/** What re-fetching an order showed after a call with an unknown outcome. */
export type AppFound =
  | { kind: 'found'; summary: string; order: Record<string, unknown> }
  | { kind: 'not-found' }
  | { kind: 'recheck-failed'; message: string };

export interface AppError {
  kind: AppErrorKind;
  /** A machine-readable detail: the platform's envelope code, an HTTP status ("HTTP 503"), a sub-kind. */
  code?: string;
  /** One or a few sentences for a person. Never holds a secret. */
  message: string;
  /** What the merchant can do about it. */
  action?: string;
  /** Per-field problems of invalid input (path as dotted field names). */
  issues?: { path: string; message: string }[];
  /** For `outcome-unknown`: what a re-check found. */
  found?: AppFound;
}
