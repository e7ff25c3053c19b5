/**
 * Failures of the host itself (as opposed to an operation's own errors). Each is a typed value with a sentence
 * and an action, shaped like OperationError so a caller shows either the same way.
 */
export type HostError =
  /** The host process died while the call ran; it is being restarted. The call did nothing that matters twice. */
  | { kind: 'host-restarted'; operation: string; message: string; action: string }
  /**
   * The host process died while a money-moving call ran: it may or may not have reached the platform. It was not
   * resent; the caller re-checks (re-fetches the order) before anything else.
   */
  | { kind: 'outcome-unknown'; operation: string; recheck: true; message: string; action: string }
  /** The host crashed too often and is not restarted any more. */
  | { kind: 'host-failed'; logFile: string | undefined; message: string; action: string }
  /** The host was shut down (app quitting) before the call finished. */
  | { kind: 'host-stopped'; operation: string; message: string }
  | { kind: 'unknown-operation'; operation: string; message: string }
  /** Cancelled by the caller. */
  | { kind: 'aborted'; operation: string; message: string }
  /** The operation threw (a programming error), or its answer could not cross the port. */
  | { kind: 'host-internal'; operation: string; message: string };

export function hostRestarted(operation: string): HostError {
  return {
    kind: 'host-restarted',
    operation,
    message: `The background process stopped while "${operation}" was running; it is being restarted. The call did not finish.`,
    action: 'Try again when the app is ready.',
  };
}

export function outcomeUnknown(operation: string): HostError {
  return {
    kind: 'outcome-unknown',
    operation,
    recheck: true,
    message: `The background process stopped while "${operation}" was being sent: it may or may not have reached the platform. It was NOT resent.`,
    action: 'Re-check the order on the platform (refresh it) before deciding again.',
  };
}

export function hostFailed(logFile: string | undefined, crashes: number, windowMs: number): HostError {
  const where = logFile ? ` Details are in the log file ${logFile}.` : '';
  return {
    kind: 'host-failed',
    logFile,
    message: `The background process crashed ${crashes} times within ${Math.round(windowMs / 1000)} seconds and was not restarted again.${where}`,
    action: logFile
      ? `Restart the app; if it happens again, report the problem with the log file ${logFile}.`
      : 'Restart the app; if it happens again, report the problem.',
  };
}

/** The operation table could not be built (in process there is no restart: the configuration is wrong). */
export function startFailed(detail: string): HostError {
  return {
    kind: 'host-failed',
    logFile: undefined,
    message: `The app's core could not start: ${detail}`,
    action: 'Check the profile settings, then restart the app; if it happens again, report the problem.',
  };
}

export function hostStopped(operation: string): HostError {
  return { kind: 'host-stopped', operation, message: `"${operation}" did not finish: the app is shutting down.` };
}

export function unknownOperation(operation: string): HostError {
  return { kind: 'unknown-operation', operation, message: `There is no operation named "${operation}".` };
}

export function aborted(operation: string): HostError {
  return { kind: 'aborted', operation, message: `"${operation}" was cancelled.` };
}

export function hostInternal(operation: string, detail: string): HostError {
  return { kind: 'host-internal', operation, message: `"${operation}" failed inside the app: ${detail}` };
}
