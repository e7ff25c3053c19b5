import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { err, ok, type Result } from '../result';

/** Key sizes a merchant can generate. */
export const RSA_KEY_SIZES = [2048, 3072, 4096] as const;
export type RsaKeySize = (typeof RSA_KEY_SIZES)[number];
/** Smaller RSA keys are refused on import. */
export const MIN_RSA_BITS = 2048;

export type KeyImportErrorKind = 'needs-passphrase' | 'wrong-passphrase' | 'not-a-private-key' | 'not-rsa' | 'too-weak';
export interface KeyImportError {
  kind: KeyImportErrorKind;
  message: string;
  action: string;
}

/** What may be shown about a key: never the private part. */
export interface PublicKeyInfo {
  /** SubjectPublicKeyInfo PEM ("-----BEGIN PUBLIC KEY-----"), for the merchant to register with the platform. */
  publicKeyPem: string;
  bits: number;
  fingerprint: KeyFingerprint;
}

/** SHA-256 over the DER SubjectPublicKeyInfo. */
export interface KeyFingerprint {
  /** Upper-case hex pairs joined by colons, e.g. "3F:A0:…". */
  hex: string;
  /** Standard Base64 of the 32 digest bytes (the form `ssh-keygen` and many portals show, with padding). */
  base64: string;
}

/** True when a PEM text is an encrypted private key (PKCS#8 "ENCRYPTED PRIVATE KEY" or PKCS#1 with Proc-Type ENCRYPTED). */
export function isEncryptedPem(pem: string): boolean {
  return /-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(pem) || /Proc-Type:\s*4,\s*ENCRYPTED/i.test(pem);
}

/**
 * Reads a PEM private key: PKCS#1 ("RSA PRIVATE KEY") or PKCS#8 ("PRIVATE KEY"), encrypted or not. An encrypted key
 * needs `passphrase`. Only RSA keys of at least 2048 bits are accepted (the buyer-sync signatures are RSA).
 */
export function parsePrivateKeyPem(pem: string, passphrase?: string): Result<KeyObject, KeyImportError> {
  const text = pem.trim();
  if (!/-----BEGIN (RSA |ENCRYPTED )?PRIVATE KEY-----/.test(text)) {
    if (/-----BEGIN (RSA )?PUBLIC KEY-----|-----BEGIN CERTIFICATE-----/.test(text)) {
      return err({
        kind: 'not-a-private-key',
        message: 'This is a public key or certificate, not a private key.',
        action:
          'Import the private key file (it begins with "-----BEGIN PRIVATE KEY-----" or "-----BEGIN RSA PRIVATE KEY-----").',
      });
    }
    return err({
      kind: 'not-a-private-key',
      message: 'This is not a PEM private key.',
      action:
        'Import a PEM file that begins with "-----BEGIN PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----" or "-----BEGIN ENCRYPTED PRIVATE KEY-----".',
    });
  }
  const encrypted = isEncryptedPem(text);
  if (encrypted && (passphrase === undefined || passphrase === '')) {
    return err({
      kind: 'needs-passphrase',
      message: 'The key is encrypted with a passphrase.',
      action: 'Enter the passphrase of the key file.',
    });
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(
      encrypted ? { key: text, format: 'pem', passphrase: passphrase ?? '' } : { key: text, format: 'pem' },
    );
  } catch (e) {
    if (encrypted) {
      return err({
        kind: 'wrong-passphrase',
        message: 'The key could not be decrypted: the passphrase is wrong (or the file is damaged).',
        action: 'Check the passphrase and try again.',
      });
    }
    return err({
      kind: 'not-a-private-key',
      message: `The PEM could not be read as a private key (${e instanceof Error ? e.message.replace(/^error:[^:]*:/, '') : 'unreadable'}).`,
      action: 'Check that the whole file was copied, including the BEGIN and END lines.',
    });
  }
  return checkRsa(key);
}

function checkRsa(key: KeyObject): Result<KeyObject, KeyImportError> {
  if (key.asymmetricKeyType !== 'rsa') {
    return err({
      kind: 'not-rsa',
      message: `This is a ${key.asymmetricKeyType ?? 'non-RSA'} key; buyer-sync signatures need an RSA key.`,
      action: 'Import an RSA private key, or generate a new key pair here.',
    });
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) {
    return err({
      kind: 'too-weak',
      message: `This RSA key has ${bits} bits; at least ${MIN_RSA_BITS} are required.`,
      action: 'Generate a new key pair (2048, 3072 or 4096 bits) and register its public key with the platform.',
    });
  }
  return ok(key);
}

const generateKeyPairAsync = promisify(generateKeyPair);

/** A new RSA key pair (public exponent 65537). Runs off the main thread. */
export async function generateRsaPrivateKey(bits: RsaKeySize): Promise<KeyObject> {
  if (!RSA_KEY_SIZES.includes(bits)) throw new RangeError(`key size must be one of ${RSA_KEY_SIZES.join(', ')}`);
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: bits, publicExponent: 0x10001 });
  return privateKey;
}

export function publicKeyOf(key: KeyObject): KeyObject {
  return key.type === 'public' ? key : createPublicKey(key);
}

export function fingerprintOf(key: KeyObject): KeyFingerprint {
  const der = publicKeyOf(key).export({ type: 'spki', format: 'der' });
  const digest = createHash('sha256').update(der).digest();
  return {
    hex: [...digest].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':'),
    base64: digest.toString('base64'),
  };
}

export function publicKeyInfo(key: KeyObject): PublicKeyInfo {
  const pub = publicKeyOf(key);
  return {
    publicKeyPem: pub.export({ type: 'spki', format: 'pem' }).toString(),
    bits: pub.asymmetricKeyDetails?.modulusLength ?? 0,
    fingerprint: fingerprintOf(pub),
  };
}

export interface PublicKeyParseError {
  kind: 'not-a-public-key';
  message: string;
  action: string;
}

/**
 * A public key the merchant pasted: SPKI ("PUBLIC KEY"), PKCS#1 ("RSA PUBLIC KEY") or an X.509 certificate. A bare
 * Base64 body without the BEGIN/END lines is accepted as SPKI DER.
 */
export function parsePublicKey(text: string): Result<KeyObject, PublicKeyParseError> {
  const trimmed = text.trim();
  const fail = (why: string): Result<KeyObject, PublicKeyParseError> =>
    err({
      kind: 'not-a-public-key',
      message: `The pasted text is not a usable public key (${why}).`,
      action:
        'Paste the whole public key, including the "-----BEGIN PUBLIC KEY-----" and "-----END PUBLIC KEY-----" lines.',
    });
  if (/-----BEGIN (RSA |ENCRYPTED )?PRIVATE KEY-----/.test(trimmed))
    return fail('it is a private key — never paste a private key here');
  try {
    let key: KeyObject;
    if (/-----BEGIN CERTIFICATE-----/.test(trimmed)) key = new X509Certificate(trimmed).publicKey;
    else if (/-----BEGIN (RSA )?PUBLIC KEY-----/.test(trimmed)) key = createPublicKey(trimmed);
    else if (/^[A-Za-z0-9+/=\s]+$/.test(trimmed) && trimmed.length > 0)
      key = createPublicKey({ key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
    else return fail('no PEM header');
    if (key.asymmetricKeyType !== 'rsa') return fail(`it is a ${key.asymmetricKeyType ?? 'non-RSA'} key, not RSA`);
    return ok(key);
  } catch {
    return fail('it could not be decoded');
  }
}
