import { err, ok, type Result } from '../result';
import {
  KEYCHAIN_SERVICE,
  MAX_SECRET_BYTES,
  secretAccount,
  secretByteLength,
  tooLargeError,
  type SecretName,
  type SecretStore,
  type SecretStoreError,
} from './secretStore';

/** The part of keytar this store uses (injected in tests). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeytarSecretStoreOptions {
  /** Every keychain call is abandoned after this long (an unanswered unlock prompt must not hang the app). */
  timeoutMs?: number;
  service?: string;
  /** Loads keytar; loaded on first use so a missing native module is a clear error, not a crash at start-up. */
  load?: () => Promise<KeytarLike>;
  platform?: NodeJS.Platform;
}

export const DEFAULT_KEYCHAIN_TIMEOUT_MS = 8_000;

async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}

const PROFILE_ID = /^[a-z0-9][a-z0-9-]*$/;
/** Never a profile's account (those are `<profileId>:<secret>`): written and deleted at once to detect a lock. */
export const LOCK_PROBE_ACCOUNT = 'merchant-desk.lock-probe';

class TimeoutError extends Error {}

/**
 * Keychain calls that timed out and have not settled. keytar blocks a libuv thread-pool thread until the keychain
 * answers (e.g. an unlock prompt nobody answers), and a process cannot exit normally while one is blocked:
 * Node joins the pool's threads on exit. Process-wide, as the thread pool is.
 */
let abandoned = 0;

/** How many timed-out keychain calls are still blocking a thread (the CLI then ends itself without waiting). */
export function abandonedKeychainCalls(): number {
  return abandoned;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
    // A keychain call that never answers must not be the only thing keeping a process alive.
    timer.unref();
  });
  // Keep a late rejection of the abandoned call from becoming an unhandled rejection.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const UNAVAILABLE =
  /autolaunch D-Bus|Could not connect|was not provided by any|ServiceUnknown|NoServer|org\.freedesktop\.DBus\.Error\.(Spawn|FileNotFound|NotSupported)|Cannot find module|NODE_MODULE_VERSION|dlopen|libsecret|was compiled against|keytar\.node/i;
const LOCKED =
  /locked|prompt|dismissed|cancel|denied|not allowed|Object does not exist at path|no such collection|User interaction is not allowed|errSecAuthFailed|errSecInteractionNotAllowed|-25293|-25308|-128\b|Access is denied/i;

function unavailableAction(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'linux':
      return (
        'Install and start a Secret Service for your desktop session (GNOME Keyring: `sudo apt install gnome-keyring`, or KWallet), then log in again. ' +
        "On a headless machine start one, e.g. `dbus-run-session -- sh -c 'echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets; merchant-desk ...'`. " +
        'Merchant Desk never stores secrets in plain text, so it cannot go on without a keychain.'
      );
    case 'darwin':
      return 'The macOS keychain could not be reached: check that the login keychain exists in Keychain Access, or reinstall Merchant Desk.';
    case 'win32':
      return 'Windows Credential Manager could not be reached: check that the Credential Manager service is running, or reinstall Merchant Desk.';
    default:
      return 'Make an OS keychain available to Merchant Desk; secrets are never stored in plain text.';
  }
}

function lockedAction(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'linux':
      return 'Unlock your login keyring (for example in "Passwords and Keys" / Seahorse, or answer the unlock prompt), then try again.';
    case 'darwin':
      return 'Click "Allow" (or "Always Allow") when macOS asks for access to the keychain, or unlock the login keychain in Keychain Access, then try again.';
    case 'win32':
      return 'Sign in to Windows with your own account (Credential Manager is per user) and try again.';
    default:
      return 'Unlock the keychain and try again.';
  }
}

