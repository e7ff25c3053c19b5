import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describeProfileStoreError } from '../../shared/errors/profileErrors';
import type { Profile } from '../../core/profiles/profileSchema';
import {
  readSandboxState,
  removeSandboxState,
  SandboxStateError,
  startSandbox,
  type SandboxHandle,
  type SandboxOptions,
} from '../../sandbox';
import { MAX_ORDERS } from '../../sandbox/orderIds';
import { ensureStateKeyPair } from '../../sandbox/stateKeys';
import { environmentConfigured, namedProfileId } from '../context';
import { CliError, ExitCode } from '../io';
import { parseInteger, parseIntegerIn, parseRate } from '../options';
import type { CommandContext, CommandRunner } from '../runner';

interface SandboxFlags {
  port?: string;
  orders?: string;
  seed?: string;
  failRate?: string;
  latencyMs?: string;
  publicKey?: string;
  state?: string;
  reset?: boolean;
  extendedOrderFields?: boolean;
}

/** The port without a sandbox profile: fixed, so the URLs (and a cache's identity) stay the same across restarts. */
export const DEFAULT_SANDBOX_PORT = 8787;
const DEFAULT_ORDERS = 300;
const DEFAULT_SEED = 1;

const invalid = (message: string) => new CliError(message, 'invalid-input');

/** Where the sandbox listens and what it calls itself: from a sandbox profile, or the defaults. */
interface Served {
  profile: Profile | null;
  host: string;
  port: number;
  merchantId?: string;
  apiPrefix?: string;
  platformPathPrefix?: string;
}

/** --profile / MERCHANT_DESK_PROFILE, else (unless the environment mode is set up) the active profile if a sandbox one. */
function sandboxProfile(ctx: CommandContext): Profile | null {
  const named = namedProfileId(ctx.options, ctx.io.env);
  if (named === undefined && environmentConfigured(ctx.io.env)) return null;
  const store = ctx.services().profiles;
  if (named !== undefined) {
    const found = store.get(named);
    if (!found.ok) throw invalid(describeProfileStoreError(found.error));
    if (found.value.kind !== 'sandbox')
      throw invalid(
        `Profile "${named}" is a merchant profile: the sandbox serves sandbox profiles only (\`profiles add NAME --kind sandbox\`).`,
      );
    return found.value;
  }
  const active = store.active();
  if (!active.ok) throw invalid(describeProfileStoreError(active.error));
  return active.value?.kind === 'sandbox' ? active.value : null;
}

const LOOPBACK_HOSTS: Record<string, string> = { '127.0.0.1': '127.0.0.1', localhost: '127.0.0.1', '[::1]': '::1' };

/** The profile's URLs must name this machine, over http, on one port: that is where the sandbox listens. */
function servedFromProfile(profile: Profile): Served {
  const base = new URL(profile.baseUrl);
  const platform = new URL(profile.platformUrl);
  const host = LOOPBACK_HOSTS[base.hostname];
  const fix = `Point it at the sandbox: \`merchant-desk profiles edit ${profile.id} --base-url http://127.0.0.1:${DEFAULT_SANDBOX_PORT} --platform-url http://127.0.0.1:${DEFAULT_SANDBOX_PORT}/platform\`.`;
  if (base.protocol !== 'http:' || host === undefined)
    throw invalid(
      `Sandbox profile "${profile.id}" has the base URL ${profile.baseUrl}; the sandbox listens on http://127.0.0.1 only. ${fix}`,
    );
  if (platform.origin !== base.origin)
    throw invalid(
      `Sandbox profile "${profile.id}" has its platform URL (${profile.platformUrl}) on another address than its base URL (${profile.baseUrl}); the sandbox serves both on one port. ${fix}`,
    );
  return {
    profile,
    host,
    port: Number(base.port || 80),
    merchantId: profile.merchantId,
    apiPrefix: base.pathname.replace(/\/+$/, '') + profile.apiPrefix,
    platformPathPrefix: platform.pathname.replace(/\/+$/, ''),
  };
}

