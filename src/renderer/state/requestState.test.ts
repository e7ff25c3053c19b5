import { describe, expect, it } from 'vitest';
import { idleState, loadingState, settledState } from './requestState';

describe('request state', () => {
  it('keeps the last good data while loading and after a failure', () => {
    const ready = settledState(idleState<number>(), { ok: true, data: 7 });
    expect(ready).toEqual({ status: 'ready', data: 7, error: null });
    const loading = loadingState(ready);
    expect(loading).toEqual({ status: 'loading', data: 7, error: null });
    const failed = settledState(loading, { ok: false, error: { kind: 'unavailable', message: 'gone' } });
    expect(failed).toEqual({ status: 'failed', data: 7, error: { kind: 'unavailable', message: 'gone' } });
  });
});
