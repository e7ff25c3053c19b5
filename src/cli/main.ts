import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { setFlagsFromString } from 'node:v8';
import { CORE_HOST_RUNTIME_V8_FLAGS } from '../core/host/hostHeapFlags';
import { abandonedKeychainCalls } from '../core/secrets/keytarSecretStore';
import { describeUnexpected } from '../core/logging/redact';
import { runCli } from './program';

// Whatever escapes (a bug): one redacted line, never Node's dump of the error object (which could show headers).
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (e: unknown) => {
    process.stderr.write(`${describeUnexpected(e)}\n`);
    process.exit(1);
  });
}

// `merchant-desk sync` stores in this process, as the core host does in its own: the same heap growing factor (a
// million-order sync's anonymous memory 298 → 217 MiB in the core host, hostHeapFlags.ts).
for (const flag of CORE_HOST_RUNTIME_V8_FLAGS) setFlagsFromString(flag);

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

/**
 * A secret from standard input: all of it from a pipe or file; on a terminal, one line typed without echo
 * (the prompt goes to stderr). Never echoed, never logged.
 */
function readStdin(prompt?: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      input.on('data', (c: Buffer) => chunks.push(c));
      input.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      input.once('error', reject);
    });
  }
  return new Promise((resolve, reject) => {
    if (prompt) process.stderr.write(prompt);
    let text = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new Error('cancelled (Ctrl+C)'));
        if (ch === '\u007f' || ch === '\b') text = [...text].slice(0, -1).join('');
        else text += ch;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** A yes/no question on the terminal: the answer is echoed (it is no secret); only "y" or "yes" is yes. */
async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(question);
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    rl.close();
  }
}

/** Each line typed (or piped) on standard input, until unsubscribed (then stdin no longer holds the process open). */
function stdinLines(listener: (line: string) => void): () => void {
  const rl = createInterface({ input: process.stdin, terminal: false });
  rl.on('line', listener);
  return () => rl.close();
}

/**
 * Whether reading the terminal is safe: a process of a background job (`merchant-desk ui &`) that reads its
 * terminal is stopped by the system (SIGTTIN), so it reads only when it is the terminal's foreground process group.
 * Pipes and files are always safe; Windows has no job control.
 */
function stdinReadable(): boolean {
  if (!process.stdin.isTTY || process.platform === 'win32') return true;
  try {
    if (process.platform === 'linux') {
      // /proc/self/stat after the command name: state ppid pgrp session tty_nr tpgid …
      const stat = readFileSync('/proc/self/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[2] !== undefined && fields[2] === fields[5];
    }
    const [pgid, tpgid] = execFileSync('ps', ['-o', 'pgid=,tpgid=', '-p', String(process.pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    return pgid !== undefined && pgid === tpgid;
  } catch {
    return false;
  }
}

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stdoutStream: process.stdout,
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  signal: controller.signal,
  stdin: readStdin,
  ...(stdinReadable() ? { lines: stdinLines } : {}),
  interactive: process.stdin.isTTY === true,
  confirm,
});
process.exitCode = code;
if (abandonedKeychainCalls() > 0) {
  // A keychain call that timed out (an unlock prompt nobody answered) still blocks a thread-pool thread, and Node
  // joins those threads on exit, so the process would hang until the prompt is answered. The error is printed:
  // end the process once stdout and stderr are flushed (its status is then that of SIGKILL).
  process.stdout.write('', () => process.stderr.write('', () => process.kill(process.pid, 'SIGKILL')));
}