/** The key that verifies buyer-sync signatures: --public-key, the profile's key, or the state directory's pair. */
async function verificationKey(
  ctx: CommandContext,
  flags: SandboxFlags,
  served: Served,
  stateDir: string,
): Promise<{ publicKeyPem: string; source: string; privateKeyFile?: string }> {
  if (flags.publicKey !== undefined) {
    try {
      const key = createPublicKey(readFileSync(flags.publicKey, 'utf8'));
      if (key.asymmetricKeyType !== 'rsa') throw new Error(`a ${key.asymmetricKeyType} key`);
      return { publicKeyPem: key.export({ type: 'spki', format: 'pem' }).toString(), source: flags.publicKey };
    } catch (e) {
      const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
      throw invalid(
        `--public-key ${flags.publicKey}: not a readable RSA public key PEM (${why}). Pass the merchant's public key, e.g. the output of \`merchant-desk keys public\`.`,
      );
    }
  }
  if (served.profile) {
    const id = served.profile.id;
    const info = await ctx.services().keys.info(id);
    if (!info.ok) throw new CliError(`${info.error.message} ${info.error.action}`, 'invalid-input');
    if (info.value === null)
      throw invalid(
        `Sandbox profile "${id}" has no key yet, and the sandbox checks buyer-sync signatures with its public key. Run \`merchant-desk keys generate --profile ${id}\` first, or pass --public-key FILE.`,
      );
    return { publicKeyPem: info.value.publicKeyPem, source: `profile "${id}"` };
  }
  const pair = ensureStateKeyPair(stateDir);
  return { publicKeyPem: pair.publicKeyPem, source: pair.publicKeyFile, privateKeyFile: pair.privateKeyFile };
}

/** The saved data set, checked against explicit --orders / --seed (which would otherwise be ignored silently). */
function checkSavedState(stateDir: string, orders: number | undefined, seed: number | undefined): void {
  const saved = readSandboxState(stateDir);
  if (!saved) return;
  const differs = (orders !== undefined && orders !== saved.orders) || (seed !== undefined && seed !== saved.seed);
  if (differs)
    throw invalid(
      `The sandbox state in ${stateDir} holds ${saved.orders} orders from seed ${saved.seed}; it is served again after a restart. To start over with other data add --reset (a cache synced from the old data then asks for \`merchant-desk sync --rebuild\`), or pass --state DIR for a separate data set.`,
    );
}

async function listen(options: SandboxOptions, host: string, port: number): Promise<SandboxHandle> {
  try {
    return await startSandbox(options);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw invalid(
        `Port ${port} on ${host} is taken (another sandbox, or another program, is listening there). Stop it (Ctrl+C in its terminal), or run the sandbox on another port with --port N (0 = any free port) and point your profile at it with \`merchant-desk profiles edit NAME --base-url http://127.0.0.1:N --platform-url http://127.0.0.1:N/platform\`.`,
      );
    if (code === 'EACCES')
      throw invalid(`Port ${port} on ${host} needs administrator rights here; pass --port N with N above 1023.`);
    throw e;
  }
}

