import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessCoreHost } from '../../core/host/inProcessHost';
import { createMemorySecretStore } from '../../core/secrets/memorySecretStore';
import { SANDBOX_INFO_OPERATION } from '../../sandbox/appSandboxConfig';
import { freeLoopbackPort } from '../firstRun/freePort';
import { desktopHostOperations } from './hostOperations';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("the utility process's operations", () => {
  it('a { sandbox } configuration serves the sandbox on its loopback port, stopped with the host', async () => {
    const stateDir = mkdtempSync(path.join(tmpdir(), 'md-host-ops-'));
    dirs.push(stateDir);
    const port = await freeLoopbackPort();
    const publicKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const host = createInProcessCoreHost({
      operations: desktopHostOperations,
      config: { sandbox: { stateDir, port, publicKeyPem } },
      secrets: createMemorySecretStore(),
    });
    const info = await host.call(SANDBOX_INFO_OPERATION);
    expect(info).toMatchObject({ ok: true, value: { baseUrl: `http://127.0.0.1:${port}` } });
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBeGreaterThan(0);
    await host.dispose();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('a { session } or empty configuration serves the session operations, not the sandbox', async () => {
    const host = createInProcessCoreHost({
      operations: desktopHostOperations,
      config: {},
      secrets: createMemorySecretStore(),
    });
    expect(await host.call(SANDBOX_INFO_OPERATION)).toMatchObject({ ok: false, error: { kind: 'unknown-operation' } });
    await host.dispose();
  });
});
