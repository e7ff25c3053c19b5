import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, tightenDir, tightenFile } from '../paths/privateFiles';
import { err, ok, type Result } from '../result';
import type { SecretStore, SecretStoreError } from '../secrets/secretStore';
import { publicKeyInfo, type PublicKeyInfo } from './keyMaterial';

/**
 * The merchant's RSA private key, one per profile, for any key size on every system:
 * - `<dataDir>/keys/<profileId>.key.pem`: the key as encrypted PKCS#8 PEM (PBES2: PBKDF2-HMAC-SHA256 + AES-256-CBC),
 *   file mode 0600 in a 0700 directory;
 * - the random passphrase (Base64 of 32 bytes, 44 characters) in the keychain as secret "key-passphrase";
 * - `<dataDir>/keys/<profileId>.pub.pem`: the public key (not secret), so the public key and fingerprint can be
 *   shown without unlocking the keychain.
 * Neither file alone reveals the key; the keychain item stays far below Windows' 2,560-byte limit.
 */
export interface KeyStore {
  /** The public part of the stored key, or null when the profile has no key. */
  info(profileId: string): Promise<Result<PublicKeyInfo | null, KeyStoreError>>;
  /** The private key, decrypted in memory; null when the profile has no key. */
  load(profileId: string): Promise<Result<KeyObject | null, KeyStoreError>>;
  /** Stores the key, replacing any previous one (only once the new one is safely stored). */
  save(profileId: string, key: KeyObject): Promise<Result<PublicKeyInfo, KeyStoreError>>;
  /** Deletes the key files and the passphrase; true when there was a key. */
  remove(profileId: string): Promise<Result<boolean, KeyStoreError>>;
}

export type KeyStoreError =
  SecretStoreError | { kind: 'passphrase-missing' | 'key-damaged' | 'io'; message: string; action: string };

export const KEY_CIPHER = 'aes-256-cbc';

export function keyFilePaths(
  dataDir: string,
  profileId: string,
): { dir: string; privateKey: string; pending: string; publicKey: string } {
  const dir = path.join(dataDir, 'keys');
  return {
    dir,
    privateKey: path.join(dir, `${profileId}.key.pem`),
    /** A new key whose passphrase is not confirmed stored yet (see save). */
    pending: path.join(dir, `${profileId}.key.pem.pending`),
    publicKey: path.join(dir, `${profileId}.pub.pem`),
  };
}

/** A fresh random passphrase: Base64 of 32 random bytes. */
export function newKeyPassphrase(): string {
  return randomBytes(32).toString('base64');
}

/** The key as encrypted PKCS#8 PEM under `passphrase`. */
export function encryptPrivateKey(key: KeyObject, passphrase: string): string {
  return key.export({ type: 'pkcs8', format: 'pem', cipher: KEY_CIPHER, passphrase }).toString();
}

