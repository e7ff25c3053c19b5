import { describe, expect, it } from 'vitest';
import {
  ipcChannels,
  ipcContract,
  ipcResponseSchema,
  isIpcChannel,
  type IpcChannel,
  type IpcRequest,
  type IpcResponse,
} from './contract';

/** One valid example per channel and direction. Adding a channel without examples fails the first test. */
const examples: { [C in IpcChannel]: { request: IpcRequest<C>; response: IpcResponse<C> } } = {
  'app:getInfo': { request: undefined, response: { ok: true, data: { version: '0.1.0', platform: 'linux' } } },
};

describe('IPC contract', () => {
  it('lists the same channels in channels.ts and the schema table', () => {
    expect(Object.keys(ipcContract).sort()).toEqual([...ipcChannels].sort());
  });

  it('has an example for every channel', () => {
    expect(Object.keys(examples).sort()).toEqual([...ipcChannels].sort());
  });

  it.each(ipcChannels)(
    '%s: request and response survive structured clone (Electron) and JSON (browser host) unchanged',
    (channel) => {
      const example = examples[channel];
      for (const [schema, value] of [
        [ipcContract[channel].request, example.request],
        [ipcResponseSchema(channel), example.response],
      ] as const) {
        const parsed = schema.parse(value);
        expect(schema.parse(structuredClone(parsed))).toEqual(value);
        if (value !== undefined) expect(schema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(value);
      }
    },
  );

  it('every answer is a Result: data on success, a typed error otherwise, nothing else', () => {
    const response = ipcResponseSchema('app:getInfo');
    const error = { kind: 'network', message: 'Connection refused.', action: 'Check the base URL.' };
    expect(response.parse({ ok: false, error })).toEqual({ ok: false, error });
    expect(response.safeParse({ version: '1.0.0', platform: 'linux' }).success).toBe(false);
    expect(response.safeParse({ ok: true, data: { version: '1.0.0' } }).success).toBe(false);
    expect(response.safeParse({ ok: true, data: { version: '', platform: 'linux' } }).success).toBe(false);
    expect(response.safeParse({ ok: true, data: { version: '1', platform: 'linux', extra: 1 } }).success).toBe(false);
    expect(response.safeParse({ ok: false, error: { kind: 'boom', message: 'x' } }).success).toBe(false);
    expect(response.safeParse({ ok: false, error: { kind: 'network', message: '' } }).success).toBe(false);
    expect(response.safeParse({ ok: false, error, data: {} }).success).toBe(false);
  });

  it('an unknown outcome carries what the re-check found', () => {
    const response = ipcResponseSchema('app:getInfo');
    const found = { kind: 'found', summary: 'after-sales 3 Refund rejected', order: { id: '1234567890123456789' } };
    expect(
      response.parse({ ok: false, error: { kind: 'outcome-unknown', message: 'No answer.', found } }),
    ).toMatchObject({ error: { found } });
    expect(
      response.safeParse({ ok: false, error: { kind: 'outcome-unknown', message: 'x', found: { kind: 'maybe' } } })
        .success,
    ).toBe(false);
  });

  it('app:getInfo takes no request data', () => {
    expect(ipcContract['app:getInfo'].request.safeParse({}).success).toBe(false);
  });

  it('knows its channel names', () => {
    expect(isIpcChannel('app:getInfo')).toBe(true);
    expect(isIpcChannel('toString')).toBe(false);
    expect(isIpcChannel('app:quit')).toBe(false);
    expect(isIpcChannel(42)).toBe(false);
  });
});
