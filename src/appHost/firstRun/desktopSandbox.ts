import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  runFirstRun,
  type FirstRunOutcome,
  type FirstRunPorts,
  type RunningSandbox,
  type SandboxSync,
} from '../../core/app/firstRun';
import type { CoreHost } from '../../core/host/coreHost';
import { generateRsaPrivateKey } from '../../core/keys/keyMaterial';
import type { KeyStore } from '../../core/keys/keyStore';
import type { Profile } from '../../core/profiles/profileSchema';
import type { ProfileStore } from '../../core/profiles/profileStore';
import { err, ok, type Result } from '../../core/result';
import type { SecretStore } from '../../core/secrets/secretStore';
import { describeProfileStoreError } from '../../shared/errors/profileErrors';
import {
  profilePaths,
  SANDBOX_INFO_OPERATION,
  type AppSandboxConfig,
  type AppSandboxInfo,
} from '../../sandbox/appSandboxConfig';
import { ensureStateKeyPair } from '../../sandbox/stateKeys';
import { SANDBOX_AFTER_SALES_STATUSES, SANDBOX_ORDER_STATUSES } from '../../sandbox/statuses';

/**
 * The desktop's first run: with no profile at all, or a sandbox profile active, the sandbox platform runs in a
 * core host of its own on loopback (state under the data directory, the sandbox profile's public key registered
 * with it) and the profile's cache is synced once, through the same first-run use case as `merchant-desk ui
 * --sandbox`. No Electron here: the host, the sync and the port come in as ports.
 */
export interface DesktopSandboxPorts {
  dataDir: string;
  profiles: ProfileStore;
  secrets: SecretStore;
  keys: KeyStore;
  /** Starts a core host serving the sandbox (a utility process in the app; `sandboxHostOperations`). */
  startHost(config: { sandbox: AppSandboxConfig }): CoreHost;
  /** A free port on 127.0.0.1 for a new sandbox profile (freeLoopbackPort). */
  freePort(): Promise<number>;
  /** The sandbox profile is active: re-read it in the platform domains and run one sync through its core host. */
  syncActive(): Promise<Result<SandboxSync, string>>;
  generateKey?(): Promise<KeyObject>;
}

export type DesktopFirstRun =
  /** Nothing to start: a merchant profile is active, or profiles exist and none is chosen (the person picks). */
  | { kind: 'not-needed' }
  /** The sandbox runs for this profile (already, or started now and synced). */
  | { kind: 'sandbox'; profileId: string; created: boolean; sync: Result<SandboxSync, string> | null };

export interface DesktopSandbox {
  /** On start and after every profile change: the sandbox runs exactly when a sandbox profile is active. */
  ensure(): Promise<Result<DesktopFirstRun, string>>;
  /** On quit. */
  stop(): Promise<void>;
}

/** Thrown inside the first-run port (runFirstRun expects a started sandbox or a throw); caught in `ensure`. */
class SandboxStartFailure extends Error {}

const DESKTOP_NEEDS_KEYCHAIN =
  'The desktop app keeps the sandbox profile’s token and key passphrase in the system keychain, which cannot be used.';

export function createDesktopSandbox(ports: DesktopSandboxPorts): DesktopSandbox {
  const stateDir = path.join(ports.dataDir, 'sandbox');
  let running: { key: string; sandbox: RunningSandbox } | undefined;
  /** What the running sandbox was started for: an edit of the profile's addresses needs a new one. */
  const keyOf = (p: Pick<Profile, 'id' | 'baseUrl' | 'platformUrl' | 'merchantId' | 'apiPrefix'>) =>
    JSON.stringify([p.id, p.baseUrl, p.platformUrl, p.merchantId, p.apiPrefix]);
  // One ensure at a time: start-up and a profile change must not start two sandboxes on one port.
  let queue: Promise<unknown> = Promise.resolve();

  const firstRunPorts: FirstRunPorts = {
    profiles: ports.profiles,
    secrets: ports.secrets,
    keys: ports.keys,
    async startSandbox({ port, publicKeyPem, profile }) {
      const host = ports.startHost({
        sandbox: {
          stateDir,
          port: port === 0 ? await ports.freePort() : port,
          publicKeyPem,
          ...(profile ? profilePaths(profile) : {}),
        },
      });
      const info = await host.call(SANDBOX_INFO_OPERATION);
      if (!info.ok) {
        await host.dispose();
        throw new SandboxStartFailure(info.error.message);
      }
      return { ...(info.value as AppSandboxInfo), stop: () => host.dispose() };
    },
    stateKeyPair: () => {
      const pair = ensureStateKeyPair(stateDir);
      return { publicKeyPem: pair.publicKeyPem, privateKey: createPrivateKey(readFileSync(pair.privateKeyFile)) };
    },
    generateKey: ports.generateKey ?? (() => generateRsaPrivateKey(2048)),
    statusLabels: { order: { ...SANDBOX_ORDER_STATUSES }, afterSales: { ...SANDBOX_AFTER_SALES_STATUSES } },
    // The environment mode (no keychain) has no profile the app's core host could open.
    sync: async (identity) => (identity.mode === 'profile' ? ports.syncActive() : err(DESKTOP_NEEDS_KEYCHAIN)),
  };

  async function stopRunning(): Promise<void> {
    const was = running;
    running = undefined;
    await was?.sandbox.stop();
  }

  async function ensureNow(): Promise<Result<DesktopFirstRun, string>> {
    const listed = ports.profiles.list();
    if (!listed.ok) return err(describeProfileStoreError(listed.error));
    const active = ports.profiles.active();
    if (!active.ok) return err(describeProfileStoreError(active.error));
    const profile = active.value;
    const wanted = profile?.kind === 'sandbox' || listed.value.length === 0;
    if (!wanted) {
      await stopRunning();
      return ok({ kind: 'not-needed' });
    }
    if (running && profile && running.key === keyOf(profile))
      return ok({ kind: 'sandbox', profileId: profile.id, created: false, sync: null });
    await stopRunning();

    let outcome: Result<FirstRunOutcome, string>;
    try {
      outcome = await runFirstRun(firstRunPorts);
    } catch (e) {
      if (e instanceof SandboxStartFailure) return err(e.message);
      throw e;
    }
    if (!outcome.ok) return outcome;
    if (outcome.value.kind === 'merchant-profile') return ok({ kind: 'not-needed' });
    const { session } = outcome.value;
    if (session.identity.mode === 'environment') {
      await session.sandbox.stop();
      return err(`${DESKTOP_NEEDS_KEYCHAIN} ${session.fallbackReason ?? ''}`.trim());
    }
    running = { key: keyOf(session.identity.profile), sandbox: session.sandbox };
    return ok({
      kind: 'sandbox',
      profileId: session.identity.profile.id,
      created: session.created,
      sync: session.sync,
    });
  }

  return {
    ensure() {
      const next = queue.then(ensureNow, ensureNow);
      queue = next.catch(() => undefined);
      return next;
    },
    async stop() {
      await queue.catch(() => undefined);
      await stopRunning();
    },
  };
}
