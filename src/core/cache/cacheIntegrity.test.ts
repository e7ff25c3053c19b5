import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { damageMiddlePage } from '../../../test/helpers/damageCache';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { checkIntegrity } from './cacheIntegrity';
import { openOrderCache } from './openCache';

const T0 = Date.UTC(2026, 0, 1);

/** A closed cache of `n` orders, one page in the middle of its order JSON overwritten. */
function cacheDamagedInTheMiddle(n = 600): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-damaged-')), 'c.sqlite');
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(opened.error.kind);
  const orders = Array.from({ length: n }, (_, i) => fakeOrder(i + 1, T0 + i * 60_000, { remark: 'x'.repeat(400) }));
  for (let i = 0; i < n; i += 100) opened.value.applyPage(orders.slice(i, i + 100), { seenAtMs: T0, baseline: true });
  opened.value.close();
  damageMiddlePage(file);
  return file;
}

describe('integrity check', () => {
  it('an intact cache passes; one damaged in the middle is corrupt, though it still opens and counts', () => {
    const file = cacheDamagedInTheMiddle();
    const opened = openOrderCache({ file });
    if (!opened.ok) throw new Error(opened.error.kind);
    const cache = opened.value;
    try {
      // The narrow order rows are intact: what a full sync reads would not notice.
      expect(cache.orderCount()).toEqual({ ok: true, value: 600 });
      expect(cache.checkIntegrity()).toMatchObject({
        ok: false,
        error: { kind: 'corrupt', file, detail: expect.stringMatching(/quick_check/) },
      });
      // After any SQLite failure the file is checked: a read error on a damaged file is reported as damage.
      const ioError = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_READ' });
      expect(
        cache.guard(() => {
          throw ioError;
        }),
      ).toMatchObject({
        ok: false,
        error: { kind: 'corrupt', detail: expect.stringMatching(/disk I\/O error; PRAGMA quick_check/) },
      });
    } finally {
      cache.close();
    }
  });

  it('an intact file: ok, and an SQLite failure stays what it was', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-intact-')), 'c.sqlite');
    const opened = openOrderCache({ file });
    if (!opened.ok) throw new Error(opened.error.kind);
    expect(checkIntegrity(opened.value.db, file)).toEqual({ ok: true, value: undefined });
    const ioError = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_READ' });
    expect(
      opened.value.guard(() => {
        throw ioError;
      }),
    ).toMatchObject({ ok: false, error: { kind: 'io' } });
    opened.value.close();
  });
});
