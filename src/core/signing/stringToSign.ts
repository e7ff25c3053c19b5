import type { SignatureProfile } from '../config/signatureProfile';

/** The parts of a buyer-sync request that a signature can cover. */
export interface SigningInput {
  /** Upper-case HTTP method, e.g. "POST". */
  method: string;
  /** The request URL's path and query exactly as sent, e.g. "/pay-fac/M1/v1/user". */
  path: string;
  /** Unix seconds, as sent in the `timestamp` header. */
  timestamp: string;
  /** As sent in the `nonce` header. */
  nonce: string;
  /** The exact body text sent. */
  body: string;
  /** The merchant ID in the path. */
  merchant: string;
}

/** Turns the two-character escapes \n, \t and \\ typed in a settings field into the characters they name. */
export function unescapeTemplate(template: string): string {
  return template.replace(/\\([nt\\])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : '\\'));
}

/** The exact string that is signed under a signature profile. */
export function buildStringToSign(profile: SignatureProfile, input: SigningInput): string {
  switch (profile.mode) {
    case 'canonical':
      return `${input.method}\n${input.path}\n${input.timestamp}\n${input.nonce}\n${input.body}\n`;
    case 'body':
      return input.body;
    case 'template': {
      const template = unescapeTemplate(profile.template ?? '');
      return template.replace(
        /\{(method|path|timestamp|nonce|body|merchant)\}/g,
        (_m, key: keyof SigningInput) => input[key],
      );
    }
  }
}
