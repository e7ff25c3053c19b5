import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileKeyStore } from '../../src/core/keys/keyStore';
import { createConfProfileStore } from '../../src/core/profiles/confProfileStore';
import { ok } from '../../src/core/result';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import type { LocalManagementPorts } from '../../src/appHost/handlers/localManagement';

/** The real ports of the local-management use cases over a fresh data directory; only the keychain is in memory. */
export function appPorts() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-app-'));
  const secrets = createMemorySecretStore();
  return {
    dataDir,
    profiles: createConfProfileStore(dataDir),
    secrets,
    keys: createFileKeyStore({ dataDir, secrets }),
  };
}

export const SHOP = {
  id: 'shop-eu',
  name: 'Shop EU',
  kind: 'merchant' as const,
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://platform.example.com',
  merchantId: 'M-1',
};

/** The local-management ports of both hosts over appPorts(); the shell's openers only record what they were asked. */
export function localManagementPorts(): ReturnType<typeof appPorts> & LocalManagementPorts & { opened: string[] } {
  const ports = appPorts();
  const opened: string[] = [];
  const record = (target: string) => {
    opened.push(target);
    return Promise.resolve(ok(undefined));
  };
  return {
    ...ports,
    logFile: path.join(ports.dataDir, 'logs', 'core-host.log'),
    transport: () => ({ send: () => Promise.reject(new Error('no platform in this test')) }),
    openPath: record,
    openExternal: record,
    opened,
  };
}
