import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpTransport } from '../http/transport';
import { ok } from '../result';
import { countingTransport } from './countingTransport';

const request: HttpRequest = {
  method: 'POST',
  url: 'https://platform.example/x',
  headers: {},
  body: '{}',
  maxResponseBytes: 1_000_000,
  timeoutMs: 1,
};
const inner: HttpTransport = { send: async () => ok({ status: 200, headers: {}, body: '{}' }) };

describe('the counting transport', () => {
  it('counts every request it passes on, and records them only when asked', async () => {
    const counting = countingTransport(inner);
    await counting.send(request);
    await counting.send(request);
    expect(counting.count).toBe(2);
    expect(counting.sent).toEqual([]);
    const recording = countingTransport(inner, { record: true });
    await recording.send(request);
    expect(recording.count).toBe(1);
    expect(recording.sent).toEqual([request]);
  });
});