export function registerSandbox(program: Command, run: CommandRunner): void {
  program
    .command('sandbox')
    .description(
      'run the local sandbox platform in the foreground (Ctrl+C stops it; its data stays for the next start)',
    )
    .option(
      '--port <N>',
      `port on 127.0.0.1 (default: the sandbox profile's, else ${DEFAULT_SANDBOX_PORT}; 0 = any free one)`,
    )
    .option('--orders <N>', `demo orders to generate (default ${DEFAULT_ORDERS}; a saved data set keeps its own)`)
    .option('--seed <N>', `demo data seed (default ${DEFAULT_SEED})`)
    .option('--fail-rate <R>', 'share of requests answered with the transient error 10004, 0-1', '0')
    .option('--latency-ms <N>', 'latency added to every answer', '0')
    .option('--public-key <FILE>', "the merchant's RSA public key (PEM) that verifies buyer-sync signatures")
    .option('--state <DIR>', 'directory keeping the data set across restarts (default: <data dir>/sandbox)')
    .option('--reset', 'forget the saved data set and generate a new one (with a new data-set ID)')
    .option(
      '--extended-order-fields',
      "demos only: also send the sandbox's extra order fields (orderAfterSalesStatus); default: exactly the spec's Order",
    )
    .addHelpText(
      'after',
      `
The public key: --public-key FILE, else the sandbox profile's key (--profile NAME, or the active profile when it
is a sandbox profile), else a key pair kept in the state directory (its private key is printed as an export line).`,
    )
    .action((flags: SandboxFlags) =>
      run(async (ctx) => {
        const { io, json } = ctx;
        const orders = parseIntegerIn('--orders', flags.orders, 0, MAX_ORDERS);
        const seed = parseInteger('--seed', flags.seed);
        const rate10004 = parseRate('--fail-rate', flags.failRate) ?? 0;
        const latencyMs = parseIntegerIn('--latency-ms', flags.latencyMs, 0, 600_000) ?? 0;
        const portFlag = parseIntegerIn('--port', flags.port, 0, 65_535);
        const stateDir = path.resolve(flags.state ?? path.join(ctx.dataDir(), 'sandbox'));
        const profile = sandboxProfile(ctx);
        const served: Served = profile
          ? servedFromProfile(profile)
          : { profile: null, host: '127.0.0.1', port: DEFAULT_SANDBOX_PORT };
        const port = portFlag ?? served.port;

        let sandbox: SandboxHandle;
        let key: Awaited<ReturnType<typeof verificationKey>>;
        try {
          if (flags.reset) removeSandboxState(stateDir);
          else checkSavedState(stateDir, orders, seed);
          key = await verificationKey(ctx, flags, served, stateDir);
          sandbox = await listen(
            {
              host: served.host,
              port,
              orders: orders ?? DEFAULT_ORDERS,
              seed: seed ?? DEFAULT_SEED,
              publicKeyPem: key.publicKeyPem,
              faults: { latencyMs, rate10004 },
              stateDir,
              ...(flags.extendedOrderFields === true ? { extendedOrderFields: true } : {}),
              ...(served.merchantId !== undefined ? { merchantId: served.merchantId } : {}),
              ...(served.apiPrefix !== undefined ? { apiPrefix: served.apiPrefix } : {}),
              ...(served.platformPathPrefix !== undefined ? { platformPathPrefix: served.platformPathPrefix } : {}),
            },
            served.host,
            port,
          );
        } catch (e) {
          if (e instanceof SandboxStateError)
            throw invalid(
              `The sandbox state ${e.file} cannot be used (${e.detail}). Start over with --reset, or pass --state DIR for another directory.`,
            );
          throw e;
        }
        const { dataSet } = sandbox;
        const info = {
          baseUrl: sandbox.baseUrl,
          platformUrl: sandbox.platformUrl,
          apiPrefix: sandbox.apiPrefix,
          merchantId: sandbox.merchantId,
          token: sandbox.token,
          profile: profile?.id ?? null,
          publicKey: key.source,
          privateKeyFile: key.privateKeyFile ?? null,
          stateDir,
          dataSetId: dataSet.dataSetId,
          restored: sandbox.restored,
          orders: sandbox.store.size,
          seed: dataSet.seed,
        };
        io.stdout(json ? JSON.stringify(info) : describeRunning(info, port !== served.port && profile !== null));
        await new Promise<void>((resolve) => {
          if (io.signal?.aborted) return resolve();
          io.signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        await sandbox.stop();
        return ExitCode.ok;
      }),
    );
}

function describeRunning(
  info: {
    baseUrl: string;
    platformUrl: string;
    apiPrefix: string;
    merchantId: string;
    token: string;
    profile: string | null;
    publicKey: string;
    privateKeyFile: string | null;
    stateDir: string;
    dataSetId: string;
    restored: boolean;
    orders: number;
    seed: number;
  },
  portDiffersFromProfile: boolean,
): string {
  const lines = [
    `Sandbox platform running with ${info.orders} demo orders (seed ${info.seed}; ${info.restored ? 'saved data set' : 'new data set'} ${info.dataSetId}).`,
    `  base URL:      ${info.baseUrl}  (seller endpoints under ${info.apiPrefix || '/'})`,
    `  platform URL:  ${info.platformUrl}`,
    `  merchant ID:   ${info.merchantId}`,
    `  token:         ${info.token}   (a sandbox-only token)`,
    `  public key:    ${info.publicKey}  (verifies buyer-sync signatures)`,
    `  state:         ${info.stateDir}  (orders and decisions are kept across restarts; --reset starts over)`,
    '',
  ];
  if (info.profile !== null) {
    lines.push(`Serving sandbox profile "${info.profile}". If its token is not set yet:`);
    lines.push(`  echo ${info.token} | merchant-desk token set --profile ${info.profile}`);
    if (portDiffersFromProfile)
      lines.push(`Note: the profile points at another port; its commands will not reach this sandbox.`);
  } else {
    lines.push('Point the CLI at it:');
    lines.push(
      `  export MERCHANT_DESK_BASE_URL=${info.baseUrl} MERCHANT_DESK_PLATFORM_URL=${info.platformUrl} MERCHANT_DESK_MERCHANT_ID=${info.merchantId}`,
    );
    lines.push(
      info.privateKeyFile !== null
        ? `  export MERCHANT_DESK_TOKEN=${info.token} MERCHANT_DESK_PRIVATE_KEY_FILE=${info.privateKeyFile}`
        : `  export MERCHANT_DESK_TOKEN=${info.token} MERCHANT_DESK_PRIVATE_KEY_FILE=<the private key of ${info.publicKey}>`,
    );
  }
  lines.push('', 'Press Ctrl+C to stop.');
  return lines.join('\n');
}
