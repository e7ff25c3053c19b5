import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of the alphabet size below 256: bytes at or above it are discarded, so no letter is favoured. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);
export const NONCE_MIN_LENGTH = 6;
export const NONCE_MAX_LENGTH = 32;

/** A fresh random nonce of alphanumeric characters (the spec allows 6 to 32; default 32). */
export function newNonce(length = NONCE_MAX_LENGTH): string {
  if (length < NONCE_MIN_LENGTH || length > NONCE_MAX_LENGTH)
    throw new RangeError(`nonce length must be 6 to 32, got ${length}`);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length)) {
      if (b < UNBIASED_LIMIT && out.length < length) out += ALPHABET[b % ALPHABET.length];
    }
  }
  return out;
}
