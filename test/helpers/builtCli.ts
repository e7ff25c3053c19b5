import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './bundleChild';

/** The launcher users run; its bundle comes from `npm run build` (CI builds before testing). */
export const CLI_BIN = path.join(repoRoot, 'bin/merchant-desk.js');
export const cliBuilt = (): boolean => existsSync(path.join(repoRoot, 'out/cli/main.js'));

/** An environment without the developer's MERCHANT_DESK_* settings, with this Node first on PATH. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MERCHANT_DESK_')) env[k] = v;
  env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;
  return { ...env, ...extra };
}

export interface Background {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Starts a long-running command and waits until its stdout contains `ready`. */
export async function startInBackground(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
): Promise<Background> {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let errOut = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (errOut += c.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes(ready)) return resolve();
      if (child.exitCode !== null) return reject(new Error(`exited ${child.exitCode}: ${errOut}`));
      setTimeout(check, 50);
    };
    check();
  });
  return { child, stdout: () => out, stderr: () => errOut, exited };
}