async function readOptional(file: string): Promise<Result<string | null, KeyStoreError>> {
  try {
    return ok(await readFile(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ok(null);
    return err(ioError('read', file, e));
  }
}

function ioError(verb: string, file: string, e: unknown): KeyStoreError {
  return {
    kind: 'io',
    message: `Could not ${verb} ${file} (${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : 'error')}).`,
    action: 'Check that the data directory exists and is writable by you, then try again.',
  };
}

export function createFileKeyStore(options: { dataDir: string | (() => string); secrets: SecretStore }): KeyStore {
  const { secrets } = options;
  const paths = (profileId: string) =>
    keyFilePaths(typeof options.dataDir === 'function' ? options.dataDir() : options.dataDir, profileId);

  const decrypt = (pem: string, passphrase: string): KeyObject | undefined => {
    try {
      return createPrivateKey({ key: pem, format: 'pem', passphrase });
    } catch {
      return undefined;
    }
  };

  /**
   * Moves a pending key into place. Another process may have done so first (a reader finishing the save, or the
   * saver itself): then the key file must already decrypt with `passphrase`, and that counts as done.
   */
  async function movePendingIntoPlace(
    p: ReturnType<typeof paths>,
    passphrase: string,
  ): Promise<Result<void, KeyStoreError>> {
    try {
      await rename(p.pending, p.privateKey);
      return ok(undefined);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        const now = await readOptional(p.privateKey);
        if (now.ok && now.value !== null && decrypt(now.value, passphrase)) return ok(undefined);
      }
      return err(ioError('write', p.privateKey, e));
    }
  }

  /** Key files an older version wrote readable by others are made owner-only whenever they are read. */
  function tightenKeyFiles(p: ReturnType<typeof paths>): Result<void, KeyStoreError> {
    try {
      tightenDir(p.dir);
      for (const file of [p.privateKey, p.pending, p.publicKey]) tightenFile(file);
      return ok(undefined);
    } catch (e) {
      return err(ioError('protect', p.dir, e));
    }
  }

  async function load(profileId: string): Promise<Result<KeyObject | null, KeyStoreError>> {
    const p = paths(profileId);
    const tightened = tightenKeyFiles(p);
    if (!tightened.ok) return tightened;
    const pem = await readOptional(p.privateKey);
    if (!pem.ok) return pem;
    const pending = await readOptional(p.pending);
    if (!pending.ok) return pending;
    if (pem.value === null && pending.value === null) return ok(null);
    const passphrase = await secrets.get(profileId, 'key-passphrase');
    if (!passphrase.ok) return passphrase;
    if (passphrase.value === null) {
      if (pem.value === null) return ok(null); // only a save that never stored its passphrase
      return err({
        kind: 'passphrase-missing',
        message: `The key file ${p.privateKey} exists but its passphrase is not in this keychain (the file alone cannot be decrypted).`,
        action:
          'Import or generate the key again on this computer (the keychain item may have been deleted, or the data directory copied from another computer).',
      });
    }
    const key = pem.value === null ? undefined : decrypt(pem.value, passphrase.value);
    if (key) return ok(key);
    // The passphrase belongs to an unfinished save — its keychain write landed after it timed out, or the process
    // ended before the rename: finish that save now.
    const saved = pending.value === null ? undefined : decrypt(pending.value, passphrase.value);
    if (saved) {
      const moved = await movePendingIntoPlace(p, passphrase.value);
      if (!moved.ok) return moved;
      await writePublic(p.publicKey, publicKeyInfo(saved));
      return ok(saved);
    }
    if (pem.value === null) return ok(null);
    return err({
      kind: 'key-damaged',
      message: `The key file ${p.privateKey} could not be decrypted with the passphrase in the keychain.`,
      action: 'Import or generate the key again (and register the new public key with the platform if it changed).',
    });
  }

  async function writePublic(file: string, info: PublicKeyInfo): Promise<Result<void, KeyStoreError>> {
    try {
      // Not secret, but owner-only like every file in the data directory.
      await writeFile(file, info.publicKeyPem, { mode: 0o600 });
      tightenFile(file);
      return ok(undefined);
    } catch (e) {
      return err(ioError('write', file, e));
    }
  }

  return {
    load,

    async info(profileId) {
      const p = paths(profileId);
      const tightened = tightenKeyFiles(p);
      if (!tightened.ok) return tightened;
      const pending = await readOptional(p.pending);
      if (!pending.ok) return pending;
      if (pending.value !== null) {
        // An unfinished save may be the current key: load() settles which one (and the public copy).
        const key = await load(profileId);
        if (!key.ok) return key;
        if (key.value === null) return ok(null);
        return ok(publicKeyInfo(key.value));
      }
      const priv = await readOptional(p.privateKey);
      if (!priv.ok) return priv;
      if (priv.value === null) return ok(null);
      const pub = await readOptional(p.publicKey);
      if (!pub.ok) return pub;
      if (pub.value !== null) {
        try {
          return ok(publicKeyInfo(createPublicKey({ key: pub.value, format: 'pem' })));
        } catch {
          // Damaged public copy: fall through and derive it from the private key.
        }
      }
      const key = await load(profileId);
      if (!key.ok) return key;
      if (key.value === null) return ok(null);
      const info = publicKeyInfo(key.value);
      const written = await writePublic(p.publicKey, info);
      return written.ok ? ok(info) : written;
    },

    async save(profileId, key) {
      if (key.type !== 'private') throw new TypeError('save() needs a private key');
      const p = paths(profileId);
      const info = publicKeyInfo(key);
      const passphrase = newKeyPassphrase();
      const encrypted = encryptPrivateKey(key, passphrase);
      const tmp = `${p.privateKey}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        ensurePrivateDir(p.dir);
        await writeFile(tmp, encrypted, { mode: 0o600, flag: 'wx' });
        // The new key waits as `<key>.pending` until its passphrase is stored: if the keychain write times out and
        // lands later (an unlock prompt answered late), or the process ends before the rename, load() finds the
        // passphrase fits the pending file and finishes the save — the key is never left undecryptable.
        await rename(tmp, p.pending);
      } catch (e) {
        await rm(tmp, { force: true }).catch(() => {});
        return err(ioError('write', tmp, e));
      }
      // The old passphrase is kept until the new file is in place, so a failure leaves the old key usable.
      const previous = await secrets.get(profileId, 'key-passphrase');
      if (!previous.ok) {
        await rm(p.pending, { force: true });
        return previous;
      }
      const stored = await secrets.set(profileId, 'key-passphrase', passphrase);
      if (!stored.ok) {
        // Refused: nothing of the new key remains. Timed out: the write may still land, so the pending file stays.
        if (stored.error.kind !== 'timeout') await rm(p.pending, { force: true });
        return stored;
      }
      // (A load() in another process may have finished this save already: that counts, nothing is rolled back.)
      const moved = await movePendingIntoPlace(p, passphrase);
      if (!moved.ok) {
        if (previous.value !== null) await secrets.set(profileId, 'key-passphrase', previous.value);
        else await secrets.delete(profileId, 'key-passphrase');
        return moved;
      }
      const written = await writePublic(p.publicKey, info);
      return written.ok ? ok(info) : written;
    },

    async remove(profileId) {
      const p = paths(profileId);
      const existing = await readOptional(p.privateKey);
      if (!existing.ok) return existing;
      // The keychain first: when it refuses (locked), the key stays whole — files and passphrase.
      const deleted = await secrets.delete(profileId, 'key-passphrase');
      if (!deleted.ok) return deleted;
      try {
        await rm(p.privateKey, { force: true });
        await rm(p.pending, { force: true });
        await rm(p.publicKey, { force: true });
      } catch (e) {
        return err(ioError('delete', p.privateKey, e));
      }
      return ok(existing.value !== null || deleted.value);
    },
  };
}
