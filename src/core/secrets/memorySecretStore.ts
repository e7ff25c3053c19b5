import { err, ok } from '../result';
import {
  MAX_SECRET_BYTES,
  secretAccount,
  secretByteLength,
  tooLargeError,
  type SecretStore,
  type SecretStoreError,
} from './secretStore';

export interface MemorySecretStore extends SecretStore {
  /** Every value ever written, in order (tests assert sizes and contents). */
  readonly writes: { account: string; value: string }[];
  readonly entries: Map<string, string>;
  /** When set, every call fails with this error (simulates a missing or locked keychain). */
  failWith: SecretStoreError | undefined;
}

/** A keychain in memory for tests; applies the same size limit as the real one. */
export function createMemorySecretStore(): MemorySecretStore {
  const entries = new Map<string, string>();
  const writes: { account: string; value: string }[] = [];
  const store: MemorySecretStore = {
    backend: 'memory',
    writes,
    entries,
    failWith: undefined,
    async get(profileId, name) {
      if (store.failWith) return err(store.failWith);
      return ok(entries.get(secretAccount(profileId, name)) ?? null);
    },
    async set(profileId, name, value) {
      if (store.failWith) return err(store.failWith);
      const bytes = secretByteLength(value);
      if (bytes > MAX_SECRET_BYTES) return err(tooLargeError(name, bytes));
      const account = secretAccount(profileId, name);
      writes.push({ account, value });
      entries.set(account, value);
      return ok(undefined);
    },
    async delete(profileId, name) {
      if (store.failWith) return err(store.failWith);
      return ok(entries.delete(secretAccount(profileId, name)));
    },
  };
  return store;
}
