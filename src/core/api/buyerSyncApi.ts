import type { KeyObject } from 'node:crypto';
import { buyerSyncResultSchema, type BuyerSyncResult } from '../../shared/domain/order';
import { buyerSyncRequestSchema, itemIdSchema, type BuyerSyncRequest } from '../../shared/domain/requests';
import type { ApiError } from '../../shared/errors/apiError';
import { err, ok, type Result } from '../result';
import { newNonce } from '../signing/nonce';
import { signText } from '../signing/rsaSignature';
import { buildStringToSign } from '../signing/stringToSign';
import {
  loadSecret,
  resolveDeps,
  retryContextOf,
  validateInput,
  type ClientDeps,
  type ResolvedDeps,
} from './clientDeps';
import type { Decoded } from './envelope';
import { isTransient, withRetry } from './retry';
import { sendAttempt } from './sendAttempt';

/** The signed request exactly as it goes on the wire (for the signature inspector and tests). */
export interface SignedRequest {
  url: string;
  /** Path and query as sent: what the canonical string-to-sign covers. */
  path: string;
  headers: { 'Content-Type': 'application/json'; nonce: string; timestamp: string; signature: string };
  body: string;
  stringToSign: string;
}

/** Serialises the buyer once; the same text is signed and sent. */
export function buyerSyncBody(request: BuyerSyncRequest): string {
  return JSON.stringify({
    merchantUserNo: request.merchantUserNo,
    email: request.email,
    ...(request.firstName !== undefined ? { firstName: request.firstName } : {}),
    ...(request.lastName !== undefined ? { lastName: request.lastName } : {}),
  });
}

/** The buyer-sync endpoint (RSA-signed) and the SSO link built from its authorization code. */
export class BuyerSyncApi {
  private readonly deps: ResolvedDeps;

  constructor(deps: ClientDeps) {
    this.deps = resolveDeps(deps);
  }

  url(): string {
    const { platformUrl, merchantId, apiVersion } = this.deps.config;
    return `${platformUrl}/pay-fac/${encodeURIComponent(merchantId)}/${encodeURIComponent(apiVersion)}/user`;
  }

  /** Builds and signs one attempt: a fresh nonce and timestamp every time. */
  /**
   * `stamp` replaces the live timestamp and a fresh nonce: only the signature inspector passes one (a fixed example
   * the platform refuses); every request that is sent is stamped with the clock and a new nonce.
   */
  signRequest(request: BuyerSyncRequest, key: KeyObject, stamp?: { timestamp: string; nonce: string }): SignedRequest {
    const { config, now } = this.deps;
    const url = this.url();
    const parsed = new URL(url);
    const path = parsed.pathname + parsed.search;
    const body = buyerSyncBody(request);
    const timestamp = stamp?.timestamp ?? String(Math.floor(now() / 1000));
    const nonce = stamp?.nonce ?? newNonce();
    const stringToSign = buildStringToSign(config.signatureProfile, {
      method: 'POST',
      path,
      timestamp,
      nonce,
      body,
      merchant: config.merchantId,
    });
    const signature = signText(config.signatureProfile.algorithm, key, stringToSign);
    return {
      url,
      path,
      headers: { 'Content-Type': 'application/json', nonce, timestamp, signature },
      body,
      stringToSign,
    };
  }

  /** Registers or updates the buyer; returns the platform user ID and a single-use authorization code. */
  async syncBuyer(input: unknown): Promise<Result<BuyerSyncResult, ApiError>> {
    const request = validateInput(buyerSyncRequestSchema, input);
    if (!request.ok) return request;
    const key = await loadSecret(this.deps.credentials.signingKey());
    if (!key.ok) return key;
    const result = await withRetry(retryContextOf(this.deps), isTransient, (n) =>
      this.attempt(request.value, key.value, n),
    );
    return result.ok ? ok(result.value.data) : result;
  }

  private async attempt(
    request: BuyerSyncRequest,
    key: KeyObject,
    attempt: number,
  ): Promise<Result<Decoded<BuyerSyncResult>, ApiError>> {
    let signed: SignedRequest;
    try {
      signed = this.signRequest(request, key);
    } catch (e) {
      return err({ kind: 'credentials', message: `Signing failed: ${e instanceof Error ? e.message : String(e)}.` });
    }
    return sendAttempt(this.deps, {
      endpoint: 'buyer-sync',
      attempt,
      url: signed.url,
      headers: { ...signed.headers },
      body: signed.body,
      schema: buyerSyncResultSchema,
    });
  }

  /**
   * A fresh single-use SSO link to a platform item page: syncs the buyer (which issues a new code) and
   * appends the code. The code is returned inside the link only; it is never cached or logged.
   */
  async createSsoLink(buyer: unknown, itemId: unknown): Promise<Result<{ url: string; userId: string }, ApiError>> {
    const item = validateInput(itemIdSchema, itemId);
    if (!item.ok) return item;
    const synced = await this.syncBuyer(buyer);
    if (!synced.ok) return synced;
    return ok({
      url: ssoLink(this.deps.config.platformUrl, item.value, synced.value.authorizationCode),
      userId: synced.value.userId,
    });
  }
}

/** `{platform_url}/items/<item_id>?authorizationCode=<code>`, both parts URL-encoded. */
export function ssoLink(platformUrl: string, itemId: string, authorizationCode: string): string {
  return `${platformUrl.replace(/\/+$/, '')}/items/${encodeURIComponent(itemId)}?authorizationCode=${encodeURIComponent(authorizationCode)}`;
}
