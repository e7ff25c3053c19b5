import type { ChildProcess } from 'node:child_process';

/**
 * One end of the channel between a parent and its core host: Electron's MessagePortMain in the app, a Node child
 * process's IPC channel (advanced serialisation: the same structured clone) in tests and the bench.
 */
export interface HostPort {
  /**
   * `sent`, when given, is called once the message has left this process. A Node child's IPC channel is a socket
   * pair: a message larger than its buffer (a page of 100 orders is ~170 KiB) is written in parts, each when the
   * loop next turns — not while this thread runs synchronous work. A MessagePort hands the message over at once.
   */
  postMessage(message: unknown, sent?: () => void): void;
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
    postMessage(m, sent) {
      port.postMessage(m);
      if (sent) queueMicrotask(sent);
    },
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
    postMessage(m, sent) {
      // A dead child's channel throws on send; the exit handler deals with the calls in flight.
      if (child.connected) child.send(m as never, sent && (() => sent()));
      else if (sent) queueMicrotask(sent);
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
    postMessage(m, sent) {
      // The callback runs once the whole message is written to the channel (or the write failed).
      if (proc.connected) proc.send!(m as never, undefined, undefined, sent && (() => sent()));
      else if (sent) queueMicrotask(sent);
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
