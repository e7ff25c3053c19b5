import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoreHost } from '../../core/host/coreHost';
import { ok } from '../../core/result';
import type { OperationFactory } from '../../core/host/operations';
import { messagePortMainPort, type MessagePortMainLike } from '../../core/host/port';
import { serveCoreHost } from '../../core/host/serveHost';
import { createSupervisedCoreHost } from '../../core/host/supervisedHost';
import { createMemorySecretStore } from '../../core/secrets/memorySecretStore';
import type { ChildProcessGoneDetails, CoreHostElectron, UtilityProcessLike } from './electronApi';
import { CONNECT_MESSAGE, utilityProcessLauncher } from './utilityProcessLauncher';

/** Electron's MessagePortMain over a real Node MessagePort: events carry `{ data }`, payloads are cloned. */
class FakeMessagePortMain implements MessagePortMainLike {
  private readonly listeners = new Map<(e: { data: unknown }) => void, (v: unknown) => void>();
  constructor(readonly port: MessagePort) {}
  postMessage(message: unknown) {
    this.port.postMessage(message);
  }
  on(_event: 'message', listener: (e: { data: unknown }) => void) {
    const l = (data: unknown) => listener({ data });
    this.listeners.set(listener, l);
    this.port.on('message', l);
    return this;
  }
  off(_event: 'message', listener: (e: { data: unknown }) => void) {
    const l = this.listeners.get(listener);
    if (l) this.port.off('message', l);
    return this;
  }
  start() {
    this.port.start();
  }
  close() {
    this.port.close();
  }
}

/** A "utility process" that serves the operations in this process over the port it is sent. */
class FakeUtilityProcess extends EventEmitter implements UtilityProcessLike {
  readonly pid = 4242;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly messages: Array<{ message: unknown; ports: number }> = [];
  killed = false;
  constructor(private readonly operations: OperationFactory) {
    super();
  }
  postMessage(message: unknown, transfer: MessagePortMainLike[] = []) {
    this.messages.push({ message, ports: transfer.length });
    const [port] = transfer;
    if (message === CONNECT_MESSAGE && port) serveCoreHost(messagePortMainPort(port), this.operations);
  }
  kill() {
    this.killed = true;
    setImmediate(() => this.emit('exit', 0));
    return true;
  }
}

function fakeElectron(operations: OperationFactory) {
  const forks: Array<{ modulePath: string; options: unknown; child: FakeUtilityProcess }> = [];
  const app = new EventEmitter();
  const electron: CoreHostElectron = {
    utilityProcess: {
      fork(modulePath, _args, options) {
        const child = new FakeUtilityProcess(operations);
        forks.push({ modulePath, options, child });
        return child;
      },
    },
    MessageChannelMain: class {
      readonly port1: FakeMessagePortMain;
      readonly port2: FakeMessagePortMain;
      constructor() {
        const { port1, port2 } = new MessageChannel();
        this.port1 = new FakeMessagePortMain(port1);
        this.port2 = new FakeMessagePortMain(port2);
      }
    },
    app,
  };
  const gone = (details: ChildProcessGoneDetails) => app.emit('child-process-gone', {}, details);
  return { electron, forks, app, gone };
}

const operations: OperationFactory = () => ({
  'test.echo': { run: async (payload) => ok(payload) },
  'test.hang': { run: () => new Promise(() => {}) },
});

let host: CoreHost | undefined;
afterEach(async () => {
  await host?.dispose();
});

function start(fake: ReturnType<typeof fakeElectron>, lines: string[] = []) {
  host = createSupervisedCoreHost({
    launcher: utilityProcessLauncher(fake.electron, {
      entry: '/app/out/main/utilityEntry.js',
      serviceName: 'Merchant Desk Core',
      log: (l) => lines.push(l),
    }),
    secrets: createMemorySecretStore(),
    log: (l) => lines.push(l),
    sleep: async () => {},
  });
  return host;
}

describe('the utilityProcess launcher (fake electron, real MessagePorts)', () => {
  it('forks the bundled entry, hands it one end of a MessageChannelMain and serves calls over it', async () => {
    const fake = fakeElectron(operations);
    const h = start(fake);
    expect(await h.call('test.echo', { big: '18446744073709551615', when: new Date(5) })).toEqual({
      ok: true,
      value: { big: '18446744073709551615', when: new Date(5) },
    });
    expect(fake.forks).toHaveLength(1);
    expect(fake.forks[0]).toMatchObject({
      modulePath: '/app/out/main/utilityEntry.js',
      options: { serviceName: 'Merchant Desk Core', stdio: 'pipe' },
    });
    expect(fake.forks[0]!.child.messages).toEqual([{ message: CONNECT_MESSAGE, ports: 1 }]);
  });

  it('a crash reported by child-process-gone ends the call in flight and starts a new process', async () => {
    const fake = fakeElectron(operations);
    const lines: string[] = [];
    const h = start(fake, lines);
    await h.call('test.echo', 1);
    const hanging = h.call('test.hang');
    fake.gone({ type: 'Utility', name: 'Another Service', reason: 'crashed', exitCode: 1 });
    fake.gone({ type: 'Utility', name: 'Merchant Desk Core', reason: 'oom', exitCode: 9 });
    expect(await hanging).toMatchObject({ ok: false, error: { kind: 'host-restarted', operation: 'test.hang' } });
    expect(lines.some((l) => l.includes('exited (code 9, oom)'))).toBe(true);
    expect(await h.call('test.echo', 2)).toEqual({ ok: true, value: 2 });
    expect(fake.forks).toHaveLength(2);
    // The first process's listener on the app went with it; only the live one listens.
    expect(fake.app.listenerCount('child-process-gone')).toBe(1);
  });

  it("puts the host's stderr in the log and kills the process on dispose", async () => {
    const fake = fakeElectron(operations);
    const lines: string[] = [];
    const h = start(fake, lines);
    await h.call('test.echo', 1);
    fake.forks[0]!.child.stderr.write('warning: something odd\n');
    await new Promise((r) => setImmediate(r));
    expect(lines).toContain('core host output: warning: something odd');
    await h.dispose();
    expect(fake.forks[0]!.child.killed).toBe(true);
    expect(h.status.state).toBe('stopped');
  });
});
