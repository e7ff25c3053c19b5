import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  runFirstRun,
  type FirstRunOutcome,
  type FirstRunPorts,
  type RunningSandbox,
  type SandboxIdentity,
  type SandboxSync,
} from '../../core/app/firstRun';
import { syncNow } from '../../core/app/sync';
import { generateRsaPrivateKey } from '../../core/keys/keyMaterial';
import type { Profile } from '../../core/profiles/profileSchema';
import { err, ok, type Result } from '../../core/result';
import { describeAppSandboxStartError, startAppSandbox } from '../../sandbox/appSandbox';
import type { SandboxHandle } from '../../sandbox/server';
import { profilePaths } from '../../sandbox/appSandboxConfig';
import { SANDBOX_AFTER_SALES_STATUSES, SANDBOX_ORDER_STATUSES } from '../../sandbox/statuses';
import { ensureStateKeyPair } from '../../sandbox/stateKeys';
import { withSession } from '../commandSession';
import { resolveConnection } from '../context';
import { CliError } from '../io';
import type { CommandContext } from '../runner';

async function listenSandbox(
  stateDir: string,
  options: { port: number; publicKeyPem: string; profile?: Profile },
  started?: (sandbox: SandboxHandle) => void,
): Promise<RunningSandbox> {
  const start = await startAppSandbox({
    stateDir,
    port: options.port,
    publicKeyPem: options.publicKeyPem,
    ...(options.profile ? profilePaths(options.profile) : {}),
  });
  if (!start.ok) {
    const message = describeAppSandboxStartError(start.error, options.profile?.id);
    throw new CliError(message, start.error.kind === 'failed' ? 'unexpected' : 'invalid-input');
  }
  const { handle } = start;
  started?.(handle);
  return {
    baseUrl: handle.baseUrl,
    platformUrl: handle.platformUrl,
    merchantId: handle.merchantId,
    apiPrefix: handle.apiPrefix,
    stop: () => handle.stop(),
  };
}

/**
 * The command context the app's session uses: as given for the sandbox profile; for the keychain-less sandbox the
 * environment mode's settings in this process only (the sandbox's URLs, its demo token and its own key file).
 */
export function sandboxContext(ctx: CommandContext, identity: SandboxIdentity): CommandContext {
  if (identity.mode === 'profile') return ctx;
  const io = {
    ...ctx.io,
    env: {
      ...ctx.io.env,
      MERCHANT_DESK_BASE_URL: identity.sandbox.baseUrl,
      MERCHANT_DESK_PLATFORM_URL: identity.sandbox.platformUrl,
      MERCHANT_DESK_MERCHANT_ID: identity.sandbox.merchantId,
      MERCHANT_DESK_TOKEN: identity.token,
      MERCHANT_DESK_PRIVATE_KEY_FILE: ensureStateKeyPair(path.join(ctx.dataDir(), 'sandbox')).privateKeyFile,
    },
  };
  return {
    ...ctx,
    io,
    connection: (needs) => resolveConnection(ctx.options, io, needs, ctx.services),
    statusLabels: () => undefined,
  };
}

/** The first sync of the identity's order cache, through the same use case as `merchant-desk sync`. */
async function syncCache(ctx: CommandContext, identity: SandboxIdentity): Promise<Result<SandboxSync, string>> {
  const synced = await withSession(sandboxContext(ctx, identity), { baseUrl: true }, (session) =>
    syncNow(session, ctx.io.signal ? { signal: ctx.io.signal } : {}),
  );
  if (!synced.ok)
    return err(synced.error.action ? `${synced.error.message} ${synced.error.action}` : synced.error.message);
  return ok({ mode: synced.value.mode, cached: synced.value.cached });
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
    startSandbox: (o) => listenSandbox(stateDir, o, ctx.io.sandboxStarted),
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
