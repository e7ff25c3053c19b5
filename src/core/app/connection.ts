import type { AppError } from '../../shared/errors/appError';
import { buyerSyncRequestSchema } from '../../shared/domain/requests';
import type { Credentials } from '../credentials/credentials';
import type { PlatformConfig } from '../config/platformConfig';
import { testConnection, type ConnectionReport } from '../connection/testConnection';
import type { HttpTransport } from '../http/transport';
import type { KeyStore } from '../keys/keyStore';
import { err, ok, type Result } from '../result';
import type { CredentialHints } from '../credentials/profileCredentials';
import type { SecretStore } from '../secrets/secretStore';
import {
  inspectSignature,
  verifyWithPastedKey,
  type SignatureInspection,
  type VerificationReport,
  EXAMPLE_BUYER,
} from '../connection/signatureInspector';

export interface ConnectionPorts {
  secrets: SecretStore;
  keys: KeyStore;
  /** A fresh HTTP transport per check. */
  transport: () => HttpTransport;
  now?: () => number;
}

/**
 * Checks a profile: one order-list call (the token) and a signature self-check (the key). A failed check is part
 * of the report, not an error: the report says what failed and what to do.
 */
export async function testProfileConnection(
  ports: ConnectionPorts,
  input: { profileId: string; config: PlatformConfig; hints?: CredentialHints },
): Promise<Result<ConnectionReport, AppError>> {
  return ok(
    await testConnection({
      profileId: input.profileId,
      config: input.config,
      transport: ports.transport(),
      secrets: ports.secrets,
      keys: ports.keys,
      ...(input.hints ? { hints: input.hints } : {}),
      ...(ports.now ? { now: ports.now } : {}),
    }),
  );
}

/** The sample buyer of the inspector, in the terminal only (any field may be left out: the example buyer's). */
export interface SampleBuyer {
  merchantUserNo?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

export interface SignatureReport {
  inspection: SignatureInspection;
  /** Whether the signature verifies with a public key the person gave (e.g. the one registered with the platform). */
  publicKeyCheck?: VerificationReport;
}

/**
 * The signature inspector: signs a sample buyer-sync request under the profile's signature settings and shows the
 * string-to-sign, headers and body. Nothing is sent.
 */
export async function inspectProfileSignature(input: {
  config: PlatformConfig;
  credentials: Pick<Credentials, 'signingKey'>;
  buyer?: SampleBuyer;
  /** A public key PEM to verify the signature with as well. */
  publicKeyPem?: string;
}): Promise<Result<SignatureReport, AppError>> {
  const buyer = buyerSyncRequestSchema.safeParse({
    ...EXAMPLE_BUYER,
    ...Object.fromEntries(Object.entries(input.buyer ?? {}).filter(([, v]) => v !== undefined)),
  });
  if (!buyer.success)
    return err({
      kind: 'invalid-input',
      message: `Invalid sample buyer: ${buyer.error.issues.map((i) => i.message).join('; ')}.`,
      issues: buyer.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    });
  const key = await input.credentials.signingKey();
  if (!key.ok) return err({ kind: 'credentials', message: key.error.message });
  const inspection = inspectSignature({
    config: input.config,
    privateKey: key.value,
    buyer: buyer.data,
  });
  if (input.publicKeyPem === undefined) return ok({ inspection });
  const check = verifyWithPastedKey({
    publicKey: input.publicKeyPem,
    algorithm: inspection.signatureProfile.algorithm,
    stringToSign: inspection.stringToSign,
    signature: inspection.headers.signature,
  });
  if (!check.ok) return err({ kind: 'invalid-input', message: check.error.message, action: check.error.action });
  return ok({ inspection, publicKeyCheck: check.value });
}
