import { err, ok } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import type { ClipboardPort, ClipboardWrite } from '../../appHost/handlers/loginLinks';
import { clipboardInstallHint, clipboardTools, type ClipboardTool } from './clipboardTools';
import { spawnTool, type ToolOutcome, type ToolRunner } from './runTool';

export interface SystemClipboardOptions {
  platform?: NodeJS.Platform;
  env?: Record<string, string | undefined>;
  run?: ToolRunner;
  /** Runs the clearing later (default: an unref'd timer: a stopping host does not wait for it). */
  schedule?: (clear: () => void, ms: number) => void;
  /** Told when a scheduled clearing fails (never with the text). */
  log?: (line: string) => void;
}

/** powershell's Get-Clipboard ends with a line break; the tools' own output is the text as written. */
const asWritten = (pasted: string) => pasted.replace(/\r?\n$/, '');

/**
 * The browser host's clipboard: the OS clipboard written by the platform's own tool (clipboardTools.ts). A login
 * link is cleared after the merchant's delay only if the clipboard still holds it (something copied since is left
 * alone), read back with the tool's paste counterpart; with no reader nothing is cleared, and the answer says so.
 */
export interface SystemClipboard extends ClipboardPort {
  /** Runs every clearing still pending now (the host is stopping: a timer would not outlive it). */
  clearPendingNow(): Promise<void>;
}

export function systemClipboard(options: SystemClipboardOptions = {}): SystemClipboard {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const run = options.run ?? spawnTool;
  const log = options.log ?? (() => {});
  const schedule =
    options.schedule ??
    ((clear: () => void, ms: number) => {
      setTimeout(clear, ms).unref();
    });

  const unavailable = (): AppError => ({
    kind: 'io',
    code: 'clipboard-unavailable',
    message: `No clipboard tool was found (tried ${[...new Set(clipboardTools(platform, env).map((t) => t.copy.command))].join(', ')}).`,
    action: `${clipboardInstallHint(platform, env)} Or use "Open in browser".`,
  });
  const failed = (detail: string): AppError => ({
    kind: 'io',
    code: 'clipboard-failed',
    message: `The clipboard could not be written (${detail}).`,
    action: 'Use "Open in browser" instead.',
  });

  async function clearIfStillHeld(tool: ClipboardTool & { paste: NonNullable<ClipboardTool['paste']> }, text: string) {
    const now = await run(tool.paste);
    if (now.kind !== 'ok') return log(`The copied login link could not be read back to clear it (${reason(now)}).`);
    if (asWritten(now.stdout) !== text) return; // something else was copied since: not ours to clear
    const cleared = await run(tool.copy, '');
    if (cleared.kind !== 'ok') log(`The copied login link could not be cleared (${reason(cleared)}).`);
  }

  /** Clearings scheduled and not yet run; each runs once, from its timer or from clearPendingNow. */
  const pending = new Set<() => Promise<void>>();

  return {
    async clearPendingNow() {
      const all = [...pending];
      pending.clear();
      await Promise.all(all.map((clear) => clear()));
    },
    async writeSecret(text, clearAfterMs) {
      for (const tool of clipboardTools(platform, env)) {
        const written = await run(tool.copy, text);
        if (written.kind === 'missing') continue;
        if (written.kind === 'failed') return err(failed(written.detail));
        if (clearAfterMs === null) return ok<ClipboardWrite>({ clearing: false });
        const { paste } = tool;
        // Reading back now proves a reader is there (and that the write took) before a clearing is promised.
        const readBack = paste ? await run(paste) : ({ kind: 'missing' } as const);
        if (readBack.kind !== 'ok' || asWritten(readBack.stdout) !== text) {
          const why = readBack.kind === 'ok' ? 'it read back something else' : reason(readBack, paste?.command);
          return ok<ClipboardWrite>({
            clearing: false,
            notClearedReason: `The link stays on the clipboard until replaced: it cannot be read back to clear it safely (${why}).`,
          });
        }
        const clear = () => clearIfStillHeld({ ...tool, paste: paste! }, text);
        pending.add(clear);
        schedule(() => {
          if (pending.delete(clear)) void clear();
        }, clearAfterMs);
        return ok<ClipboardWrite>({ clearing: true });
      }
      return err(unavailable());
    },
  };
}

function reason(outcome: Exclude<ToolOutcome, { kind: 'ok' }>, command?: string): string {
  return outcome.kind === 'missing' ? `${command ?? 'the reader'} is not installed` : outcome.detail;
}
