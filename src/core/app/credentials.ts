import type { AppError } from '../../shared/errors/appError';
import {
  fingerprintOf,
  generateRsaPrivateKey,
  isEncryptedPem,
  parsePrivateKeyPem,
  RSA_KEY_SIZES,
  type PublicKeyInfo,
  type RsaKeySize,
} from '../keys/keyMaterial';
import type { KeyStore } from '../keys/keyStore';
import { err, ok, type Result } from '../result';
import type { SecretStore } from '../secrets/secretStore';
import { keyImportAppError, keyStoreAppError, secretStoreAppError } from './credentialsErrors';

/**
 * Token and key management. Secrets are write-only: a token or passphrase goes in, and what comes out is only
 * "set / not set", a key's size, fingerprint and public key.
 */
export interface CredentialPorts {
  secrets: SecretStore;
  keys: KeyStore;
}

/** The token as pasted: surrounding white space and a leading "Bearer " are dropped. */
export function normaliseToken(raw: string): string {
  return raw
    .trim()
    .replace(/^Bearer\s+/i, '')
    .trim();
}

/** Stores a profile's access token; returns its length (never the token). */
export async function setToken(
  ports: CredentialPorts,
  profileId: string,
  raw: string,
): Promise<Result<{ profileId: string; token: 'set'; length: number }, AppError>> {
  const value = normaliseToken(raw);
  if (value === '') return err({ kind: 'invalid-input', message: 'The access token is empty. Nothing was changed.' });
  if (/\s/.test(value))
    return err({
      kind: 'invalid-input',
      message: 'The access token contains white space; paste only the token (one line). Nothing was changed.',
    });
  const stored = await ports.secrets.set(profileId, 'token', value);
  if (!stored.ok) return err(secretStoreAppError(stored.error, 'The access token was not stored.'));
  return ok({ profileId, token: 'set', length: value.length });
}

export async function tokenStatus(
  ports: CredentialPorts,
  profileId: string,
): Promise<Result<{ profileId: string; token: 'set' | 'not set' }, AppError>> {
  const r = await ports.secrets.get(profileId, 'token');
  if (!r.ok) return err(secretStoreAppError(r.error));
  return ok({ profileId, token: r.value === null ? 'not set' : 'set' });
}

/** Deletes the token; `deleted` is false when there was none. */
export async function deleteToken(
  ports: CredentialPorts,
  profileId: string,
): Promise<Result<{ profileId: string; deleted: boolean }, AppError>> {
  const r = await ports.secrets.delete(profileId, 'token');
  if (!r.ok) return err(secretStoreAppError(r.error));
  return ok({ profileId, deleted: r.value });
}

/** What may be shown about a stored key. */
export interface KeyStatus {
  profileId: string;
  /** Null when the profile has no key. */
  key: PublicKeyInfo | null;
}

export async function keyStatus(ports: CredentialPorts, profileId: string): Promise<Result<KeyStatus, AppError>> {
  const info = await ports.keys.info(profileId);
  if (!info.ok) return err(keyStoreAppError(info.error, 'The stored key could not be read:'));
  return ok({ profileId, key: info.value });
}

/** The stored key's public part, or a `credentials` error saying how to get one. */
export async function requireKey(
  ports: CredentialPorts,
  profileId: string,
  howToAdd: string,
): Promise<Result<PublicKeyInfo, AppError>> {
  const status = await keyStatus(ports, profileId);
  if (!status.ok) return status;
  if (!status.value.key)
    return err({ kind: 'invalid-input', code: 'no-key', message: `Profile ${profileId} has no key. ${howToAdd}` });
  return ok(status.value.key);
}

export interface KeySaved {
  profileId: string;
  key: PublicKeyInfo;
  /** A previous key was replaced (the new public key must be registered with the platform). */
  replaced: boolean;
  /** The imported key was the stored one already: nothing was changed. */
  unchanged?: true;
}

/** The refusal to replace a key the caller did not ask to replace (`code: "key-exists"`). */
function refuseReplace(profileId: string, existing: PublicKeyInfo): AppError {
  return {
    kind: 'invalid-input',
    code: 'key-exists',
    message: `Profile ${profileId} already has a key (${existing.bits} bits, SHA-256 ${existing.fingerprint.hex}); it was left as it is.`,
    action: REPLACE_KEY_ACTION,
  };
}

/** What replacing a key means for the merchant, whichever way the caller asks for it. */
export const REPLACE_KEY_ACTION =
  'Replace it only on purpose — then register the new public key with the platform, or buyer sync fails with 10003.';

const NOT_STORED = 'The key was not stored (nothing was written in plain text):';

export function isKeySize(bits: number): bits is RsaKeySize {
  return (RSA_KEY_SIZES as readonly number[]).includes(bits);
}

/** Generates a new RSA key; an existing key is replaced only with `force`. */
export async function generateKey(
  ports: CredentialPorts,
  input: { profileId: string; bits: number; force?: boolean },
): Promise<Result<KeySaved, AppError>> {
  if (!isKeySize(input.bits))
    return err({
      kind: 'invalid-input',
      message: `The key size must be one of ${RSA_KEY_SIZES.join(', ')} bits. Nothing was changed.`,
    });
  const existing = await keyStatus(ports, input.profileId);
  if (!existing.ok) return existing;
  if (existing.value.key && !input.force) return err(refuseReplace(input.profileId, existing.value.key));
  const key = await generateRsaPrivateKey(input.bits);
  const saved = await ports.keys.save(input.profileId, key);
  if (!saved.ok) return err(keyStoreAppError(saved.error, NOT_STORED));
  return ok({ profileId: input.profileId, key: saved.value, replaced: existing.value.key !== null });
}

/** True when a PEM text needs a passphrase to be imported. */
export const needsPassphrase = isEncryptedPem;

/**
 * Imports a PEM private key (PKCS#1 or PKCS#8, encrypted with `passphrase` or not); it is stored encrypted under a
 * fresh passphrase of its own. Importing the stored key again changes nothing.
 */
export async function importKey(
  ports: CredentialPorts,
  input: { profileId: string; pem: string; passphrase?: string; force?: boolean },
): Promise<Result<KeySaved, AppError>> {
  const parsed = parsePrivateKeyPem(input.pem, input.passphrase);
  if (!parsed.ok) return err(keyImportAppError(parsed.error));
  const existing = await keyStatus(ports, input.profileId);
  if (!existing.ok) return existing;
  const current = existing.value.key;
  if (current && !input.force) {
    if (current.fingerprint.hex === fingerprintOf(parsed.value).hex)
      return ok({ profileId: input.profileId, key: current, replaced: false, unchanged: true });
    return err(refuseReplace(input.profileId, current));
  }
  const saved = await ports.keys.save(input.profileId, parsed.value);
  if (!saved.ok) return err(keyStoreAppError(saved.error, NOT_STORED));
  return ok({ profileId: input.profileId, key: saved.value, replaced: current !== null });
}

/** Deletes the key files and the keychain passphrase; `deleted` is false when there was no key. */
export async function removeKey(
  ports: CredentialPorts,
  profileId: string,
): Promise<Result<{ profileId: string; deleted: boolean }, AppError>> {
  const r = await ports.keys.remove(profileId);
  if (!r.ok) return err(keyStoreAppError(r.error, 'The key was not deleted:'));
  return ok({ profileId, deleted: r.value });
}
