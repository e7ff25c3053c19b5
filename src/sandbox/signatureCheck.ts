/**
 * Buyer-sync request authentication: nonce / timestamp / signature headers, timestamp window, replay, and RSA
 * verification of exactly the string the client signs (core/signing's buildStringToSign).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { KeyObject } from 'node:crypto';
import type { SignatureProfile } from '../core/config/signatureProfile';
import { buildStringToSign, verifyText } from '../core/signing';
import { NonceCache } from './nonceCache';

export interface BuyerSyncVerifierOptions {
  publicKey: KeyObject;
  profile: SignatureProfile;
  timestampWindowSeconds: number;
  now: () => number;
}

export interface SignedRequest {
  headers: IncomingHttpHeaders;
  /** req.url exactly as received (path + query). */
  rawUrl: string;
  /** Raw body text. */
  body: string;
  /** Merchant ID from the path. */
  merchant: string;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

export class BuyerSyncVerifier {
  private readonly nonces: NonceCache;

  constructor(private readonly options: BuyerSyncVerifierOptions) {
    this.nonces = new NonceCache(2 * options.timestampWindowSeconds * 1000);
  }

  check(req: SignedRequest): SignatureCheck {
    const nonce = header(req.headers, 'nonce');
    const timestamp = header(req.headers, 'timestamp');
    const signature = header(req.headers, 'signature');
    if (nonce === undefined) return fail('nonce header missing');
    if (nonce.length < 6 || nonce.length > 32) return fail(`nonce must be 6 to 32 characters, got ${nonce.length}`);
    if (timestamp === undefined) return fail('timestamp header missing');
    if (!/^\d{1,16}$/.test(timestamp))
      return fail(`timestamp must be Unix seconds (digits only), got ${JSON.stringify(timestamp)}`);
    if (signature === undefined) return fail('signature header missing');
    if (signature.length === 0 || !BASE64.test(signature)) return fail('signature header is not standard Base64');

    const nowMs = this.options.now();
    const skewSeconds = Number(timestamp) - nowMs / 1000;
    const window = this.options.timestampWindowSeconds;
    if (Math.abs(skewSeconds) > window) {
      const hint = timestamp.length >= 13 ? ' (it looks like milliseconds; send seconds)' : '';
      return fail(
        `timestamp ${timestamp} is ${Math.round(Math.abs(skewSeconds))} s ${skewSeconds < 0 ? 'behind' : 'ahead of'} server time, allowed ±${window} s${hint}`,
      );
    }

    const stringToSign = buildStringToSign(this.options.profile, {
      method: 'POST',
      path: req.rawUrl,
      timestamp,
      nonce,
      body: req.body,
      merchant: req.merchant,
    });
    if (!verifyText(this.options.profile.algorithm, this.options.publicKey, stringToSign, signature)) {
      return fail(
        `signature does not verify (${this.options.profile.algorithm}, ${this.options.profile.mode} string to sign)`,
      );
    }
    if (this.nonces.has(nonce, nowMs)) return fail(`nonce ${JSON.stringify(nonce)} was already used (replay)`);
    this.nonces.remember(nonce, nowMs);
    return { ok: true };
  }
}

function fail(reason: string): SignatureCheck {
  return { ok: false, reason };
}