/** Maps a keytar failure to a typed error. The message quotes keytar, which never includes the secret. */
export function classifyKeychainError(e: unknown, platform: NodeJS.Platform, timeoutMs: number): SecretStoreError {
  if (e instanceof TimeoutError) {
    return {
      kind: 'timeout',
      message: `The keychain did not answer within ${timeoutMs % 1000 === 0 ? timeoutMs / 1000 : (timeoutMs / 1000).toFixed(1)} s.`,
      action: 'An unlock or access prompt may be waiting: answer it (or unlock the keychain), then try again.',
    };
  }
  const text = e instanceof Error ? e.message : String(e);
  if (UNAVAILABLE.test(text)) {
    return {
      kind: 'keychain-unavailable',
      message: `No OS keychain is available (${text}).`,
      action: unavailableAction(platform),
    };
  }
  if (LOCKED.test(text)) {
    return {
      kind: 'keychain-locked',
      message: `The OS keychain refused access (${text}).`,
      action: lockedAction(platform),
    };
  }
  return {
    kind: 'keychain-error',
    message: `The OS keychain failed (${text}).`,
    action: 'Try again; if it keeps failing, check the keychain in your system settings.',
  };
}

/**
 * The OS keychain through keytar: service "Merchant Desk", account `<profileId>:<secretName>`. Every call is guarded
 * by a timeout; no value over MAX_SECRET_BYTES is written.
 */
export function createKeytarSecretStore(options: KeytarSecretStoreOptions = {}): SecretStore {
  const timeoutMs = options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;
  const service = options.service ?? KEYCHAIN_SERVICE;
  const platform = options.platform ?? process.platform;
  const load = options.load ?? loadKeytar;
  let keytar: Promise<KeytarLike> | undefined;
  /** This store's timed-out calls still pending: while there are any, new calls fail at once. */
  let abandonedHere = 0;

  async function call<T>(op: (k: KeytarLike) => Promise<T>): Promise<Result<T, SecretStoreError>> {
    if (abandonedHere > 0) {
      // A call that never answered still occupies a thread; more calls would pile up behind the same prompt.
      return err({
        kind: 'timeout',
        message: 'An earlier keychain request is still waiting for an answer.',
        action: 'An unlock or access prompt may be waiting: answer it (or unlock the keychain), then try again.',
      });
    }
    try {
      keytar ??= load();
      const k = await withTimeout(keytar, timeoutMs);
      return ok(await guard(op(k)));
    } catch (e) {
      return err(classifyKeychainError(e, platform, timeoutMs));
    }
  }

  /** Times the call out; a timed-out call is counted as abandoned until it finally settles (if ever). */
  function guard<T>(pending: Promise<T>): Promise<T> {
    return withTimeout(pending, timeoutMs).catch((e: unknown) => {
      if (e instanceof TimeoutError) {
        abandoned++;
        abandonedHere++;
        const settled = () => {
          abandoned--;
          abandonedHere--;
        };
        pending.then(settled, settled);
      }
      throw e;
    });
  }

  function account(profileId: string, name: SecretName): string {
    if (!PROFILE_ID.test(profileId)) throw new RangeError(`invalid profile id ${JSON.stringify(profileId)}`);
    return secretAccount(profileId, name);
  }

  /**
   * The Secret Service (Linux) answers a read of a locked collection with "nothing stored" and a delete with
   * "nothing deleted", no error. Before a miss is believed, a throw-away write tells: it fails with "locked" when
   * the collection is locked (or opens the unlock prompt on a desktop, after which the miss is checked again).
   */
  async function confirmMiss<T>(k: KeytarLike, retry: () => Promise<T>, miss: T): Promise<T> {
    if (platform !== 'linux') return miss;
    await k.setPassword(service, LOCK_PROBE_ACCOUNT, 'probe');
    await k.deletePassword(service, LOCK_PROBE_ACCOUNT);
    return retry();
  }

  return {
    backend: 'keytar',
    get: (profileId, name) => {
      const acc = account(profileId, name);
      return call(async (k) => {
        const value = await k.getPassword(service, acc);
        return value !== null ? value : confirmMiss(k, () => k.getPassword(service, acc), null);
      });
    },
    set: async (profileId, name, value) => {
      const acc = account(profileId, name);
      const bytes = secretByteLength(value);
      if (bytes > MAX_SECRET_BYTES) return err(tooLargeError(name, bytes));
      if (value.length === 0) throw new RangeError('refusing to store an empty secret (delete it instead)');
      return call((k) => k.setPassword(service, acc, value));
    },
    delete: (profileId, name) => {
      const acc = account(profileId, name);
      return call(async (k) => {
        const deleted = await k.deletePassword(service, acc);
        return deleted ? true : confirmMiss(k, () => k.deletePassword(service, acc), false);
      });
    },
  };
}
