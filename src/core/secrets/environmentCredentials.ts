import { isEncryptedPem } from '../keys/keyMaterial';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Credentials, CredentialsError } from '../api/clientDeps';
import { err, ok, type Result } from '../result';

/**
 * Credentials of the environment mode: the token from MERCHANT_DESK_TOKEN, the key from the PEM file named by
 * MERCHANT_DESK_PRIVATE_KEY_FILE. `warn` hears about a key file other users can read (the key is still used: the
 * merchant may have reasons, but should know).
 */
/** The environment variables read (a process's env, or the part of it a caller passes on). */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

export function environmentCredentials(
  env: EnvironmentVariables,
  warn: (text: string) => void = () => {},
): Credentials {
  return {
    bearerToken: async () => {
      const token = env.MERCHANT_DESK_TOKEN?.trim();
      if (!token)
        return err({ message: 'MERCHANT_DESK_TOKEN is not set (the seller endpoints need the access token).' });
      return ok(token);
    },
    signingKey: async () => {
      const file = env.MERCHANT_DESK_PRIVATE_KEY_FILE;
      if (!file)
        return err({
          message: 'MERCHANT_DESK_PRIVATE_KEY_FILE is not set (buyer sync needs the RSA private key PEM file).',
        });
      let pem: string;
      try {
        pem = await readFile(file, 'utf8');
      } catch (e) {
        return err({
          message: `Cannot read the key file named by MERCHANT_DESK_PRIVATE_KEY_FILE (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
        });
      }
      const exposure = await keyFileExposure(file);
      if (exposure) warn(exposure);
      return parseRsaPrivateKey(pem);
    },
  };
}

function parseRsaPrivateKey(pem: string): Result<KeyObject, CredentialsError> {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    // Node names no passphrase when it meets an encrypted key without one: the PEM's header tells.
    const why = isEncryptedPem(pem)
      ? 'it is encrypted (a passphrase-protected PEM). Decrypt a copy for this variable (openssl pkey -in key.pem -out plain.pem, kept owner-only), or import it into a profile, which asks the passphrase once: merchant-desk keys import key.pem --profile NAME'
      : 'it is not a readable RSA private key PEM';
    return err({ message: `The key file named by MERCHANT_DESK_PRIVATE_KEY_FILE is unusable: ${why}.` });
  }
  if (key.asymmetricKeyType !== 'rsa')
    return err({
      message: `The key file named by MERCHANT_DESK_PRIVATE_KEY_FILE is unusable: it is a ${key.asymmetricKeyType} key, not RSA.`,
    });
  return ok(key);
}

/**
 * A warning when other users of this computer can read or change the key file (POSIX modes; on Windows the file
 * inherits its folder's access list, which a mode does not show).
 */
export async function keyFileExposure(file: string): Promise<string | undefined> {
  if (process.platform === 'win32') return undefined;
  let mode: number;
  try {
    mode = (await stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((mode & 0o077) === 0) return undefined;
  const octal = mode.toString(8).padStart(3, '0');
  return `Warning: the private key file ${file} can be read by other users of this computer (mode ${octal}). Restrict it: chmod 600 '${file}'`;
}
