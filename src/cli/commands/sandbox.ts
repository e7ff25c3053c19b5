import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { startSandbox } from '../../sandbox';
import { MAX_ORDERS } from '../../sandbox/orderIds';
import type { CommandRunner } from '../runner';
import { parseInteger, parseIntegerIn, parseRate } from '../options';
import { ExitCode } from '../io';

interface SandboxFlags {
  port?: string;
  orders?: string;
  seed?: string;
  failRate?: string;
  latencyMs?: string;
}

export function registerSandbox(program: Command, run: CommandRunner): void {
  program
    .command('sandbox')
    .description('run the local sandbox platform in the foreground (Ctrl+C stops it)')
    .option('--port <N>', 'port on 127.0.0.1 (default: a free one)')
    .option('--orders <N>', 'demo orders to generate', '300')
    .option('--seed <N>', 'demo data seed', '1')
    .option('--fail-rate <R>', 'share of requests answered with the transient error 10004, 0-1', '0')
    .option('--latency-ms <N>', 'latency added to every answer', '0')
    .action((flags: SandboxFlags) =>
      run(async ({ io, json }) => {
        const port = parseIntegerIn('--port', flags.port, 0, 65_535);
        const orders = parseIntegerIn('--orders', flags.orders, 0, MAX_ORDERS) ?? 300;
        const seed = parseInteger('--seed', flags.seed) ?? 1;
        const rate10004 = parseRate('--fail-rate', flags.failRate) ?? 0;
        const latencyMs = parseIntegerIn('--latency-ms', flags.latencyMs, 0, 600_000) ?? 0;
        const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const dir = await mkdtemp(path.join(tmpdir(), 'merchant-desk-sandbox-'));
        const privateKeyFile = path.join(dir, 'sandbox-private-key.pem');
        const publicKeyFile = path.join(dir, 'sandbox-public-key.pem');
        await writeFile(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
        await writeFile(publicKeyFile, publicKey.export({ type: 'spki', format: 'pem' }));
        const sandbox = await startSandbox({
          ...(port !== undefined ? { port } : {}),
          orders,
          seed,
          publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          faults: { latencyMs, rate10004 },
        });
        const info = {
          baseUrl: sandbox.baseUrl,
          platformUrl: sandbox.platformUrl,
          apiPrefix: sandbox.apiPrefix,
          merchantId: sandbox.merchantId,
          token: sandbox.token,
          privateKeyFile,
          publicKeyFile,
          orders,
        };
        io.stdout(
          json
            ? JSON.stringify(info)
            : [
                `Sandbox platform running with ${orders} demo orders (seed ${seed}).`,
                `  base URL:      ${info.baseUrl}  (seller endpoints under ${info.apiPrefix})`,
                `  platform URL:  ${info.platformUrl}`,
                `  merchant ID:   ${info.merchantId}`,
                `  token:         ${info.token}   (a sandbox-only token)`,
                `  key pair:      ${privateKeyFile} (private), ${publicKeyFile} (public)`,
                '',
                'Point the CLI at it:',
                `  export MERCHANT_DESK_BASE_URL=${info.baseUrl} MERCHANT_DESK_PLATFORM_URL=${info.platformUrl} MERCHANT_DESK_MERCHANT_ID=${info.merchantId}`,
                `  export MERCHANT_DESK_TOKEN=${info.token} MERCHANT_DESK_PRIVATE_KEY_FILE=${privateKeyFile}`,
                '',
                'Press Ctrl+C to stop.',
              ].join('\n'),
        );
        await new Promise<void>((resolve) => {
          if (io.signal?.aborted) return resolve();
          io.signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        await sandbox.stop();
        return ExitCode.ok;
      }),
    );
}
