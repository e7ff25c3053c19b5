import { describe, expect, it } from 'vitest';
import { RequestPump, type RequestPumpOptions } from './requestPump';

/** A pump whose requests answer when the test says so. */
function manualPump(options: Partial<RequestPumpOptions<string, string>> = {}) {
  const sent: string[] = [];
  const waiting = new Map<string, () => void>();
  const pump = new RequestPump<string, string>({
    parallelism: 2,
    aborted: 'aborted',
    send: (task) => {
      sent.push(task);
      return new Promise<void>((resolve) => waiting.set(task, resolve));
    },
    ...options,
  });
  const answer = async (task: string) => {
    waiting.get(task)!();
    waiting.delete(task);
    await new Promise((r) => setImmediate(r));
  };
  return { pump, sent, answer, waiting };
}

describe('the request pump', () => {
  it('sends urgent tasks first, then in the order queued, at most `parallelism` at once', async () => {
    const { pump, sent, answer } = manualPump();
    pump.push('a', 'normal');
    pump.push('b', 'normal');
    pump.push('c', 'urgent');
    pump.push('d', 'normal');
    const done = pump.run();
    expect(sent).toEqual(['c', 'a']);
    await answer('c');
    expect(sent).toEqual(['c', 'a', 'b']);
    await answer('a');
    await answer('b');
    await answer('d');
    expect(sent).toEqual(['c', 'a', 'b', 'd']);
    expect(await done).toEqual({ ok: true, value: undefined });
  });

  it('goes on with what answers queue meanwhile, and drops cancelled tasks', async () => {
    const { pump, sent, answer } = manualPump({ parallelism: 1 });
    pump.push('a', 'normal');
    pump.push('x', 'normal');
    const done = pump.run();
    pump.push('b', 'urgent');
    expect(pump.cancel((t) => t === 'x')).toBe(1);
    await answer('a');
    await answer('b');
    expect(sent).toEqual(['a', 'b']);
    expect((await done).ok).toBe(true);
  });

  it('after a failure sends nothing new and reports the first failure once the requests in flight are back', async () => {
    const { pump, sent, answer } = manualPump();
    for (const t of ['a', 'b', 'c']) pump.push(t, 'normal');
    let settled = false;
    const done = pump.run().then((r) => ((settled = true), r));
    pump.fail('first');
    pump.fail('second');
    await answer('a');
    expect(settled).toBe(false); // b is still in flight
    await answer('b');
    expect(await done).toEqual({ ok: false, error: 'first' });
    expect(sent).toEqual(['a', 'b']);
  });

  it('stops on an abort, and rejects with a handler that threw', async () => {
    const controller = new AbortController();
    const aborting = manualPump({ signal: controller.signal });
    aborting.pump.push('a', 'normal');
    aborting.pump.push('b', 'normal');
    aborting.pump.push('c', 'normal');
    const stopped = aborting.pump.run();
    controller.abort();
    await aborting.answer('a');
    await aborting.answer('b');
    expect(await stopped).toEqual({ ok: false, error: 'aborted' });
    expect(aborting.sent).toEqual(['a', 'b']);

    const broken = new RequestPump<string, string>({
      parallelism: 1,
      aborted: 'aborted',
      send: () => Promise.reject(new Error('bug')),
    });
    broken.push('a', 'normal');
    await expect(broken.run()).rejects.toThrow('bug');
  });
});
