import type { ChildProcess } from 'node:child_process';

/**
 * One end of the channel between a parent and its core host: Electron's MessagePortMain in the app, a Node child
 * process's IPC channel (advanced serialisation: the same structured clone) in tests and the bench.
 */
export interface HostPort {
  postMessage(message: unknown): void;
  /** Returns the unsubscribe. */
  onMessage(listener: (message: unknown) => void): () => void;
  close(): void;
}

/** The MessagePort shape shared by Electron's MessagePortMain (events carry `data`). */
export interface MessagePortMainLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  off(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  start(): void;
  close(): void;
}

export function messagePortMainPort(port: MessagePortMainLike): HostPort {
  port.start();
  return {
    postMessage: (m) => port.postMessage(m),
    onMessage(listener) {
      const l = (e: { data: unknown }) => listener(e.data);
      port.on('message', l);
      return () => void port.off('message', l);
    },
    close: () => port.close(),
  };
}

/** The parent's end of a forked child (`fork(…, { serialization: 'advanced' })`). */
export function childProcessPort(child: ChildProcess): HostPort {
  return {
    postMessage(m) {
      // A dead child's channel throws on send; the exit handler deals with the calls in flight.
      if (child.connected) child.send(m as never);
    },
    onMessage(listener) {
      child.on('message', listener);
      return () => void child.off('message', listener);
    },
    close() {
      if (child.connected) child.disconnect();
    },
  };
}

/** The child's end: its own process's IPC channel. */
export function parentProcessPort(proc: NodeJS.Process = process): HostPort {
  if (!proc.send) throw new Error('this process has no IPC channel (start it with child_process.fork)');
  return {
    postMessage(m) {
      if (proc.connected) proc.send!(m as never);
    },
    onMessage(listener) {
      proc.on('message', listener);
      return () => void proc.off('message', listener);
    },
    close() {
      if (proc.connected) proc.disconnect();
    },
  };
}
