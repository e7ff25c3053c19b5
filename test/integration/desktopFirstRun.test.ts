/**
 * The desktop's first run with real pieces: the settings file, the file key store, the sandbox platform in a core
 * host (in process here; a utility process in the app) listening on loopback, and the first sync through main's
 * platform domains into a real SQLite cache. Only Electron is missing: main's wiring is the same functions.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_PROFILE_ID } from '../../src/core/app/firstRun';
import type { CoreHost } from '../../src/core/host/coreHost';
import { createInProcessCoreHost } from '../../src/core/host/inProcessHost';
import { appOperations } from '../../src/core/host/operations/appOperations';
import { createFileKeyStore } from '../../src/core/keys/keyStore';
import { createConfProfileStore } from '../../src/core/profiles/confProfileStore';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { createDesktopSandbox } from '../../src/appHost/firstRun/desktopSandbox';
import { freeLoopbackPort } from '../../src/appHost/firstRun/freePort';
import { composedApp } from '../helpers/composedApp';
import { platformQueries } from '../../src/appHost/platformQueries';
import { STATE_FILE_NAME } from '../../src/sandbox';
import { sandboxHostOperations } from '../../src/sandbox/hostOperations';
import { SHOP } from '../helpers/appPorts';
import { tempDir } from '../helpers/coreHostFixture';

let dir: ReturnType<typeof tempDir>;
const hosts: CoreHost[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

beforeEach(() => {
  dir = tempDir('md-desktop-first-run-');
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  for (const h of hosts.splice(0)) await h.dispose();
  dir.remove();
});

function desktop() {
  const profiles = createConfProfileStore(dir.dir);
  const secrets = createMemorySecretStore();
  const sandboxConfigs: unknown[] = [];
  const platform = composedApp({
    profiles,
    dataDir: dir.dir,
    startHost: (config) => {
      const host = createInProcessCoreHost({ operations: appOperations, config: { session: config }, secrets });
      hosts.push(host);
      return host;
    },
    events: { publish: () => true },
    clipboard: { writeSecret: () => {} },
    openExternal: async () => {},
  });
  cleanups.push(() => platform.dispose());
  const sandbox = createDesktopSandbox({
    dataDir: dir.dir,
    profiles,
    secrets,
    keys: createFileKeyStore({ dataDir: dir.dir, secrets }),
    startHost: (config) => {
      sandboxConfigs.push(config);
      const host = createInProcessCoreHost({ operations: sandboxHostOperations, config, secrets });
      hosts.push(host);
      return host;
    },
    freePort: freeLoopbackPort,
    // As main does it: re-read the active profile, then the first sync through its core host.
    syncActive: async () => {
      await platform.reopen();
      return platformQueries(platform.handlers).firstSync();
    },
  });
  cleanups.push(() => sandbox.stop());
  return { profiles, secrets, platform, sandbox, sandboxConfigs };
}

const reachable = async (url: string) => {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
};

describe('desktop first run', () => {
  it('with no profile: the sandbox profile is created and active, its sandbox runs on a fixed loopback port with state under the data directory, and the cache is synced', async () => {
    const d = desktop();
    const first = await d.sandbox.ensure();
    expect(first).toMatchObject({ ok: true, value: { kind: 'sandbox', profileId: SANDBOX_PROFILE_ID, created: true } });
    expect(first.ok && first.value.kind === 'sandbox' && first.value.sync).toEqual({
      ok: true,
      value: { mode: 'full', cached: 300 },
    });

    const active = d.profiles.active();
    expect(active.ok && active.value).toMatchObject({ id: SANDBOX_PROFILE_ID, kind: 'sandbox' });
    const profile = active.ok ? active.value! : undefined!;
    const port = Number(new URL(profile.baseUrl).port);
    expect(new URL(profile.baseUrl).hostname).toBe('127.0.0.1');
    // The port the host was given is the one in the profile: a restarted host listens where the profile points.
    expect(d.sandboxConfigs).toEqual([
      { sandbox: expect.objectContaining({ port, stateDir: path.join(dir.dir, 'sandbox') }) },
    ]);
    expect(existsSync(path.join(dir.dir, 'sandbox', STATE_FILE_NAME))).toBe(true);
    // The sandbox profile's own key is the one registered with the sandbox.
    const key = await createFileKeyStore({ dataDir: dir.dir, secrets: d.secrets }).info(SANDBOX_PROFILE_ID);
    expect(key.ok && key.value?.publicKeyPem).toBe(
      (d.sandboxConfigs[0] as { sandbox: { publicKeyPem: string } }).sandbox.publicKeyPem,
    );
    expect(await d.platform.handlers['orders:count']({})).toEqual({ ok: true, data: { count: 300 } });
    // The tray's count: the cached orders whose after-sales request awaits review (the sandbox's status 1).
    const awaiting = await d.platform.handlers['orders:count']({ orderAfterSalesStatus: [1] });
    const awaitingCount = awaiting.ok ? awaiting.data.count : -1;
    expect(awaitingCount).toBeGreaterThan(0);
    expect(await platformQueries(d.platform.handlers).awaitingDecision()).toBe(awaitingCount);
    expect(await platformQueries(d.platform.handlers).cacheComplete()).toBe(true);
    // The tray's attention line and the due notifications read the same queue as the Attention screen.
    const attention = await platformQueries(d.platform.handlers).attention();
    expect(attention?.counts.total).toBeGreaterThan(0);
    // Distinct orders: an order in two kinds (a refund that is also overdue) counts once.
    const c = attention!.counts;
    expect(c.total).toBeLessThanOrEqual(c.refunds + c.overdue + c.dueSoon + c.exceptions + c.disputes);
    expect(c.total).toBeGreaterThanOrEqual(Math.max(c.refunds, c.overdue, c.dueSoon, c.exceptions, c.disputes));

    // A second ensure (a profile change that kept the sandbox) starts nothing.
    expect(await d.sandbox.ensure()).toMatchObject({ ok: true, value: { kind: 'sandbox', sync: null } });
    expect(d.sandboxConfigs).toHaveLength(1);
  }, 60_000);

  it('a merchant profile stops the sandbox; choosing the sandbox profile again starts it on the same port', async () => {
    const d = desktop();
    await d.sandbox.ensure();
    const profile = d.profiles.get(SANDBOX_PROFILE_ID);
    const baseUrl = profile.ok ? profile.value.baseUrl : '';
    expect(await reachable(baseUrl)).toBe(true);

    expect(d.profiles.add({ ...SHOP, id: 'shop' }).ok).toBe(true);
    expect(d.profiles.setActive('shop').ok).toBe(true);
    expect(await d.sandbox.ensure()).toEqual({ ok: true, value: { kind: 'not-needed' } });
    expect(await reachable(baseUrl)).toBe(false);

    expect(d.profiles.setActive(SANDBOX_PROFILE_ID).ok).toBe(true);
    const again = await d.sandbox.ensure();
    expect(again).toMatchObject({ ok: true, value: { kind: 'sandbox', created: false } });
    expect(await reachable(baseUrl)).toBe(true);
  }, 60_000);

  it("an edit of the sandbox profile's address moves its sandbox there", async () => {
    const d = desktop();
    await d.sandbox.ensure();
    const before = d.profiles.get(SANDBOX_PROFILE_ID);
    const oldBase = before.ok ? before.value.baseUrl : '';
    const port = await freeLoopbackPort();
    const edited = d.profiles.update(SANDBOX_PROFILE_ID, {
      baseUrl: `http://127.0.0.1:${port}`,
      platformUrl: `http://127.0.0.1:${port}/platform`,
    });
    expect(edited.ok).toBe(true);
    expect(await d.sandbox.ensure()).toMatchObject({ ok: true, value: { kind: 'sandbox', created: false } });
    expect(await reachable(`http://127.0.0.1:${port}/`)).toBe(true);
    expect(await reachable(oldBase)).toBe(false);
  }, 60_000);

  it('profiles but none chosen: nothing is started (the person picks one)', async () => {
    const d = desktop();
    expect(d.profiles.add({ ...SHOP, id: 'shop' }).ok).toBe(true);
    expect(await d.sandbox.ensure()).toEqual({ ok: true, value: { kind: 'not-needed' } });
    expect(d.sandboxConfigs).toEqual([]);
  });

  it("the sandbox profile's port taken by another program: a typed refusal that names the port, nothing left running", async () => {
    const d = desktop();
    await d.sandbox.ensure();
    await d.sandbox.stop();
    const profile = d.profiles.get(SANDBOX_PROFILE_ID);
    const port = Number(new URL(profile.ok ? profile.value.baseUrl : '').port);
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

    const refused = await d.sandbox.ensure();
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1.*is taken`));
  }, 60_000);
});
