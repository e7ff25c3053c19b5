import { createPublicKey, type KeyObject } from 'node:crypto';
import type { KeyStore } from '../keys/keyStore';
import type { Profile, StatusLabels } from '../profiles/profileSchema';
import type { ProfileStore } from '../profiles/profileStore';
import { describeProfileStoreError } from '../../shared/errors/profileErrors';
import { err, ok, type Result } from '../result';
import type { SecretStore, SecretStoreError } from '../secrets/secretStore';

/**
 * First run: with no profile, the app works at once against the sandbox platform in this process — a sandbox
 * profile (token and key in the keychain), the sandbox serving that profile's public key with its data kept under
 * the data directory, and a first sync so the orders are cached. Without a keychain the sandbox still runs, with
 * the environment mode's credentials (its own key pair in its state directory, the sandbox token), and says why.
 */

/** The profile first run creates. */
export const SANDBOX_PROFILE_ID = 'sandbox';
/** The token the sandbox accepts (a sandbox-only value, not a secret of any account). */
export const SANDBOX_TOKEN = 'sandbox-token';
/** The sandbox's address when it runs without a profile: fixed, so the cache's identity stays the same. */
export const ENVIRONMENT_SANDBOX_PORT = 8787;

export interface RunningSandbox {
  baseUrl: string;
  platformUrl: string;
  merchantId: string;
  apiPrefix: string;
  stop(): Promise<void>;
}

/** What the start's sync did: a full one (a new cache) or an incremental one (a later start), and the orders cached. */
export interface SandboxSync {
  mode: 'full' | 'incremental';
  cached: number;
}

/** Who the first sync works for: the sandbox profile, or the environment mode's fixed credentials. */
export type SandboxIdentity =
  | { mode: 'profile'; profile: Profile }
  | { mode: 'environment'; sandbox: RunningSandbox; token: string; privateKey: KeyObject };

export interface FirstRunPorts {
  profiles: ProfileStore;
  secrets: SecretStore;
  keys: KeyStore;
  /** Starts the sandbox (in this process, data kept under the data directory) on 127.0.0.1; port 0 = a free one. */
  startSandbox(options: { port: number; publicKeyPem: string; profile?: Profile }): Promise<RunningSandbox>;
  /** The key pair the sandbox keeps in its state directory (the environment mode's key). */
  stateKeyPair(): { publicKeyPem: string; privateKey: KeyObject };
  generateKey(): Promise<KeyObject>;
  /** The sandbox's own names for its status values. */
  statusLabels: StatusLabels;
  /** Brings the order cache of this identity up to date; the number of cached orders. */
  sync(identity: SandboxIdentity): Promise<Result<SandboxSync, string>>;
}

export interface SandboxSession {
  sandbox: RunningSandbox;
  identity: SandboxIdentity;
  /** True when this run created the sandbox profile. */
  created: boolean;
  /** Why the sandbox runs without a profile (no keychain), for the user. */
  fallbackReason?: string;
  sync: Result<SandboxSync, string>;
}

export type FirstRunOutcome =
  /** A merchant profile is active: the app runs on it, no sandbox. */
  { kind: 'merchant-profile'; profile: Profile } | { kind: 'sandbox'; session: SandboxSession };

const keychainMissing = (e: SecretStoreError) =>
  e.kind === 'keychain-unavailable' || e.kind === 'keychain-locked' || e.kind === 'timeout';

async function startEnvironmentMode(ports: FirstRunPorts, reason: string, port: number): Promise<SandboxSession> {
  const pair = ports.stateKeyPair();
  const sandbox = await ports.startSandbox({ port, publicKeyPem: pair.publicKeyPem });
  const identity: SandboxIdentity = { mode: 'environment', sandbox, token: SANDBOX_TOKEN, privateKey: pair.privateKey };
  return { sandbox, identity, created: false, fallbackReason: reason, sync: await ports.sync(identity) };
}

/** The sandbox profile's key: its stored one, or a new one stored now. */
async function profileKey(ports: FirstRunPorts, id: string): Promise<Result<string, string>> {
  const info = await ports.keys.info(id);
  if (!info.ok) return err(`${info.error.message} ${info.error.action}`);
  if (info.value !== null) return ok(info.value.publicKeyPem);
  const saved = await ports.keys.save(id, await ports.generateKey());
  if (!saved.ok) return err(`${saved.error.message} ${saved.error.action}`);
  return ok(saved.value.publicKeyPem);
}

