import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openOrderCache } from '../cache/openCache';
import type { OrderCache } from '../cache/orderCache';
import type { HttpTransport } from '../http/transport';
import { err, ok } from '../result';
import { checkDataSet, DATA_SET_META_KEY, watchDataSet } from './dataSetWatch';

const caches: OrderCache[] = [];
afterEach(() => caches.splice(0).forEach((c) => c.close()));
function newCache(): OrderCache {
  const opened = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-dataset-')), 'c.sqlite') });
  if (!opened.ok) throw new Error(opened.error.kind);
  caches.push(opened.value);
  return opened.value;
}

/** Answers each request with the next header value (undefined: no header; 'fail': no answer). */
function answering(...ids: Array<string | undefined | 'fail'>): HttpTransport {
  return {
    async send() {
      const id = ids.shift();
      if (id === 'fail') return err({ kind: 'refused', message: 'refused' });
      return ok({ status: 200, headers: id === undefined ? {} : { 'x-data-set-id': id }, body: '{}' });
    },
  };
}
const request = {
  method: 'POST',
  url: 'http://127.0.0.1:1/x',
  headers: {},
  timeoutMs: 1000,
  maxResponseBytes: 1_000_000,
} as const;

describe('watchDataSet', () => {
  it('notes each data-set ID the answers name, once, and forgets them when taken', async () => {
    const watch = watchDataSet(answering('a', undefined, 'a', 'fail', ' b '));
    for (let i = 0; i < 5; i++) await watch.send(request);
    expect(watch.take()).toEqual(['a', 'b']);
    expect(watch.take()).toEqual([]);
  });
});

describe('checkDataSet', () => {
  it('records the first data set and accepts it again', () => {
    const cache = newCache();
    expect(checkDataSet(cache, []).ok).toBe(true);
    expect(cache.getMeta(DATA_SET_META_KEY)).toEqual(ok(undefined));
    expect(checkDataSet(cache, ['d1']).ok).toBe(true);
    expect(cache.getMeta(DATA_SET_META_KEY)).toEqual(ok('d1'));
    expect(checkDataSet(cache, ['d1']).ok).toBe(true);
  });

  it('refuses another data set behind the same cache, and two at once in a new one', () => {
    const cache = newCache();
    checkDataSet(cache, ['d1']);
    expect(checkDataSet(cache, ['d2'])).toEqual(err({ kind: 'data-set-changed', recorded: 'd1', found: 'd2' }));
    expect(cache.getMeta(DATA_SET_META_KEY)).toEqual(ok('d1'));
    expect(checkDataSet(newCache(), ['d1', 'd2'])).toMatchObject({ ok: false, error: { kind: 'data-set-changed' } });
  });
});
