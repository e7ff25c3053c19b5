import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, readCursor } from './queryCursor';

describe('cursor codec', () => {
  it('round-trips and stays opaque (base64url)', () => {
    const c = { sort: 'paid', direction: 'asc', key: 1_767_225_600_000, rid: 42 } as const;
    const text = encodeCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(c);
  });

  it('refuses what it did not write', () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      'garbage',
      enc(['created', 'desc', 1]),
      enc(['price', 'desc', 1, 2]),
      enc(['created', 'down', 1, 2]),
      enc(['created', 'desc', 1.5, 2]),
      enc(['created', 'desc', 1, 2 ** 60]),
    ])
      expect(decodeCursor(bad)).toBeUndefined();
  });

  it('a cursor continues only the sort and direction it was written under', () => {
    const cursor = encodeCursor({ sort: 'created', direction: 'desc', key: 1, rid: 2 });
    expect(readCursor({ sort: 'created', direction: 'desc', limit: 50, cursor })).toEqual({
      ok: true,
      value: { sort: 'created', direction: 'desc', key: 1, rid: 2 },
    });
    expect(readCursor({ sort: 'paid', direction: 'desc', limit: 50, cursor })).toMatchObject({
      ok: false,
      error: { kind: 'cursor-mismatch', message: expect.stringMatching(/another query/) },
    });
    expect(readCursor({ sort: 'created', direction: 'desc', limit: 50 })).toEqual({ ok: true, value: undefined });
  });
});
