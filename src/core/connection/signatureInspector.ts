import type { KeyObject } from 'node:crypto';
import { BuyerSyncApi } from '../api/buyerSyncApi';
import type { PlatformConfig } from '../config/platformConfig';
import {
  fingerprintOf,
  parsePublicKey,
  publicKeyOf,
  type KeyFingerprint,
  type PublicKeyParseError,
} from '../keys/keyMaterial';
import { ok, type Result } from '../result';
import type { BuyerSyncRequest } from '../../shared/domain/requests';
import { verifyText } from '../signing/rsaSignature';
import type { SignatureAlgorithm, SignatureProfile } from '../config/signatureProfile';
import { fixedCredentials } from '../credentials/credentials';

/**
 * The inspector's output is an example that cannot be replayed: whoever sees it (the page that asked, a screenshot,
 * a support ticket) could otherwise post it to the platform unchanged and get a live login code for its buyer. So it
 * is signed with a fixed, clearly past timestamp (2001-09-09T01:46:40Z: far outside any platform's window) and a
 * nonce marked as an example, for the example buyer unless the merchant names one in the terminal (`sign inspect
 * --user-no`); the app's page cannot choose the buyer at all. The string-to-sign, headers and signature are still
 * exactly what the client computes for those values, so the self-check and a pasted key's check mean what they say.
 */
export const EXAMPLE_STAMP = { timestamp: '1000000000', nonce: 'EXAMPLE-NONCE-NOT-SENDABLE' } as const;

/** The example buyer the inspector signs when the merchant gives none. */
export const EXAMPLE_BUYER: BuyerSyncRequest = { merchantUserNo: 'example-buyer', email: 'buyer@example.com' };

/** One buyer-sync request exactly as it would go on the wire under a profile's signature settings. Nothing is sent. */
export interface SignatureInspection {
  method: 'POST';
  url: string;
  path: string;
  signatureProfile: SignatureProfile;
  /** The exact string that is signed (UTF-8). */
  stringToSign: string;
  /** The same with control characters made visible: a newline shows as "\n" and ends the line. */
  stringToSignVisible: string;
  /** Bytes of the UTF-8 string-to-sign. */
  stringToSignBytes: number;
  headers: { 'Content-Type': 'application/json'; nonce: string; timestamp: string; signature: string };
  body: string;
  /** The fingerprint of the public key that belongs to the signing key. */
  keyFingerprint: KeyFingerprint;
  /** Whether the signature verifies with the signing key's own public key (a self-check). */
  selfCheck: boolean;
}

export interface InspectOptions {
  config: PlatformConfig;
  privateKey: KeyObject;
  buyer?: BuyerSyncRequest;
}

/** Signs the example buyer-sync request (EXAMPLE_STAMP) with the real client code and shows every part of it. */
export function inspectSignature(options: InspectOptions): SignatureInspection {
  const api = new BuyerSyncApi({
    config: options.config,
    // Never used: nothing is sent.
    transport: { send: () => Promise.reject(new Error('the signature inspector sends nothing')) },
    credentials: fixedCredentials({ key: options.privateKey }),
  });
  const signed = api.signRequest(options.buyer ?? EXAMPLE_BUYER, options.privateKey, EXAMPLE_STAMP);
  const publicKey = publicKeyOf(options.privateKey);
  return {
    method: 'POST',
    url: signed.url,
    path: signed.path,
    signatureProfile: options.config.signatureProfile,
    stringToSign: signed.stringToSign,
    stringToSignVisible: visibleControlCharacters(signed.stringToSign),
    stringToSignBytes: Buffer.byteLength(signed.stringToSign, 'utf8'),
    headers: signed.headers,
    body: signed.body,
    keyFingerprint: fingerprintOf(publicKey),
    selfCheck: verifyText(
      options.config.signatureProfile.algorithm,
      publicKey,
      signed.stringToSign,
      signed.headers.signature,
    ),
  };
}

/**
 * Control characters made visible: "\n" (and a real line break after it, so the lines still read as lines), "\r",
 * "\t", "\\" for a backslash and "\u{…}" for the others. A trailing newline is therefore plain to see.
 */
export function visibleControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return text.replace(/[\\\u0000-\u001f\u007f\u2028\u2029]/gu, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '\n':
        return '\\n\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u{${c.codePointAt(0)!.toString(16)}}`;
    }
  });
}

export interface VerificationReport {
  valid: boolean;
  algorithm: SignatureAlgorithm;
  publicKeyFingerprint: KeyFingerprint;
  /** When invalid: what to check. */
  action?: string;
}

/**
 * Verifies a Base64 signature over `stringToSign` with a public key the merchant pasted (e.g. the one registered
 * with the platform). Errors only when the pasted key is unusable; a wrong signature is `valid: false`.
 */
export function verifyWithPastedKey(options: {
  publicKey: string;
  algorithm: SignatureAlgorithm;
  stringToSign: string;
  signature: string;
}): Result<VerificationReport, PublicKeyParseError> {
  const key = parsePublicKey(options.publicKey);
  if (!key.ok) return key;
  const valid = verifyText(options.algorithm, key.value, options.stringToSign, options.signature.trim());
  return ok({
    valid,
    algorithm: options.algorithm,
    publicKeyFingerprint: fingerprintOf(key.value),
    ...(valid
      ? {}
      : {
          action:
            'The signature does not match this public key. Check that it is the public key of the profile’s private key (compare the fingerprints), that the string-to-sign is copied exactly (line breaks included) and that the algorithm matches.',
        }),
  });
}

/** Whether a pasted public key is the public half of the profile's private key. */
export function sameKeyPair(publicKeyText: string, privateKey: KeyObject): Result<boolean, PublicKeyParseError> {
  const key = parsePublicKey(publicKeyText);
  if (!key.ok) return key;
  return ok(fingerprintOf(key.value).hex === fingerprintOf(privateKey).hex);
}
