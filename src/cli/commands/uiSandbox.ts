import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SellerApi } from '../../core/api/sellerApi';
import { fixedCredentials } from '../../core/api/clientDeps';
import {
  runFirstRun,
  type FirstRunOutcome,
  type FirstRunPorts,
  type RunningSandbox,
  type SandboxIdentity,
} from '../../core/app/firstRun';
import { openOrderCache, cacheFilePath } from '../../core/cache/openCache';
import { describeCacheError } from '../../core/cache/cacheErrors';
import { platformConfigSchema } from '../../core/config/platformConfig';
import { createAxiosTransport } from '../../core/http/axiosTransport';
import { generateRsaPrivateKey } from '../../core/keys/keyMaterial';
import { createRequestLog, requestLogPath } from '../../core/logging/requestLog';
import type { Profile } from '../../core/profiles/profileSchema';
import { profileCredentials } from '../../core/secrets/profileCredentials';
import { countingTransport } from '../../core/sync/countingTransport';
import { watchDataSet } from '../../core/sync/dataSetWatch';
import { SyncEngine } from '../../core/sync/syncEngine';
import { describeSyncError } from '../../core/sync/syncErrors';
import { err, ok, type Result } from '../../core/result';
import { SandboxStateError, startSandbox } from '../../sandbox';
import { SANDBOX_AFTER_SALES_STATUSES, SANDBOX_ORDER_STATUSES } from '../../sandbox/statuses';
import { ensureStateKeyPair } from '../../sandbox/stateKeys';
import { CLI_CREDENTIAL_HINTS, cliClientDeps, profileConfig } from '../context';
import { CliError } from '../io';
import type { CommandContext } from '../runner';
import { REBUILD_HINT } from './cacheAccess';

/** The demo data set first run serves (the `merchant-desk sandbox` defaults). */
const DEMO_ORDERS = 300;
const DEMO_SEED = 1;

/** Where a sandbox profile's URLs say the sandbox serves its endpoints (same rules as `merchant-desk sandbox`). */
function profilePaths(profile: Profile): { merchantId: string; apiPrefix: string; platformPathPrefix: string } {
  const base = new URL(profile.baseUrl);
  const platform = new URL(profile.platformUrl);
  return {
    merchantId: profile.merchantId,
    apiPrefix: base.pathname.replace(/\/+$/, '') + profile.apiPrefix,
    platformPathPrefix: platform.pathname.replace(/\/+$/, ''),
  };
}

async function listenSandbox(
  stateDir: string,
  options: { port: number; publicKeyPem: string; profile?: Profile },
): Promise<RunningSandbox> {
  try {
    const handle = await startSandbox({
      host: '127.0.0.1',
      port: options.port,
      orders: DEMO_ORDERS,
      seed: DEMO_SEED,
      publicKeyPem: options.publicKeyPem,
      stateDir,
      ...(options.profile ? profilePaths(options.profile) : {}),
    });
    return {
      baseUrl: handle.baseUrl,
      platformUrl: handle.platformUrl,
      merchantId: handle.merchantId,
      apiPrefix: handle.apiPrefix,
      stop: () => handle.stop(),
    };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(
        `Port ${options.port} on 127.0.0.1, where the sandbox${options.profile ? ` of profile "${options.profile.id}"` : ''} listens, is taken (another \`merchant-desk sandbox\` or \`ui --sandbox\`?). Stop it, or move the profile: \`merchant-desk profiles edit ${options.profile?.id ?? 'sandbox'} --base-url http://127.0.0.1:N --platform-url http://127.0.0.1:N/platform\`.`,
        'invalid-input',
      );
    if (e instanceof SandboxStateError)
      throw new CliError(
        `The sandbox state ${e.file} cannot be used (${e.detail}). Start over with \`merchant-desk sandbox --reset\`.`,
        'invalid-input',
      );
    throw e;
  }
}

/** The first sync of the identity's order cache, as `merchant-desk sync` runs it. */
async function syncCache(ctx: CommandContext, identity: SandboxIdentity): Promise<Result<{ cached: number }, string>> {
  const dataDir = ctx.dataDir();
  const connection =
    identity.mode === 'profile'
      ? {
          config: profileConfig(identity.profile, {}),
          credentials: profileCredentials(
            identity.profile.id,
            ctx.services().secrets,
            ctx.services().keys,
            CLI_CREDENTIAL_HINTS,
          ),
        }
      : {
          config: platformConfigSchema.parse({
            baseUrl: identity.sandbox.baseUrl,
            platformUrl: identity.sandbox.platformUrl,
            merchantId: identity.sandbox.merchantId,
          }),
          credentials: fixedCredentials({ token: identity.token, key: identity.privateKey }),
        };
  const file = cacheFilePath(dataDir, identity.mode === 'profile' ? identity.profile.id : 'default');
  const opened = openOrderCache({
    file,
    identity: { baseUrl: connection.config.baseUrl, merchantId: connection.config.merchantId },
  });
  if (!opened.ok) return err(describeCacheError(opened.error, REBUILD_HINT));
  const cache = opened.value;
  try {
    const dataSets = watchDataSet(createAxiosTransport({ maxSockets: 4 }));
    const transport = countingTransport(dataSets);
    const seller = new SellerApi(
      cliClientDeps(connection, {
        transport,
        ...(ctx.io.signal ? { signal: ctx.io.signal } : {}),
        ...(identity.mode === 'profile' ? { onRequest: createRequestLog({ file: requestLogPath(dataDir) }) } : {}),
      }),
    );
    const engine = new SyncEngine({
      cache,
      source: seller,
      settings: { parallelism: 4 },
      requestCount: () => transport.count,
      dataSets,
    });
    const result = await engine.sync(ctx.io.signal ? { signal: ctx.io.signal } : {});
    if (!result.ok) return err(describeSyncError(result.error, REBUILD_HINT));
    return ok({ cached: result.value.cached });
  } finally {
    cache.close();
  }
}

/** First run for `merchant-desk ui --sandbox`: the CLI's profiles, keychain and key store, the in-process sandbox. */
export async function startSandboxForUi(
  ctx: CommandContext,
  options: { port?: number },
): Promise<Result<FirstRunOutcome, string>> {
  const stateDir = path.join(ctx.dataDir(), 'sandbox');
  const services = ctx.services();
  const ports: FirstRunPorts = {
    profiles: services.profiles,
    secrets: services.secrets,
    keys: services.keys,
    startSandbox: (o) => listenSandbox(stateDir, o),
    stateKeyPair: () => {
      const pair = ensureStateKeyPair(stateDir);
      return { publicKeyPem: pair.publicKeyPem, privateKey: createPrivateKey(readFileSync(pair.privateKeyFile)) };
    },
    generateKey: () => generateRsaPrivateKey(2048),
    statusLabels: { order: { ...SANDBOX_ORDER_STATUSES }, afterSales: { ...SANDBOX_AFTER_SALES_STATUSES } },
    sync: (identity) => syncCache(ctx, identity),
  };
  return runFirstRun(ports, {
    ...(options.port !== undefined ? { port: options.port, environmentPort: options.port } : {}),
  });
}
