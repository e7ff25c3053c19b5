import { spawn } from 'node:child_process';
import type { ToolCommand } from './clipboardTools';

export type ToolOutcome =
  | { kind: 'ok'; stdout: string }
  /** The command is not installed (ENOENT): the next tool is tried. */
  | { kind: 'missing' }
  /** It ran and failed; `detail` is its exit status and the first line of its stderr (never the input). */
  | { kind: 'failed'; detail: string };

/** Runs a clipboard tool: `input` goes on stdin (a link never appears on a command line, where `ps` shows it). */
export type ToolRunner = (tool: ToolCommand, input?: string) => Promise<ToolOutcome>;

const TOOL_TIMEOUT_MS = 10_000;

/**
 * The real runner. Copy tools (xclip, xsel, wl-copy) fork a child that keeps serving the selection and keeps the
 * inherited pipes open, so a copy waits for the tool's exit, not for its pipes to close, and reads no stdout.
 */
export const spawnTool: ToolRunner = (tool, input) =>
  new Promise((resolve) => {
    const reading = input === undefined;
    const child = spawn(tool.command, tool.args, {
      stdio: [reading ? 'ignore' : 'pipe', reading ? 'pipe' : 'ignore', 'pipe'],
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (outcome: ToolOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr?.destroy();
      if (!reading) child.stdout?.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      child.kill();
      finish({ kind: 'failed', detail: `${tool.command} did not finish within ${TOOL_TIMEOUT_MS / 1000} s` });
    }, TOOL_TIMEOUT_MS);
    timer.unref();
    child.stdout?.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', (e: NodeJS.ErrnoException) =>
      finish(
        e.code === 'ENOENT'
          ? { kind: 'missing' }
          : { kind: 'failed', detail: `${tool.command}: ${e.code ?? e.message}` },
      ),
    );
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      if (code === 0) return finish({ kind: 'ok', stdout });
      const why = stderr.trim().split('\n')[0]?.slice(0, 200);
      finish({ kind: 'failed', detail: `${tool.command} exited with ${code ?? signal}${why ? `: ${why}` : ''}` });
    };
    // A reader's output is complete only once its stdout closed; a writer is done when it exits.
    if (reading) child.once('close', done);
    else child.once('exit', done);
    if (!reading) {
      child.stdin?.on('error', () => {}); // a tool that exits early: its exit status says why
      child.stdin?.end(input);
    }
  });
