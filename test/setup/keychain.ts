/**
 * Real-keychain test helpers. Keychain tests talk to the OS credential store through keytar (on Linux: the
 * Secret Service over D-Bus, e.g. gnome-keyring). Where none is reachable they are skipped with a reason, unless
 * MERCHANT_DESK_REQUIRE_KEYCHAIN=1 (set by .ci/run), which turns "unavailable" into a failure.
 *
 * Locally: `bash scripts/with-keyring.sh npm test` runs the tests inside a private D-Bus session with an
 * unlocked gnome-keyring (Debian: apt-get install gnome-keyring libsecret-tools dbus).
 */
import { randomUUID } from 'node:crypto';
import type * as Keytar from 'keytar';
import { describe, it } from 'vitest';

export type KeychainAvailability = { ok: true } | { ok: false; reason: string };

export const KEYCHAIN_PROBE_TIMEOUT_MS = 3_000;

export function keychainRequired(): boolean {
  return process.env.MERCHANT_DESK_REQUIRE_KEYCHAIN === '1';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${ms} ms (locked keyring waiting for a prompt?)`)),
      ms,
    );
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function probe(): Promise<void> {
  let keytar: typeof Keytar;
  try {
    // keytar is CommonJS: its functions arrive on the default export.
    const mod: { default?: typeof Keytar } & typeof Keytar = await import('keytar');
    keytar = mod.default ?? mod;
  } catch (error) {
    throw new Error(
      `keytar could not load (${errorText(error)}); on Linux it needs libsecret (apt-get install libsecret-1-dev) and a rebuild`,
      { cause: error },
    );
  }
  const service = `merchant-desk-test-probe-${process.pid}`;
  const account = randomUUID();
  const secret = `probe-${randomUUID()}`;
  await keytar.setPassword(service, account, secret);
  try {
    const read = await keytar.getPassword(service, account);
    if (read !== secret)
      throw new Error(`a secret written to the keychain read back as ${read === null ? 'null' : 'a different value'}`);
  } finally {
    await keytar.deletePassword(service, account);
  }
}

/** Writes, reads back and deletes a throw-away secret (3 s limit in all). Never throws. */
export async function secretServiceAvailable(): Promise<KeychainAvailability> {
  try {
    await withTimeout(probe(), KEYCHAIN_PROBE_TIMEOUT_MS, 'the keychain');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: errorText(error) };
  }
}

let cached: Promise<KeychainAvailability> | undefined;
/** secretServiceAvailable(), probed once per test file. */
function availabilityOnce(): Promise<KeychainAvailability> {
  cached ??= secretServiceAvailable();
  return cached;
}

/**
 * describe() for tests that need the real OS keychain. When it is unavailable the suite is skipped with the
 * reason in its title — or, with MERCHANT_DESK_REQUIRE_KEYCHAIN=1, replaced by one failing test.
 */
export function describeKeychain(name: string, fn: () => void): void {
  describe(name, async () => {
    const availability = await availabilityOnce();
    if (availability.ok) {
      fn();
      return;
    }
    const why = `no usable keychain: ${availability.reason}`;
    if (keychainRequired()) {
      it('needs the OS keychain (MERCHANT_DESK_REQUIRE_KEYCHAIN=1)', () => {
        throw new Error(
          `${why}. Run the tests through scripts/with-keyring.sh (Linux) or unset MERCHANT_DESK_REQUIRE_KEYCHAIN.`,
        );
      });
      return;
    }
    console.warn(`[keychain] skipping "${name}" — ${why}. Try: bash scripts/with-keyring.sh npm test`);
    it.skip(`skipped — ${why} (run via scripts/with-keyring.sh)`, () => {});
  });
}
