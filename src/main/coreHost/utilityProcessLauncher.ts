import { messagePortMainPort } from '../../core/host/port';
import { CORE_HOST_EXEC_ARGV } from '../../core/host/hostHeapFlags';
import type { HostExit, HostLauncher, LaunchedHost } from '../../core/host/supervisedHost';
import type { ChildProcessGoneDetails, CoreHostElectron } from './electronApi';

export interface UtilityLauncherOptions {
  /** The bundled host entry (electron-vite's `?modulePath` import). */
  entry: string;
  /** Names the process in the OS task manager and in `child-process-gone`. */
  serviceName: string;
  /** Receives the host's stdout and stderr. */
  log?: (line: string) => void;
  /** Variables added to the host's environment at each launch (the system proxy: src/main/network/systemProxy.ts). */
  env?: () => Record<string, string>;
}

/** The message that hands the host its end of the channel (with the port as the transfer). */
export const CONNECT_MESSAGE = 'merchant-desk:core-host:connect';

/**
 * Host processes as Electron utility processes. Each launch forks one, creates a MessageChannelMain and sends
 * one end to the host (connect → MessagePort, as VS Code's UtilityProcess does); the other end is the HostPort.
 * Its end is reported once, from `exit` or from the app's `child-process-gone` (which knows crash reasons such as
 * "oom"), whichever comes first.
 */
export function utilityProcessLauncher(electron: CoreHostElectron, options: UtilityLauncherOptions): HostLauncher {
  return {
    launch(): LaunchedHost {
      const child = electron.utilityProcess.fork(options.entry, [], {
        serviceName: options.serviceName,
        stdio: 'pipe',
        execArgv: [...CORE_HOST_EXEC_ARGV],
        ...(options.env ? { env: { ...process.env, ...options.env() } } : {}),
      });
      for (const stream of [child.stdout, child.stderr]) {
        stream?.setEncoding('utf8');
        stream?.on('data', (text: string) => options.log?.(`core host output: ${text.trimEnd()}`));
      }
      const { port1, port2 } = new electron.MessageChannelMain();
      child.postMessage(CONNECT_MESSAGE, [port2]);

      let exitListener: ((exit: HostExit) => void) | undefined;
      let exited: HostExit | undefined;
      const gone = (exit: HostExit) => {
        if (exited) return;
        exited = exit;
        electron.app.removeListener('child-process-gone', onGone);
        port1.close();
        exitListener?.(exit);
      };
      const onGone = (_event: unknown, details: ChildProcessGoneDetails) => {
        if (details.type === 'Utility' && details.name === options.serviceName)
          gone({ code: details.exitCode, reason: details.reason });
      };
      electron.app.on('child-process-gone', onGone);
      child.once('exit', (code) => gone({ code, reason: code === 0 ? 'clean exit' : `exit code ${code}` }));

      return {
        port: messagePortMainPort(port1),
        onExit(listener) {
          exitListener = listener;
          if (exited) listener(exited);
        },
        kill: () => void child.kill(),
      };
    },
  };
}
