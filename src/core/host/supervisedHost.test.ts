import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../result';
import { createMemorySecretStore } from '../secrets/memorySecretStore';
import type { CoreHost } from './coreHost';
import type { OperationFactory } from './operations';
import type { HostPort } from './port';
import { serveCoreHost } from './serveHost';
import { createSupervisedCoreHost, type HostExit, type HostLauncher } from './supervisedHost';

/**
 * Two connected in-memory ports that copy each message with the structured clone, asynchronously. Messages to an
 * end nobody listens to yet wait for its first listener, as a process's channel holds them until it listens.
 */
function portPair(): [HostPort, HostPort] {
  const listeners: [Set<(m: unknown) => void>, Set<(m: unknown) => void>] = [new Set(), new Set()];
  const held: [unknown[], unknown[]] = [[], []];
  let closed = false;
  const deliver = (to: 0 | 1, m: unknown) => {
    if (closed) return;
    if (listeners[to].size === 0) held[to].push(m);
    else for (const l of listeners[to]) l(m);
  };
  const end = (mine: 0 | 1): HostPort => ({
    postMessage(m, sent) {
      const copy = structuredClone(m);
      queueMicrotask(() => deliver(mine === 0 ? 1 : 0, copy));
      if (sent) queueMicrotask(sent);
    },
    onMessage(l) {
      listeners[mine].add(l);
      for (const m of held[mine].splice(0)) queueMicrotask(() => deliver(mine, m));
      return () => void listeners[mine].delete(l);
    },
    close: () => void (closed = true),
  });
  return [end(0), end(1)];
}

/** Launches "processes" that serve `operations` in memory; `started` lets a test hold one before it serves. */
function fakeLauncher(operations: OperationFactory) {
  const launches: Array<{ serve(): void; exit(e?: HostExit): void; messages: unknown[] }> = [];
  const launcher: HostLauncher = {
    launch() {
      const [parent, child] = portPair();
      const messages: unknown[] = [];
      const recorded: HostPort = {
        ...child,
        onMessage: (l) =>
          child.onMessage((m) => {
            messages.push(m);
            l(m);
          }),
      };
      let onExit: ((e: HostExit) => void) | undefined;
      launches.push({
        serve: () => void serveCoreHost(recorded, operations),
        exit: (e = { code: null, reason: 'killed by SIGKILL' }) => {
          parent.close();
          onExit?.(e);
        },
        messages,
      });
      return { port: parent, onExit: (l) => void (onExit = l), kill: () => launches.at(-1)!.exit() };
    },
  };
  return { launcher, launches };
}

const operations: OperationFactory = () => ({ 'test.echo': { run: async (p) => ok(p) } });
let host: CoreHost | undefined;
afterEach(async () => {
  await host?.dispose();
});

describe('the supervisor (in-memory processes)', () => {
  it('a call made while the host starts waits for it; one cancelled before it was sent is never sent', async () => {
    const fake = fakeLauncher(operations);
    host = createSupervisedCoreHost({ launcher: fake.launcher, secrets: createMemorySecretStore() });
    const controller = new AbortController();
    const cancelled = host.call('test.echo', 'never', { signal: controller.signal });
    const waiting = host.call('test.echo', 'later');
    controller.abort();
    expect(await cancelled).toMatchObject({ ok: false, error: { kind: 'aborted' } });
    fake.launches[0]!.serve();
    expect(await waiting).toEqual({ ok: true, value: 'later' });
    const calls = fake.launches[0]!.messages.filter((m) => (m as { t: string }).t === 'call');
    expect(calls).toEqual([{ t: 'call', id: 2, operation: 'test.echo', payload: 'later' }]);
  });

  it('a host that dies before it is ready loses no waiting call: the next one runs it', async () => {
    const fake = fakeLauncher(operations);
    const waits: number[] = [];
    host = createSupervisedCoreHost({
      launcher: fake.launcher,
      sleep: async (ms) => void waits.push(ms),
    });
    const waiting = host.call('test.echo', 'kept');
    fake.launches[0]!.exit();
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    expect(fake.launches).toHaveLength(2);
    fake.launches[1]!.serve();
    expect(await waiting).toEqual({ ok: true, value: 'kept' });
    expect(waits).toEqual([500]);
  });

  it('secrets asked by the host are answered from the given keychain only for known secret names', async () => {
    const keychain = createMemorySecretStore();
    keychain.entries.set('p1:token', 'tok');
    const fake = fakeLauncher(({ secrets }) => ({
      'test.read': {
        run: async (name) => ok(await secrets.get('p1', name as 'token')),
      },
    }));
    host = createSupervisedCoreHost({ launcher: fake.launcher, secrets: keychain });
    fake.launches[0]!.serve();
    expect(await host.call('test.read', 'token')).toEqual({ ok: true, value: { ok: true, value: 'tok' } });
    expect(await host.call('test.read', 'private-key-pem')).toMatchObject({
      ok: true,
      value: { ok: false, error: { kind: 'keychain-error' } },
    });
  });
});
