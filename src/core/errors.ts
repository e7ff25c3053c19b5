/**
 * Typed failures of platform calls. Each carries what a person needs to act on it; none carries a secret
 * (no token, key, signature or authorization code).
 */

export interface FieldIssue {
  /** Dotted field path, e.g. "pageSize" or "rejectImageUrls.0". */
  path: string;
  message: string;
}

/** The spec's documented error codes and the action it gives for each. */
export const SPEC_ERROR_ACTIONS: Readonly<Record<string, string>> = {
  '10001': 'Check the merchant ID and API version (the `merchant` and `ver` path parameters).',
  '10002': 'Check the request body format.',
  '10003': 'Check the signature algorithm and the signed string (signature settings and the registered public key).',
  '10004': 'Server error: retry the request.',
};

export type ApiError =
  /** Input failed validation before anything was sent. */
  | { kind: 'invalid-input'; message: string; issues: FieldIssue[] }
  /** A credential (token or signing key) is missing or unusable; nothing was sent. */
  | { kind: 'credentials'; message: string }
  /** The platform answered with an envelope whose code is not "0000". */
  | { kind: 'platform'; code: string; msg: string; action?: string; httpStatus: number }
  /** A non-2xx HTTP status (with the envelope, when the body had one). */
  | { kind: 'http'; status: number; envelope?: { code: string; msg: string }; retryAfterMs?: number }
  /** The connection failed. `sent` is false when the request surely never reached the server. */
  | { kind: 'network'; message: string; sent: boolean }
  /** No answer within the time limit. The request may have been processed. */
  | { kind: 'timeout'; message: string; timeoutMs: number }
  /** The answer is not the envelope, or its data does not match the spec (path names the field). */
  | { kind: 'protocol'; message: string; path?: string }
  /** A money-moving call whose result is unknown; `observed` is what a re-fetch found. Never resent blindly. */
  | { kind: 'outcome-unknown'; message: string; cause: ApiError; observed: OutcomeObservation };

export type OutcomeObservation =
  | { kind: 'found'; summary: string; order: Record<string, unknown> }
  | { kind: 'not-found' }
  | { kind: 'recheck-failed'; error: ApiError };

export function platformError(code: string, msg: string, httpStatus: number): ApiError {
  const action = SPEC_ERROR_ACTIONS[code];
  return action === undefined
    ? { kind: 'platform', code, msg, httpStatus }
    : { kind: 'platform', code, msg, action, httpStatus };
}

/** One readable sentence (or a few) for a person; never includes secrets because errors never hold them. */
export function describeApiError(error: ApiError): string {
  switch (error.kind) {
    case 'invalid-input':
      return `Invalid input, nothing was sent: ${error.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`;
    case 'credentials':
      return `${error.message} Nothing was sent.`;
    case 'platform':
      return `The platform refused the request: code ${error.code} (${error.msg}).${error.action ? ` Action: ${error.action}` : ' The spec documents no action for this code.'}`;
    case 'http': {
      const env = error.envelope ? ` code ${error.envelope.code} (${error.envelope.msg})` : '';
      // The envelope's code says more than the status: the spec's action for it comes first.
      const specAction = error.envelope ? SPEC_ERROR_ACTIONS[error.envelope.code] : undefined;
      return `The platform answered HTTP ${error.status}${env}. ${specAction ? `Action: ${specAction}` : httpAction(error.status)}`;
    }
    case 'network':
      return `Network error: ${error.message}. ${error.sent ? 'The request may have reached the platform.' : 'The request was not sent.'} Check the URL and your connection.`;
    case 'timeout':
      return `No answer within ${error.timeoutMs} ms: ${error.message}. Check your connection or raise the timeout.`;
    case 'protocol':
      return `Unexpected answer from the platform${error.path ? ` at ${error.path}` : ''}: ${error.message}. Check the base URL and API prefix settings.`;
    case 'outcome-unknown':
      return `${error.message} ${describeObservation(error.observed)}`;
  }
}

function describeObservation(observed: OutcomeObservation): string {
  switch (observed.kind) {
    case 'found':
      return `Re-fetched the order: ${observed.summary}. Check it before trying again — it was NOT resent.`;
    case 'not-found':
      return 'Re-fetching the order found nothing. It was NOT resent; check the order on the platform.';
    case 'recheck-failed':
      return `Re-fetching the order failed too (${describeApiError(observed.error)}). It was NOT resent; check the order before trying again.`;
  }
}

function httpAction(status: number): string {
  if (status === 401 || status === 403) return 'Action: check the access token (it may be wrong or expired).';
  if (status === 404) return 'Action: check the base URL and API prefix settings.';
  if (status === 429) return 'Action: the platform is rate limiting; wait and retry.';
  if (status >= 500) return 'Action: a platform-side failure; retry later.';
  return 'Action: check the request and the settings.';
}
