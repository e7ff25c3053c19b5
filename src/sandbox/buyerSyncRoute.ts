/** Buyer sync `POST {platform}/pay-fac/{merchant}/{ver}/user` (RSA signature) and the SSO landing page. */
import type { AuthCodeStore } from './authCodes';
import type { BuyerRegistry } from './buyers';
import {
  CODES,
  errorResponse,
  escapeHtml,
  htmlResponse,
  successResponse,
  type SandboxRequest,
  type SandboxResponse,
} from './envelope';
import { readJsonObject } from './jsonBody';
import { validateBuyerSyncBody } from './requestValidation';
import type { BuyerSyncVerifier } from './signatureCheck';

export const SUPPORTED_VERSION = 'v1';

export interface BuyerSyncContext {
  merchantId: string;
  verifier: BuyerSyncVerifier;
  buyers: BuyerRegistry;
  authCodes: AuthCodeStore;
  now: () => number;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function handleBuyerSync(
  ctx: BuyerSyncContext,
  req: SandboxRequest,
  merchantSegment: string,
  verSegment: string,
): SandboxResponse {
  const merchant = decodeSegment(merchantSegment);
  if (merchant !== ctx.merchantId) {
    return errorResponse(
      'buyer-sync',
      ctx.now(),
      CODES.urlParse,
      `unknown merchant ${JSON.stringify(merchant ?? merchantSegment)}`,
      404,
    );
  }
  if (verSegment !== SUPPORTED_VERSION) {
    return errorResponse(
      'buyer-sync',
      ctx.now(),
      CODES.urlParse,
      `unsupported version ${JSON.stringify(verSegment)} (current is ${SUPPORTED_VERSION})`,
      404,
    );
  }
  const check = ctx.verifier.check({ headers: req.headers, rawUrl: req.rawUrl, body: req.body, merchant });
  if (!check.ok) return errorResponse('buyer-sync', ctx.now(), CODES.signature, check.reason);
  const body = readJsonObject(req.headers['content-type'], req.body);
  if (!body.ok) return errorResponse('buyer-sync', ctx.now(), CODES.jsonParse, body.reason);
  const input = validateBuyerSyncBody(body.value);
  if (!input.ok) return errorResponse('buyer-sync', ctx.now(), CODES.jsonParse, input.message);
  const account = ctx.buyers.upsert(input.value, ctx.now());
  const code = ctx.authCodes.issue(account.merchantUserNo, account.userId);
  return successResponse('buyer-sync', ctx.now(), { userId: account.userId, authorizationCode: code.code });
}

function page(title: string, text: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><p>${escapeHtml(text)}</p></body></html>`;
}

export const LANDING_INVALID_TEXT = 'authorization code invalid or already used';

/** `GET {platform}/items/{itemId}?authorizationCode=CODE`: consumes a valid code and "signs the buyer in". */
export function handleLanding(ctx: BuyerSyncContext, req: SandboxRequest, itemIdSegment: string): SandboxResponse {
  const itemId = decodeSegment(itemIdSegment) ?? itemIdSegment;
  const query = req.rawUrl.includes('?') ? req.rawUrl.slice(req.rawUrl.indexOf('?') + 1) : '';
  const code = new URLSearchParams(query).get('authorizationCode');
  const result = code === null ? undefined : ctx.authCodes.redeem(code, itemId);
  if (!result?.ok) return htmlResponse(401, page('Sign-in failed', LANDING_INVALID_TEXT));
  return htmlResponse(200, page('Signed in', `Signed in as ${result.record.merchantUserNo}, item ${itemId}`));
}
