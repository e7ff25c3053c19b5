import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ExitCode, type CliIo } from './io';
import { makeRunner } from './runner';

describe('the command runner', () => {
  it('an unexpected failure prints one redacted line and exits 1', async () => {
    const err: string[] = [];
    const io: CliIo = { stdout: () => {}, stderr: (t) => err.push(t), env: {} };
    let code: number | undefined;
    const run = makeRunner(new Command(), io, (c) => (code = c));
    await run(async () => {
      throw Object.assign(new Error('upstream said: Authorization: Bearer tok-live-123 authorizationCode=abc'), {
        config: { headers: { Authorization: 'Bearer tok-live-123' } },
      });
    });
    expect(code).toBe(ExitCode.other);
    expect(err).toEqual([
      'Unexpected error: upstream said: Authorization: Bearer [redacted] authorizationCode=[redacted]',
    ]);
  });
});
