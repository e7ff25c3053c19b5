import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CoreHost, HostState } from '../../src/core/host/coreHost';
import { openHostLog, type HostLog } from '../../src/core/host/hostLog';
import { createInProcessCoreHost } from '../../src/core/host/inProcessHost';
import { nodeHostLauncher } from '../../src/core/host/nodeLauncher';
import type { HostEvent } from '../../src/core/host/operations';
import type { OrderSessionConfig } from '../../src/core/host/operations/sessionOperations';
import type { RestartPolicy } from '../../src/core/host/restartPolicy';
import { createSupervisedCoreHost } from '../../src/core/host/supervisedHost';
import { testOperations } from '../../src/core/host/testing/testOperations';
import { createMemorySecretStore, type MemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import type { SecretStore } from '../../src/core/secrets/secretStore';
import { bundleChild, repoRoot } from './bundleChild';
import type { TestPlatform } from './sandboxFixture';

export const PROFILE = 'shop-1';

/** The host child (src/core/host/testing/hostChildMain.ts) as one ESM file; call `remove` when done. */
export async function buildHostChild(): Promise<{ entry: string; remove(): void }> {
  const outDir = path.join(repoRoot, 'node_modules', '.tmp', `core-host-child-${process.pid}`);
  const entry = await bundleChild('src/core/host/testing/hostChildMain.ts', outDir);
  return { entry, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** A keychain in memory holding the sandbox token, counting every read (to prove who is asked). */
export function keychainFor(p: TestPlatform): MemorySecretStore & { reads: string[] } {
  const store = createMemorySecretStore();
  const reads: string[] = [];
  const counting = Object.assign(store, { reads });
  const get = store.get.bind(store);
  counting.get = (profileId, name) => {
    reads.push(`${profileId}:${name}`);
    return get(profileId, name);
  };
  store.entries.set(`${PROFILE}:token`, p.sandbox.token);
  return counting;
}

export function sessionConfig(p: TestPlatform, dir: string, sync?: OrderSessionConfig['sync']): OrderSessionConfig {
  return {
    profileId: PROFILE,
    platform: {
      baseUrl: p.sandbox.baseUrl,
      platformUrl: p.sandbox.platformUrl,
      merchantId: p.sandbox.merchantId,
      timeoutMs: 5_000,
    },
    cacheFile: path.join(dir, 'cache', `${PROFILE}.sqlite`),
    ...(sync ? { sync } : {}),
  };
}

export interface HostUnderTest {
  host: CoreHost;
  /** Restart waits the supervisor asked for (out of process only). */
  waits: number[];
  log?: HostLog;
}

export interface MakeHostOptions {
  config: OrderSessionConfig;
  secrets: SecretStore;
  restart?: Partial<RestartPolicy>;
}

export type HostMaker = (o: MakeHostOptions) => HostUnderTest;

export function inProcessMaker(): HostMaker {
  return ({ config, secrets }) => ({
    host: createInProcessCoreHost({ operations: testOperations, config, secrets }),
    waits: [],
  });
}

/** Out of process: a real Node child per host start; restart waits are recorded and skipped. */
export function outOfProcessMaker(entry: () => string, logDir: () => string): HostMaker {
  return ({ config, secrets, restart }) => {
    const waits: number[] = [];
    const log = openHostLog(path.join(logDir(), 'core-host.log'));
    const host = createSupervisedCoreHost({
      launcher: nodeHostLauncher({ entry: entry(), log: (l) => log.write(l) }),
      config,
      secrets,
      ...(restart ? { restart } : {}),
      logFile: log.file,
      log: (l) => log.write(l),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    return { host, waits, log };
  };
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves when the host reaches `state` (at once if it is there). */
export function untilState(host: CoreHost, state: HostState): Promise<void> {
  if (host.status.state === state) return Promise.resolve();
  return new Promise((resolve) => {
    const off = host.onStatus((s) => {
      if (s.state === state) {
        off();
        resolve();
      }
    });
  });
}

/** Resolves with the first event named `name`. */
export function nextEvent(host: CoreHost, name: string): Promise<HostEvent> {
  return new Promise((resolve) => {
    const off = host.onEvent((e) => {
      if (e.name === name) {
        off();
        resolve(e);
      }
    });
  });
}
