import { describe, expect, it } from 'vitest';
import { apiErrorParts, describeApiError, platformError } from './apiError';

describe('error parts (message, code, action)', () => {
  it('a spec code carries the spec action', () => {
    expect(apiErrorParts(platformError('10003', 'signature error', 200))).toEqual({
      message: 'The platform refused the request: code 10003 (signature error).',
      code: '10003',
      action: 'Check the signature algorithm and the signed string (signature settings and the registered public key).',
    });
  });

  it('a repeated decision (20002) gets the sandbox meaning and asks whether it was already decided', () => {
    const parts = apiErrorParts(platformError('20002', 'no after-sales request awaiting review', 200));
    expect(parts.code).toBe('20002');
    expect(parts.message).toMatch(
      /Not a spec code: the sandbox uses 20002 for "no after-sales request awaiting review"/,
    );
    expect(parts.action).toMatch(/^Already decided\?/);
  });

  it('an unknown code says no action is documented', () => {
    expect(describeApiError(platformError('99999', 'odd', 200))).toMatch(
      /The spec documents no action for this code\.$/,
    );
  });

  it('an HTTP status without an envelope is its code; the human text joins message and action', () => {
    const error = { kind: 'http', status: 503 } as const;
    expect(apiErrorParts(error)).toMatchObject({ code: 'HTTP 503', action: 'a platform-side failure; retry later.' });
    expect(describeApiError(error)).toBe(
      'The platform answered HTTP 503. Action: a platform-side failure; retry later.',
    );
  });
});
