import { spawn, type ChildProcess } from 'node:child_process';
import { wireOrder } from '../src/sandbox/wireOrder';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wireOrdersDigest, type OrdersDigest } from './scaleDigest';
import { generateKeyPairSync } from 'node:crypto';
import { startSandbox, type SandboxOptions } from '../src/sandbox';

/** What the parent needs to talk to a sandbox running in a child process. */
export interface RemoteSandbox {
  baseUrl: string;
  platformUrl: string;
  merchantId: string;
  token: string;
  orders: number;
  /** The sandbox's process (its CPU time is read from /proc by the sync bench). */
  pid?: number;
  /** Moves the sandbox's clock forward (as if that much time passed between two polls). */
  advanceClock(ms: number): Promise<void>;
  /** Writes every order the sandbox holds now to `file`, one JSON line each (see DumpedOrder). */
  dumpOrders(file: string): Promise<void>;
  /** The checksum of every order the sandbox holds now (scaleDigest.ts), computed in its process. */
  digest(): Promise<OrdersDigest>;
  stop(): Promise<void>;
}

type ServeOptions = Omit<SandboxOptions, 'publicKeyPem' | 'now'>;

/** One line of `dumpOrders`: an order as the list endpoint would send it now, with its hidden times. */
export interface DumpedOrder {
  createTimeMs: number;
  updateTimeMs: number;
  order: unknown;
}

/**
 * Child side (`bench.mjs serve '{...}'`): runs the sandbox until killed; prints its addresses as one JSON line.
 * Its clock is real time plus an offset; a line `advance N` on stdin moves it N ms forward, `dump FILE` writes its
 * orders to FILE, `digest FILE` their checksum (each answered `ok`).
 */
export async function serveSandbox(options: ServeOptions): Promise<void> {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let offset = 0;
  const sb = await startSandbox({
    ...options,
    now: () => Date.now() + offset,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  process.stdout.write(
    `${JSON.stringify({ baseUrl: sb.baseUrl, platformUrl: sb.platformUrl, merchantId: sb.merchantId, token: sb.token, orders: sb.store.size })}\n`,
  );
  let input = '';
  process.stdin.on('data', (chunk: Buffer) => {
    input += chunk.toString('utf8');
    for (let nl = input.indexOf('\n'); nl >= 0; nl = input.indexOf('\n')) {
      const [cmd, arg] = input.slice(0, nl).trim().split(/\s+/);
      input = input.slice(nl + 1);
      if (cmd === 'advance') {
        offset += Number(arg);
        process.stdout.write('ok\n');
      } else if (cmd === 'dump' && arg) {
        const lines = sb.store.ids().map((id) => {
          const s = sb.store.get(id)!;
          // As the list endpoint sends it: the spec's Order (no sandbox extras).
          const line: DumpedOrder = {
            createTimeMs: s.createTimeMs,
            updateTimeMs: s.updateTimeMs,
            order: wireOrder(s.order, false) as DumpedOrder['order'],
          };
          return JSON.stringify(line);
        });
        writeFileSync(arg, `${lines.join('\n')}\n`);
        process.stdout.write('ok\n');
      } else if (cmd === 'digest' && arg) {
        const wire = sb.store.ids().map((id) => wireOrder(sb.store.get(id)!.order, false));
        writeFileSync(arg, JSON.stringify(wireOrdersDigest(wire)));
        process.stdout.write('ok\n');
      }
    }
  });
  process.on('SIGTERM', () => void sb.stop().then(() => process.exit(0)));
}

/**
 * Parent side: the sandbox in its own process, so the sync's memory and CPU are measured alone and the two
 * share the machine's cores as a real client and server would not share one event loop.
 */
export function startRemoteSandbox(options: ServeOptions): Promise<RemoteSandbox> {
  // A million generated orders outgrow V8's default old generation (~4 GB): the scale bench's sandbox gets room.
  const heap = (options.orders ?? 0) > 300_000 ? ['--max-old-space-size=12288'] : [];
  const child: ChildProcess = spawn(process.execPath, [...heap, process.argv[1]!, 'serve', JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let waiting: (() => void) | undefined;
  return new Promise((resolve, reject) => {
    let buffer = '';
    let started = false;
    child.once('exit', (code) => reject(new Error(`sandbox process exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (started) {
          if (line === 'ok') waiting?.();
          continue;
        }
        started = true;
        const info = JSON.parse(line) as Omit<RemoteSandbox, 'stop' | 'advanceClock' | 'dumpOrders' | 'digest'>;
        child.removeAllListeners('exit');
        const ask = (line: string) =>
          new Promise<void>((done) => {
            waiting = done;
            child.stdin!.write(`${line}\n`);
          });
        resolve({
          ...info,
          ...(child.pid === undefined ? {} : { pid: child.pid }),
          advanceClock: (ms) => ask(`advance ${ms}`),
          dumpOrders: (file) => ask(`dump ${file}`),
          digest: async () => {
            const file = path.join(tmpdir(), `md-sandbox-digest-${process.pid}-${child.pid}.json`);
            await ask(`digest ${file}`);
            try {
              return JSON.parse(readFileSync(file, 'utf8')) as OrdersDigest;
            } finally {
              rmSync(file, { force: true });
            }
          },
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}
