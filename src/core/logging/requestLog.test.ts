import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRequestLog, logSafeUrl, requestLogPath } from './requestLog';

const entry = (attempt: number) => ({
  endpoint: 'orders' as const,
  attempt,
  url: 'https://user:secret-pass@api.example.com/merchant-api/seller/order?token=abc#frag',
  status: 200,
  outcome: 'ok',
  durationMs: 12.4,
});

describe('the request log', () => {
  it('writes one JSON line per attempt with origin and path only', () => {
    const file = requestLogPath(mkdtempSync(path.join(tmpdir(), 'md-log-')));
    const log = createRequestLog({ file, now: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
    log(entry(1));
    log({ ...entry(2), status: undefined, outcome: 'timeout' });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        t: '2026-01-02T03:04:05.000Z',
        endpoint: 'orders',
        attempt: 1,
        url: 'https://api.example.com/merchant-api/seller/order',
        status: 200,
        outcome: 'ok',
        ms: 12,
      },
      {
        t: '2026-01-02T03:04:05.000Z',
        endpoint: 'orders',
        attempt: 2,
        url: 'https://api.example.com/merchant-api/seller/order',
        outcome: 'timeout',
        ms: 12,
      },
    ]);
    const text = readFileSync(file, 'utf8');
    for (const secret of ['secret-pass', 'token=abc', 'frag']) expect(text).not.toContain(secret);
  });

  it('rolls over to <file>.1 past its size limit', () => {
    const file = requestLogPath(mkdtempSync(path.join(tmpdir(), 'md-log-')));
    const log = createRequestLog({ file, maxBytes: 400 });
    for (let i = 1; i <= 6; i++) log(entry(i));
    expect(existsSync(`${file}.1`)).toBe(true);
    const size = readFileSync(file, 'utf8').length;
    expect(size).toBeLessThanOrEqual(400);
    const all = [readFileSync(`${file}.1`, 'utf8'), readFileSync(file, 'utf8')].join('').trim().split('\n');
    expect(all.map((l) => JSON.parse(l).attempt)).toEqual([...all.keys()].map((i) => 7 - all.length + i));
  });

  it('never throws, even where nothing can be written', () => {
    // Its folder cannot exist: a plain file stands where the folder should be.
    const blocker = path.join(mkdtempSync(path.join(tmpdir(), 'md-log-')), 'not-a-folder');
    writeFileSync(blocker, 'x');
    const log = createRequestLog({ file: path.join(blocker, 'logs', 'requests.log') });
    expect(() => log(entry(1))).not.toThrow();
  });

  it('keeps unparseable URLs out', () => {
    expect(logSafeUrl('not a url?code=1')).toBe('(unparseable URL)');
  });
});
