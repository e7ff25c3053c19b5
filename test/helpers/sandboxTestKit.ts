/** Helpers for the sandbox's own (in-process) tests: keys, a fake clock, and raw HTTP calls over loopback with fetch. */
import type { KeyObject } from 'node:crypto';
import { DEFAULT_SIGNATURE_PROFILE, type SignatureProfile } from '../../src/core/config/signatureProfile';
import { buildStringToSign, newNonce, signText } from '../../src/core/signing';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import type { SandboxOptions } from '../../src/sandbox/types';
import { testKeys } from './sandboxFixture';

/** One RSA key pair per test process (generation is slow): the same as the fixture's. */
export function testKeyPair(): { privateKey: KeyObject; publicKeyPem: string } {
  return testKeys();
}

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(public ms = Date.UTC(2026, 2, 15, 12, 0, 0)) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<SandboxHandle> {
  return startSandbox({ publicKeyPem: testKeyPair().publicKeyPem, orders: 300, ...options });
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined if it is not JSON. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read arbitrary fields
}

export async function readResponse(res: Response): Promise<RawResponse> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** POST to a seller endpoint. A string body is sent verbatim (so tests can write integer literals by hand). */
export async function postSeller(
  h: SandboxHandle,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const res = await fetch(`${h.baseUrl}${h.apiPrefix}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return readResponse(res);
}

export function listOrders(h: SandboxHandle, body: unknown, headers?: Record<string, string>): Promise<RawResponse> {
  return postSeller(h, '/seller/order', body, headers);
}

export function audit(
  h: SandboxHandle,
  orderId: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<RawResponse> {
  return postSeller(h, `/seller/order/${orderId}/after-sales/seller-audit`, body, headers);
}

export interface SignedCallOptions {
  merchant?: string;
  ver?: string;
  nonce?: string;
  /** Unix seconds as text; default: from `nowMs` (or Date.now). */
  timestamp?: string;
  nowMs?: number;
  privateKey?: KeyObject;
  profile?: SignatureProfile;
  /** Override individual headers (undefined removes one). */
  headers?: Record<string, string | undefined>;
  /** Appended to the path, e.g. '?x=1'. */
  query?: string;
  /** Sign this body text but send `body` (to prove the body is covered). */
  signedBody?: string;
  /** Sign this path but send the real one (to prove the path and query are covered). */
  signedPath?: string;
}

/** A buyer-sync call signed as the client signs it (core/signing), path including the platform prefix. */
export async function signedBuyerSync(
  h: SandboxHandle,
  body: unknown,
  o: SignedCallOptions = {},
): Promise<RawResponse & { nonce: string }> {
  const merchant = o.merchant ?? h.merchantId;
  const path = `${new URL(h.platformUrl).pathname}/pay-fac/${encodeURIComponent(merchant)}/${o.ver ?? 'v1'}/user${o.query ?? ''}`;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const nonce = o.nonce ?? newNonce();
  const timestamp = o.timestamp ?? String(Math.floor((o.nowMs ?? Date.now()) / 1000));
  const profile = o.profile ?? DEFAULT_SIGNATURE_PROFILE;
  const stringToSign = buildStringToSign(profile, {
    method: 'POST',
    path: o.signedPath ?? path,
    timestamp,
    nonce,
    body: o.signedBody ?? text,
    merchant,
  });
  const signature = signText(profile.algorithm, o.privateKey ?? testKeyPair().privateKey, stringToSign);
  const headers: Record<string, string> = { 'content-type': 'application/json', nonce, timestamp, signature };
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const res = await fetch(`${h.origin}${path}`, { method: 'POST', headers, body: text });
  return { ...(await readResponse(res)), nonce };
}

/** GET the SSO landing page for an item with an authorization code (URL-encoded unless `raw`). */
export async function landing(h: SandboxHandle, itemId: string, code: string, raw = false): Promise<RawResponse> {
  const res = await fetch(
    `${h.platformUrl}/items/${itemId}?authorizationCode=${raw ? code : encodeURIComponent(code)}`,
  );
  return readResponse(res);
}
