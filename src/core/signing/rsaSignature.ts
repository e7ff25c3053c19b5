import { constants, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { SignatureAlgorithm } from '../config/signatureProfile';

function digestOf(algorithm: SignatureAlgorithm): 'sha256' | 'sha1' {
  return algorithm === 'RSA-SHA1' ? 'sha1' : 'sha256';
}

function paddingOf(algorithm: SignatureAlgorithm) {
  return algorithm === 'RSA-PSS-SHA256'
    ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
    : { padding: constants.RSA_PKCS1_PADDING };
}

/** Signs the UTF-8 bytes of `text`; returns standard Base64 with padding. */
export function signText(algorithm: SignatureAlgorithm, privateKey: KeyObject | string, text: string): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  return sign(digestOf(algorithm), Buffer.from(text, 'utf8'), { key, ...paddingOf(algorithm) }).toString('base64');
}

/** Verifies a Base64 signature over the UTF-8 bytes of `text`. A malformed signature is simply not valid. */
export function verifyText(
  algorithm: SignatureAlgorithm,
  publicKey: KeyObject | string,
  text: string,
  signatureBase64: string,
): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false;
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  try {
    return verify(
      digestOf(algorithm),
      Buffer.from(text, 'utf8'),
      { key, ...paddingOf(algorithm) },
      Buffer.from(signatureBase64, 'base64'),
    );
  } catch {
    return false;
  }
}