/**
 * Sets up and starts the sandbox for the app: the active sandbox profile (or the one first run creates when there
 * is no profile at all), else the environment-mode fallback when the keychain cannot be used.
 * `port`: where a new sandbox profile's sandbox listens (0 = a free one, kept in the profile for the next start).
 */
export async function runFirstRun(
  ports: FirstRunPorts,
  options: { port?: number; environmentPort?: number } = {},
): Promise<Result<FirstRunOutcome, string>> {
  const envPort = options.environmentPort ?? ENVIRONMENT_SANDBOX_PORT;
  const listed = ports.profiles.list();
  if (!listed.ok) return err(describeProfileStoreError(listed.error));
  const active = ports.profiles.active();
  if (!active.ok) return err(describeProfileStoreError(active.error));
  if (active.value?.kind === 'merchant') return ok({ kind: 'merchant-profile', profile: active.value });
  const existing = active.value ?? listed.value.find((p) => p.id === SANDBOX_PROFILE_ID && p.kind === 'sandbox');
  if (existing === undefined && listed.value.length > 0)
    return err(
      `No profile is active and none is the sandbox profile: choose one with \`merchant-desk profiles use NAME\`.`,
    );

  // The keychain holds the sandbox profile's token and key passphrase; without one, the profile cannot work.
  const probe = await ports.secrets.get(existing?.id ?? SANDBOX_PROFILE_ID, 'token');
  if (!probe.ok) {
    if (!keychainMissing(probe.error)) return err(`${probe.error.message} ${probe.error.action}`);
    // The sandbox's demo key pair is its own (kept in its state directory); no account's secret leaves the keychain.
    const reason = `${probe.error.message} The sandbox runs without a profile (the environment mode: token ${SANDBOX_TOKEN}, the sandbox's own key pair in its state directory). For a saved sandbox profile, start a Secret Service (e.g. GNOME Keyring) and run this again.`;
    return ok({ kind: 'sandbox', session: await startEnvironmentMode(ports, reason, envPort) });
  }

  if (existing !== undefined) {
    if (probe.value === null) {
      const set = await ports.secrets.set(existing.id, 'token', SANDBOX_TOKEN);
      if (!set.ok) return err(`${set.error.message} ${set.error.action}`);
    }
    const key = await profileKey(ports, existing.id);
    if (!key.ok) return err(key.error);
    const port = Number(new URL(existing.baseUrl).port || 80);
    const sandbox = await ports.startSandbox({ port, publicKeyPem: key.value, profile: existing });
    if (active.value === null) ports.profiles.setActive(existing.id);
    const identity: SandboxIdentity = { mode: 'profile', profile: existing };
    return ok({ kind: 'sandbox', session: { sandbox, identity, created: false, sync: await ports.sync(identity) } });
  }

  // No profile at all: the sandbox listens first (a free port is known only then), then the profile names it.
  const key = await ports.generateKey();
  const publicKeyPem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  const sandbox = await ports.startSandbox({ port: options.port ?? 0, publicKeyPem });
  const created = await createSandboxProfile(ports, sandbox, key);
  if (!created.ok) {
    await sandbox.stop();
    return err(created.error);
  }
  const identity: SandboxIdentity = { mode: 'profile', profile: created.value };
  return ok({ kind: 'sandbox', session: { sandbox, identity, created: true, sync: await ports.sync(identity) } });
}

async function createSandboxProfile(
  ports: FirstRunPorts,
  sandbox: RunningSandbox,
  key: KeyObject,
): Promise<Result<Profile, string>> {
  const added = ports.profiles.add({
    id: SANDBOX_PROFILE_ID,
    name: 'Sandbox',
    kind: 'sandbox',
    baseUrl: sandbox.baseUrl,
    platformUrl: sandbox.platformUrl,
    merchantId: sandbox.merchantId,
    statusLabels: ports.statusLabels,
  });
  if (!added.ok) return err(describeProfileStoreError(added.error));
  const activated = ports.profiles.setActive(SANDBOX_PROFILE_ID);
  if (!activated.ok) return err(describeProfileStoreError(activated.error));
  const token = await ports.secrets.set(SANDBOX_PROFILE_ID, 'token', SANDBOX_TOKEN);
  if (!token.ok) return err(`${token.error.message} ${token.error.action}`);
  const saved = await ports.keys.save(SANDBOX_PROFILE_ID, key);
  if (!saved.ok) return err(`${saved.error.message} ${saved.error.action}`);
  return ok(added.value);
}
