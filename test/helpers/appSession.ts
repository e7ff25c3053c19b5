import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSession, type Session, type SessionParts } from '../../src/core/app/session';
import { platformConfigSchema } from '../../src/core/config/platformConfig';
import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import { countingTransport, type CountingTransport } from '../../src/core/sync/countingTransport';
import { startTestPlatform, type TestPlatform } from './sandboxFixture';
import type { SandboxOptions } from '../../src/sandbox';

/** A sandbox on loopback and use-case sessions over it, each with a fresh data directory (removed by `stop`). */
export interface AppSessionKit {
  platform: TestPlatform;
  dataDir: string;
  /** Every request any session of the kit sent. */
  sent: CountingTransport;
  session(overrides?: Partial<SessionParts>): Session;
  stop(): Promise<void>;
}

export async function startAppSessionKit(
  options: Partial<SandboxOptions> = {},
  timeoutMs = 3000,
): Promise<AppSessionKit> {
  const platform = await startTestPlatform(options);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-app-'));
  const sent = countingTransport(createAxiosTransport(), { record: true });
  const sessions: Session[] = [];
  const { sandbox } = platform;
  return {
    platform,
    dataDir,
    sent,
    session(overrides = {}) {
      const config = platformConfigSchema.parse({
        baseUrl: sandbox.baseUrl,
        platformUrl: sandbox.platformUrl,
        merchantId: sandbox.merchantId,
        timeoutMs,
      });
      const s = createSession({
        config,
        credentials: platform.credentials,
        profileId: 'test',
        dataDir,
        cacheOwner: { baseUrl: config.baseUrl, merchantId: config.merchantId },
        transport: () => sent,
        ...overrides,
      });
      sessions.push(s);
      return s;
    },
    async stop() {
      for (const s of sessions) s.close();
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
