import { SellerApi } from '../api/sellerApi';
import type { PlatformConfig } from '../config/platformConfig';
import { describeApiError, type ApiError } from '../../shared/errors/apiError';
import type { HttpTransport } from '../http/transport';
import type { KeyStore } from '../keys/keyStore';
import { APP_CREDENTIAL_HINTS, profileCredentials, type CredentialHints } from '../credentials/profileCredentials';
import type { SecretStore } from '../secrets/secretStore';
import { inspectSignature } from './signatureInspector';

export type CheckStatus = 'ok' | 'failed';

export interface ConnectionCheck {
  id: 'token' | 'signature';
  title: string;
  status: CheckStatus;
  /** What was found. Never holds a secret. */
  detail: string;
  /** What to do next (also on success, where there is something left to do). */
  action?: string;
}

export interface ConnectionReport {
  ok: boolean;
  checks: ConnectionCheck[];
}

export interface TestConnectionOptions {
  profileId: string;
  config: PlatformConfig;
  transport: HttpTransport;
  secrets: SecretStore;
  keys: KeyStore;
  hints?: CredentialHints;
  now?: () => number;
}

/**
 * Checks a profile without side effects on the platform:
 * 1. token — one order-list call with pageSize 1 (no retries) proves the base URL, the API prefix and the token;
 * 2. signature — signs a sample buyer-sync request with the stored key and verifies it with the key's public key
 *    (nothing is sent: a real buyer sync would register a buyer and issue a code).
 */
export async function testConnection(options: TestConnectionOptions): Promise<ConnectionReport> {
  const hints = options.hints ?? APP_CREDENTIAL_HINTS;
  const checks = [await checkToken(options, hints), await checkSignature(options, hints)];
  return { ok: checks.every((c) => c.status === 'ok'), checks };
}

async function checkToken(options: TestConnectionOptions, hints: CredentialHints): Promise<ConnectionCheck> {
  const title = 'Access token (order list, page size 1)';
  const stored = await options.secrets.get(options.profileId, 'token');
  if (!stored.ok)
    return { id: 'token', title, status: 'failed', detail: stored.error.message, action: stored.error.action };
  if (stored.value === null) {
    return {
      id: 'token',
      title,
      status: 'failed',
      detail: 'No access token is stored for this profile; nothing was sent.',
      action: capitalise(hints.setToken(options.profileId)) + '.',
    };
  }
  const api = new SellerApi({
    config: options.config,
    transport: options.transport,
    credentials: profileCredentials(options.profileId, options.secrets, options.keys, hints),
    retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    ...(options.now ? { now: options.now } : {}),
  });
  const page = await api.listOrders({ pageIndex: 1, pageSize: 1 });
  if (page.ok) {
    return {
      id: 'token',
      title,
      status: 'ok',
      detail: `The platform at ${options.config.baseUrl}${options.config.apiPrefix} accepted the token (${page.value.data.totalCount} orders visible).`,
    };
  }
  return {
    id: 'token',
    title,
    status: 'failed',
    detail: describeApiError(page.error),
    action: tokenAction(page.error, options, hints),
  };
}

function tokenAction(error: ApiError, options: TestConnectionOptions, hints: CredentialHints): string {
  const where = `${options.config.baseUrl}${options.config.apiPrefix}`;
  switch (error.kind) {
    case 'http':
      if (error.status === 401 || error.status === 403)
        return `The token was refused: get a valid token from the platform and store it (${hints.setToken(options.profileId)}).`;
      if (error.status === 404)
        return `Nothing answers at ${where}/seller/order: check the base URL and the API prefix of the profile.`;
      if (error.status === 429) return 'The platform is rate limiting: wait a minute and test again.';
      if (error.status >= 500) return 'The platform failed: test again later; if it persists, contact the platform.';
      return 'Check the base URL and API prefix of the profile.';
    case 'platform':
      return (
        error.action ??
        `The platform refused the request with code ${error.code}: check the token (${hints.setToken(options.profileId)}) and the merchant account.`
      );
    case 'network':
      return `Could not reach ${options.config.baseUrl}: check the base URL, your network and any proxy or firewall.`;
    case 'timeout':
      return `${options.config.baseUrl} did not answer in time: check your network, or raise the profile's timeout.`;
    case 'protocol':
      return `What answers at ${where} is not the platform's seller API: check the base URL and the API prefix.`;
    case 'credentials':
      return capitalise(hints.setToken(options.profileId)) + '.';
    default:
      return 'Check the profile settings and test again.';
  }
}

async function checkSignature(options: TestConnectionOptions, hints: CredentialHints): Promise<ConnectionCheck> {
  const { signatureProfile } = options.config;
  const title = `Signature self-check (${signatureProfile.mode}, ${signatureProfile.algorithm})`;
  const key = await options.keys.load(options.profileId);
  if (!key.ok) return { id: 'signature', title, status: 'failed', detail: key.error.message, action: key.error.action };
  if (key.value === null) {
    return {
      id: 'signature',
      title,
      status: 'failed',
      detail: 'This profile has no RSA private key, so buyer sync and SSO links cannot be signed.',
      action: `${capitalise(hints.setKey(options.profileId))}, then register its public key with the platform.`,
    };
  }
  let inspection;
  try {
    inspection = inspectSignature({
      config: options.config,
      privateKey: key.value,
    });
  } catch (e) {
    return {
      id: 'signature',
      title,
      status: 'failed',
      detail: `Signing failed (${e instanceof Error ? e.message : String(e)}).`,
      action: `Check the signature settings of the profile; ${hints.setKey(options.profileId)} if the key is damaged.`,
    };
  }
  if (!inspection.selfCheck) {
    return {
      id: 'signature',
      title,
      status: 'failed',
      detail: 'A signature made with the stored key does not verify with its own public key.',
      action: `Replace the key (${hints.setKey(options.profileId)}) and register the new public key with the platform.`,
    };
  }
  const stored = await options.keys.info(options.profileId);
  if (stored.ok && stored.value && stored.value.fingerprint.hex !== inspection.keyFingerprint.hex) {
    return {
      id: 'signature',
      title,
      status: 'failed',
      detail: 'The saved public key file does not belong to the stored private key.',
      action: `Import or generate the key again (${hints.setKey(options.profileId)}).`,
    };
  }
  return {
    id: 'signature',
    title,
    status: 'ok',
    detail: `Signed a sample buyer-sync request for ${inspection.url} and verified it with the key's public key (SHA-256 fingerprint ${inspection.keyFingerprint.hex}).`,
    action:
      'The platform must have this public key registered: compare its fingerprint with the one the platform shows.',
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
