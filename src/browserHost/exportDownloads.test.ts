import { describe, expect, it } from 'vitest';
import { ok } from '../core/result';
import { createExportDownloads } from './exportDownloads';

const download = { fileName: 'a.csv', contentType: 'text/csv', write: async () => ok({ orders: 0, rows: 0 }) };

describe('createExportDownloads', () => {
  it('an offered export is taken once, by its ID only', () => {
    const d = createExportDownloads();
    const where = d.offer(download);
    const m = /^\/_md\/export\/([A-Za-z0-9_-]{43})$/.exec(where);
    expect(m).not.toBeNull();
    expect(d.take('nope')).toBeUndefined();
    expect(d.take(m![1]!)).toBe(download);
    expect(d.take(m![1]!)).toBeUndefined();
  });

  it('each offer gets its own ID', () => {
    const d = createExportDownloads();
    expect(d.offer(download)).not.toBe(d.offer(download));
    expect(d.pending()).toBe(2);
  });

  it('an export not fetched within the TTL is gone', () => {
    let t = 1_000;
    const d = createExportDownloads({ ttlMs: 60_000, now: () => t });
    const id = d.offer(download).split('/').pop()!;
    t += 59_999;
    expect(d.pending()).toBe(1);
    t += 1;
    expect(d.take(id)).toBeUndefined();
    expect(d.pending()).toBe(0);
  });
});
