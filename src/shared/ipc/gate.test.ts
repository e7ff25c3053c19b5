import { describe, expect, it, vi } from 'vitest';
import type { IpcImplementations } from './contract';
import { createIpcGate, describeGateProblem, type GateProblem } from './gate';
import { errorResult, okResult } from './result';

const info = { version: '1.2.3', platform: 'linux', dataDir: '/d', logFile: '/d/logs/core-host.log' };

function gateWith(getInfo: (request: undefined) => unknown) {
  const report = vi.fn<(problem: GateProblem) => void>();
  const implementation = vi.fn(getInfo);
  const gate = createIpcGate({
    implementations: { 'app:getInfo': implementation } as unknown as IpcImplementations,
    report,
  });
  return { gate, report, implementation };
}

describe('the IPC gate', () => {
  it('runs a valid request and passes the ok Result through', async () => {
    const { gate, implementation } = gateWith(() => okResult(info));
    await expect(gate('app:getInfo', [])).resolves.toEqual({ ok: true, data: info });
    await expect(gate('app:getInfo', [undefined])).resolves.toEqual({ ok: true, data: info });
    expect(implementation).toHaveBeenCalledTimes(2);
  });

  it('passes a typed error Result through as a value', async () => {
    const failure = errorResult('network', 'Connection refused.', { action: 'Check the base URL.' });
    const { gate } = gateWith(async () => failure);
    await expect(gate('app:getInfo', [])).resolves.toEqual(failure);
  });

  it.each([
    ['an unknown channel', 'app:quit', [], /Unknown request channel "app:quit"/],
    ['a channel name that is not a string', 42, [], /Unknown request channel "42"/],
    ['an inherited property name', 'toString', [], /Unknown request channel "toString"/],
    ['request data where none is expected', 'app:getInfo', [{ a: 1 }], /Invalid request for "app:getInfo"/],
    ['more than one argument', 'app:getInfo', [undefined, 'x'], /at most one argument, got 2/],
  ])('refuses %s with invalid-request, and nothing runs', async (_what, channel, args, message) => {
    const { gate, implementation, report } = gateWith(() => okResult(info));
    await expect(gate(channel, args)).resolves.toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'invalid-request', message: expect.stringMatching(message) }),
    });
    expect(implementation).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it('names the fields of an invalid request', async () => {
    const { gate } = gateWith(() => okResult(info));
    const answer = await gate('app:getInfo', [{ a: 1 }]);
    expect(answer.ok || answer.error.issues).toEqual([{ path: '', message: expect.any(String) }]);
  });

  it.each([
    ['data that breaks the schema', () => okResult({ version: 42 })],
    ['a bare value instead of a Result', () => info],
    ['an unknown error kind', () => ({ ok: false, error: { kind: 'boom', message: 'x' } })],
    ['nothing', () => undefined],
  ])('turns an answer with %s into an internal error and reports it', async (_what, answer) => {
    const { gate, report } = gateWith(answer);
    await expect(gate('app:getInfo', [])).resolves.toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'internal', code: 'invalid-response' }),
    });
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid-response', channel: 'app:getInfo' }));
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('token=secret-value leaked');
      },
    ],
    ['rejects', () => Promise.reject(new Error('token=secret-value leaked'))],
  ])('turns an implementation that %s into an internal error without its message', async (_what, body) => {
    const { gate, report } = gateWith(body);
    const answer = await gate('app:getInfo', []);
    expect(answer).toEqual({ ok: false, error: expect.objectContaining({ kind: 'internal', code: 'threw' }) });
    expect(JSON.stringify(answer)).not.toMatch(/secret-value/);
    const problem = report.mock.calls[0]![0];
    expect(describeGateProblem(problem, (e) => `described ${(e as Error).message.length}`)).toBe(
      '[ipc] "app:getInfo" threw: described 25',
    );
  });
});
