import type { Result } from '../core/result';
import type { AppError } from '../shared/errors/appError';
import { CliError } from './io';

/** A use case's failure as the CLI's error: the same kind (so the same exit code), message, code and action. */
export function appFailure(error: AppError): CliError {
  return new CliError(error.message, error.kind, {
    ...(error.action !== undefined ? { action: error.action } : {}),
    ...(error.code !== undefined ? { code: error.code } : {}),
  });
}

/** The value of a use case's Result, or its failure thrown for the runner to report. */
export function unwrap<T>(result: Result<T, AppError>): T {
  if (!result.ok) throw appFailure(result.error);
  return result.value;
}

/** "Message Action: action", as the CLI prints an error on one line. */
export function describeAppError(error: AppError): string {
  return error.action ? `${error.message} Action: ${error.action}` : error.message;
}
