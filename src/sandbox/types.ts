/** Public option types of the sandbox platform. */
import type { SignatureProfile } from '../core/config/signatureProfile';
import type { RandomSource } from '../core/random/prng';

export interface FaultOptions {
  /** Added before answering every request. */
  latencyMs?: number;
  /** 0..1 probability of answering envelope code 10004 (HTTP 200, data null) without processing. */
  rate10004?: number;
  /** Probability of HTTP 503 without processing. */
  rate5xx?: number;
  /** Probability of destroying the socket without answering (before processing). */
  rateDrop?: number;
  /** Probability of answering HTTP 200 with a non-JSON body (without processing). */
  rateMalformed?: number;
  /** Default: a PRNG seeded from the sandbox seed. */
  random?: RandomSource;
}

export const SCRIPTED_FAULTS = [
  'platform-10004',
  'http-500',
  'http-503',
  'http-429',
  'drop-before-processing',
  'drop-after-processing',
  'hang-after-processing',
  'malformed-body',
  'not-envelope',
] as const;
export type ScriptedFault = (typeof SCRIPTED_FAULTS)[number];

export const ENDPOINTS = ['orders', 'audit', 'buyer-sync'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** Applied deterministically after every Nth successful order-list request. */
export interface ChurnOptions {
  everyNthOrderRequest: number;
  insert: number;
  update: number;
}

export interface SandboxOptions {
  /** Default '127.0.0.1' (loopback only). */
  host?: string;
  /** Default 0 = random free port. */
  port?: number;
  /** Default 300; benchmarks use 100000. */
  orders?: number;
  /** Default 1; same seed + count (+ start clock) => identical data. */
  seed?: number;
  /** Default 'sandbox-merchant'. */
  merchantId?: string;
  /** Bearer token; default 'sandbox-token'. */
  token?: string;
  /** Default '/merchant-api'. */
  apiPrefix?: string;
  /** Default '/platform'; {platform_url} = origin + this prefix. */
  platformPathPrefix?: string;
  /** The merchant's RSA public key (PEM), used to verify buyer-sync signatures. */
  publicKeyPem: string;
  /** Default DEFAULT_SIGNATURE_PROFILE. */
  signatureProfile?: SignatureProfile;
  /** Default 300. */
  timestampWindowSeconds?: number;
  /** Default 60_000. */
  authCodeTtlMs?: number;
  /** Clock in ms; default Date.now. */
  now?: () => number;
  faults?: FaultOptions;
  churn?: ChurnOptions;
  /**
   * Keeps the data set in this directory (see persistentState.ts): a start with a saved state serves it (its seed
   * and count win over `seed` and `orders`), and every change is saved. Default: in memory only.
   */
  stateDir?: string;
  /**
   * Send the sandbox's extra order fields (today `orderAfterSalesStatus`) beside the spec's. For demos only:
   * default false, the spec's Order exactly (see wireOrder.ts).
   */
  extendedOrderFields?: boolean;
  /** The ID of a newly generated data set; default a random UUID. */
  dataSetId?: string;
}
