import { createServer } from 'node:net';
import { expect } from 'vitest';
import { runCli } from '../../src/cli/program';

/** A port that was free a moment ago (the sandbox needs the same one across restarts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What `merchant-desk --json sandbox` prints. */
export interface SandboxInfo {
  baseUrl: string;
  platformUrl: string;
  merchantId: string;
  token: string;
  profile: string | null;
  privateKeyFile: string | null;
  stateDir: string;
  dataSetId: string;
  restored: boolean;
  orders: number;
}

export interface RunningSandbox {
  info: SandboxInfo;
  /** The environment mode pointed at it (with its state directory's key). */
  env: Record<string, string>;
  /** Ctrl+C: resolves to the exit code. */
  stop(): Promise<number>;
}

/** `merchant-desk --json sandbox ARGS` in-process, in the foreground until stop(). */
export async function runSandboxCli(args: string[], env: Record<string, string>): Promise<RunningSandbox> {
  const controller = new AbortController();
  const out: string[] = [];
  const errOut: string[] = [];
  const exit = runCli(['--json', 'sandbox', ...args], {
    stdout: (t) => out.push(t),
    stderr: (t) => errOut.push(t),
    env,
    signal: controller.signal,
  });
  let code: number | undefined;
  void exit.then((c) => (code = c));
  await expect.poll(() => out.length > 0 || code !== undefined, { timeout: 15_000 }).toBe(true);
  if (out.length === 0) throw new Error(`sandbox exited ${code}: ${errOut.join('\n')}`);
  const first = JSON.parse(out[0]!) as SandboxInfo | { error: { message: string; action: string | null } };
  // With --json a start-up error is a JSON document on stdout too.
  if ('error' in first) throw new Error(`sandbox exited ${code}: ${first.error.message} ${first.error.action ?? ''}`);
  const info = first;
  return {
    info,
    env: {
      ...env,
      MERCHANT_DESK_BASE_URL: info.baseUrl,
      MERCHANT_DESK_PLATFORM_URL: info.platformUrl,
      MERCHANT_DESK_MERCHANT_ID: info.merchantId,
      MERCHANT_DESK_TOKEN: info.token,
      ...(info.privateKeyFile ? { MERCHANT_DESK_PRIVATE_KEY_FILE: info.privateKeyFile } : {}),
    },
    stop: () => {
      controller.abort();
      return exit;
    },
  };
}
