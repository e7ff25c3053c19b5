import type { ApiError } from '../core/errors';
import { ExitCode } from './io';

export function exitCodeFor(error: ApiError): ExitCode {
  switch (error.kind) {
    case 'invalid-input':
    case 'credentials':
      return ExitCode.invalidInput;
    case 'platform':
    case 'http':
      return ExitCode.refused;
    case 'network':
    case 'timeout':
      return ExitCode.network;
    case 'outcome-unknown':
      return ExitCode.outcomeUnknown;
    case 'protocol':
      return ExitCode.other;
  }
}
