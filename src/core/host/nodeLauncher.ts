import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, tightenDir } from '../paths/privateFiles';
import { CORE_HOST_EXEC_ARGV } from './hostHeapFlags';
import { childProcessPort } from './port';
import type { HostExit, HostLauncher, LaunchedHost } from './supervisedHost';

export interface NodeLauncherOptions {
  /** A JavaScript file that calls `runNodeCoreHost` (bundled: see nodeHostMain.ts). */
  entry: string;
  args?: string[];
  execArgv?: string[];
  /** Receives the host's stdout and stderr. */
  log?: (line: string) => void;
  /**
   * Where the host's Node keeps its compiled code between starts (NODE_COMPILE_CACHE; made private here): a start
   * with the cache compiles none of its bundle again — loading it took ~135 ms idle, ~100 with the cache, and up to a
   * second when the start competed with the browser's and the page's (issue 26: the first page waited for it).
   * Node checks each entry against its source, so a new build only misses. Without it, none (as before).
   */
  compileCacheDir?: string;
}

/**
 * This process's environment with Node's compile cache in `dir`, created private (it holds code the host runs). Node
 * makes a folder in it per version with the umask's mode (0755): inside a 0700 folder, but the data directory's
 * folders are all 0700 (privateFiles.ts), so those of earlier starts are tightened here.
 */
function compileCacheEnv(dir: string): NodeJS.ProcessEnv {
  ensurePrivateDir(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) tightenDir(path.join(dir, entry.name));
  return { ...process.env, NODE_COMPILE_CACHE: dir };
}

/**
 * Host processes as Node child processes: what the Electron utilityProcess is to the app, for the CLI's tests and
 * the bench. The IPC channel uses advanced serialisation — the structured clone a MessagePort uses.
 */
export function nodeHostLauncher(options: NodeLauncherOptions): HostLauncher {
  return {
    launch(): LaunchedHost {
      const child = fork(options.entry, options.args ?? [], {
        serialization: 'advanced',
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        execArgv: options.execArgv ?? [...CORE_HOST_EXEC_ARGV],
        ...(options.compileCacheDir === undefined ? {} : { env: compileCacheEnv(options.compileCacheDir) }),
      });
      const log = options.log;
      for (const stream of [child.stdout, child.stderr]) {
        stream?.setEncoding('utf8');
        stream?.on('data', (text: string) => log?.(`core host output: ${text.trimEnd()}`));
      }
      let exitListener: ((exit: HostExit) => void) | undefined;
      let exited: HostExit | undefined;
      const gone = (exit: HostExit) => {
        if (exited) return;
        exited = exit;
        exitListener?.(exit);
      };
      child.on('exit', (code, signal) =>
        gone({ code, reason: signal ? `killed by ${signal}` : code === 0 ? 'clean exit' : 'abnormal exit' }),
      );
      child.on('error', (e) => {
        // Spawning failed (or a signal could not be sent); without a pid no exit event follows.
        if (child.pid === undefined) gone({ code: null, reason: `launch failed: ${e.message}` });
      });
      return {
        port: childProcessPort(child),
        onExit(listener) {
          exitListener = listener;
          if (exited) listener(exited);
        },
        kill: () => void child.kill('SIGTERM'),
      };
    },
  };
}
