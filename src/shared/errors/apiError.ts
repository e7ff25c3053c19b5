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
  | {
      kind: 'protocol';
      message: string;
      path?: string;
      /**
       * The answer passed the maxResponseMB cap (reading stopped there): the limit, and the ID of the first order
       * the answer began to list, when its first characters named one.
       */
      tooLarge?: { limitMB: number; firstListedId?: string };
    }
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

/**
 * What the sandbox means by its own codes (the spec defines none beyond 10001–10004). A real platform may use the
 * same numbers differently, so the meaning is offered as the sandbox's, with the question a merchant should ask.
 */
export const SANDBOX_ERROR_MEANINGS: Readonly<Record<string, { meaning: string; action: string }>> = {
  '20001': {
    meaning: 'the sandbox uses 20001 for "order not found"',
    action: 'Check the order ID (take one from the order list).',
  },
  '20002': {
    meaning: 'the sandbox uses 20002 for "no after-sales request awaiting review"',
    action: 'Already decided? Re-fetch the order and check its after-sales status before deciding again.',
  },
};

/** An error split for display: what happened, the platform's code when there is one, and what to do. */
export interface ErrorParts {
  message: string;
  /** The platform's error code (or the HTTP status as "HTTP 503" when no envelope came back). */
  code?: string;
  action?: string;
}

/** The message, code and action of an error; never includes secrets because errors never hold them. */
export function apiErrorParts(error: ApiError): ErrorParts {
  switch (error.kind) {
    case 'invalid-input':
      return {
        message: `Invalid input, nothing was sent: ${error.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`,
      };
    case 'credentials':
      return { message: `${error.message} Nothing was sent.` };
    case 'platform': {
      const sandbox = SANDBOX_ERROR_MEANINGS[error.code];
      const message = `The platform refused the request: code ${error.code} (${error.msg}).`;
      if (error.action) return { message, code: error.code, action: error.action };
      if (sandbox)
        return { message: `${message} Not a spec code: ${sandbox.meaning}.`, code: error.code, action: sandbox.action };
      return { message: `${message} The spec documents no action for this code.`, code: error.code };
    }
    case 'http': {
      const env = error.envelope ? ` code ${error.envelope.code} (${error.envelope.msg})` : '';
      // The envelope's code says more than the status: the spec's action for it comes first.
      const specAction = error.envelope ? SPEC_ERROR_ACTIONS[error.envelope.code] : undefined;
      return {
        message: `The platform answered HTTP ${error.status}${env}.`,
        code: error.envelope?.code ?? `HTTP ${error.status}`,
        action: specAction ?? httpAction(error.status),
      };
    }
    case 'network':
      return {
        message: `Network error: ${error.message}. ${error.sent ? 'The request may have reached the platform.' : 'The request was not sent.'}`,
        action: 'Check the URL and your connection.',
      };
    case 'timeout':
      return {
        message: `No answer within ${error.timeoutMs} ms: ${error.message}.`,
        action: 'Check your connection or raise the timeout.',
      };
    case 'protocol':
      if (error.tooLarge)
        return {
          message: `The platform's answer is larger than ${error.tooLarge.limitMB} MB once decompressed (the maxResponseMB limit); reading stopped there.`,
          action:
            'The answer itself is too big (an order with very large fields can make it so): raise maxResponseMB only if the platform really sends answers that large.',
        };
      return {
        message: `Unexpected answer from the platform${error.path ? ` at ${error.path}` : ''}: ${error.message}.`,
        action: 'Check the base URL and API prefix settings.',
      };
    case 'outcome-unknown':
      return { message: `${error.message} ${describeObservation(error.observed)}` };
  }
}

/** One readable sentence (or a few) for a person: the message, then "Action: …". */
export function describeApiError(error: ApiError): string {
  const { message, action } = apiErrorParts(error);
  return action ? `${message} Action: ${action}` : message;
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
  if (status === 401 || status === 403) return 'check the access token (it may be wrong or expired).';
  if (status === 404) return 'check the base URL and API prefix settings.';
  if (status === 429) return 'the platform is rate limiting; wait and retry.';
  if (status >= 500) return 'a platform-side failure; retry later.';
  return 'check the request and the settings.';
}
