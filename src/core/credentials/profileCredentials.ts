import type { KeyObject } from 'node:crypto';
import type { Credentials, CredentialsError } from './credentials';
import type { KeyStore } from '../keys/keyStore';
import { err, ok, type Result } from '../result';
import { describeSecretStoreError, type SecretStore } from '../secrets/secretStore';

/** Tells the merchant how to set a missing secret, in the words of the caller's UI (app or CLI). */
export interface CredentialHints {
  setToken: (profileId: string) => string;
  setKey: (profileId: string) => string;
}

export const APP_CREDENTIAL_HINTS: CredentialHints = {
  setToken: () => 'enter the access token in the profile settings',
  setKey: () => 'generate or import a key in the profile settings',
};

/**
 * The API clients' credentials for one profile: the token from the keychain, the key decrypted from its file with
 * the passphrase in the keychain. Read on every request (never cached here); errors name the action, never a secret.
 */
export function profileCredentials(
  profileId: string,
  secrets: SecretStore,
  keys: KeyStore,
  hints: CredentialHints = APP_CREDENTIAL_HINTS,
): Credentials {
  return {
    async bearerToken(): Promise<Result<string, CredentialsError>> {
      const token = await secrets.get(profileId, 'token');
      if (!token.ok)
        return err({ message: `The access token could not be read: ${describeSecretStoreError(token.error)}` });
      if (token.value === null || token.value === '')
        return err({
          message: `No access token is stored for profile "${profileId}": ${hints.setToken(profileId)}.`,
        });
      return ok(token.value);
    },
    async signingKey(): Promise<Result<KeyObject, CredentialsError>> {
      const key = await keys.load(profileId);
      if (!key.ok)
        return err({
          message: `The RSA private key could not be read: ${key.error.message} Action: ${key.error.action}`,
        });
      if (key.value === null)
        return err({ message: `Profile "${profileId}" has no RSA private key: ${hints.setKey(profileId)}.` });
      return ok(key.value);
    },
  };
}
