import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, planRestart } from './restartPolicy';

const policy = DEFAULT_RESTART_POLICY;

describe('planRestart', () => {
  it('restarts with a doubling backoff until the third crash within a minute', () => {
    expect(planRestart([0], 0, policy)).toEqual({ restart: true, delayMs: 500, crashes: 1 });
    expect(planRestart([0, 1_000], 1_000, policy)).toEqual({ restart: true, delayMs: 1_000, crashes: 2 });
    expect(planRestart([0, 1_000, 2_000], 2_000, policy)).toEqual({ restart: false, crashes: 3 });
  });

  it('forgets crashes older than the window', () => {
    expect(planRestart([0, 10_001, 70_000], 70_000, policy)).toEqual({ restart: true, delayMs: 1_000, crashes: 2 });
  });

  it('caps the delay', () => {
    const many = { ...policy, maxCrashes: 100 };
    const times = Array.from({ length: 20 }, (_, i) => i);
    expect(planRestart(times, 20, many)).toMatchObject({ restart: true, delayMs: policy.maxDelayMs });
  });
});
