/** What a CLI run reads and writes; injected so tests run the CLI in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Aborted to stop long-running commands (the sandbox) — SIGINT in the real process. */
  signal?: AbortSignal;
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
