import type { MessagePortMainLike } from '../../core/host/port';

/**
 * The slice of Electron the core host launcher uses, so it is unit-tested with a typed fake. startCoreHost.ts
 * passes the real `electron` module, which the compiler checks against these shapes.
 */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  postMessage(message: unknown, transfer?: MessagePortMainLike[]): void;
  kill(): boolean;
  once(event: 'exit', listener: (code: number) => void): unknown;
}

export interface ChildProcessGoneDetails {
  type: string;
  reason: string;
  exitCode: number;
  name?: string;
}

export interface CoreHostElectron {
  utilityProcess: {
    fork(
      modulePath: string,
      args?: string[],
      options?: {
        serviceName?: string;
        stdio?: 'pipe' | 'ignore' | 'inherit';
        env?: Record<string, string | undefined>;
        execArgv?: string[];
      },
    ): UtilityProcessLike;
  };
  MessageChannelMain: new () => { port1: MessagePortMainLike; port2: MessagePortMainLike };
  app: {
    on(event: 'child-process-gone', listener: (event: unknown, details: ChildProcessGoneDetails) => void): unknown;
    removeListener(
      event: 'child-process-gone',
      listener: (event: unknown, details: ChildProcessGoneDetails) => void,
    ): unknown;
  };
}
