import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileKeyStore } from '../../src/core/keys/keyStore';
import { createConfProfileStore } from '../../src/core/profiles/confProfileStore';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';

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
