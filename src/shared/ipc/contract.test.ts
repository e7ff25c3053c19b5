import { describe, expect, it } from 'vitest';
import { ipcChannels, ipcContract, isIpcChannel, type IpcChannel, type IpcRequest, type IpcResponse } from './contract';

/** One valid example per channel and direction. Adding a channel without examples fails the first test. */
const examples: { [C in IpcChannel]: { request: IpcRequest<C>; response: IpcResponse<C> } } = {
  'app:getInfo': { request: undefined, response: { version: '0.1.0', platform: 'linux' } },
};

describe('IPC contract', () => {
  it('lists the same channels in channels.ts and the schema table', () => {
    expect(Object.keys(ipcContract).sort()).toEqual([...ipcChannels].sort());
  });

  it('has an example for every channel', () => {
    expect(Object.keys(examples).sort()).toEqual([...ipcChannels].sort());
  });

  it.each(ipcChannels)(
    '%s: request and response survive IPC (structured clone) and parse to the same value',
    (channel) => {
      const spec = ipcContract[channel];
      const example = examples[channel];
      for (const [schema, value] of [
        [spec.request, example.request],
        [spec.response, example.response],
      ] as const) {
        const parsed = schema.parse(value);
        const cloned = structuredClone(parsed);
        expect(schema.parse(cloned)).toEqual(parsed);
        expect(cloned).toEqual(value);
      }
    },
  );

  it('app:getInfo rejects malformed data', () => {
    const spec = ipcContract['app:getInfo'];
    expect(spec.request.safeParse({}).success).toBe(false);
    expect(spec.response.safeParse({ version: '1.0.0' }).success).toBe(false);
    expect(spec.response.safeParse({ version: '', platform: 'linux' }).success).toBe(false);
    expect(spec.response.safeParse({ version: '1.0.0', platform: 'linux', extra: 1 }).success).toBe(false);
  });

  it('knows its channel names', () => {
    expect(isIpcChannel('app:getInfo')).toBe(true);
    expect(isIpcChannel('toString')).toBe(false);
    expect(isIpcChannel('app:quit')).toBe(false);
    expect(isIpcChannel(42)).toBe(false);
  });
});
