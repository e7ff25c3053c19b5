import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodeZlibZstd, preparedZstdAvailable, zstdCompress, zstdDecompress } from './zstdDocs';

const order = (i: number) =>
  JSON.stringify({
    id: (18_446_744_073_709_551_615n - BigInt(i)).toString(),
    buyerName: ['佐藤 美咲', '🎮 GamerX 👩‍👩‍👧', 'Łukasz Żółć'][i % 3],
    remark: i % 2 ? null : `备注 ${i} \u2028 😀`,
    orderItems: [{ productTitle: 'Steam Gift Card 50 USD', productSkuAttr: {}, productSkuImagesUrl: [] }],
  });
const dictA = Buffer.from(Array.from({ length: 60 }, (_, i) => order(i)).join('\n'));
const dictB = Buffer.from(Array.from({ length: 60 }, (_, i) => order(i + 1000).toUpperCase()).join('\n'));

describe('zstd documents with a prepared dictionary (zstdDocs.ts)', () => {
  it('loads the binding here (a dependency): documents are compressed without setting the dictionary up each time', () => {
    expect(preparedZstdAvailable()).toBe(true);
  });

  it('makes exactly the frames node:zlib makes with the same dictionary, and each reads the other’s', () => {
    for (let i = 0; i < 20; i++) {
      const text = Buffer.from(order(i + 500));
      const dict = i % 2 ? dictA : dictB; // two dictionaries in turn: each keeps its own context
      const frame = zstdCompress(dict, text);
      expect(frame).toEqual(nodeZlibZstd.compress(dict, text));
      expect(frame.length).toBeLessThan(text.length);
      expect(nodeZlibZstd.decompress(dict, frame)).toEqual(text);
      expect(zstdDecompress(dict, nodeZlibZstd.compress(dict, text))).toEqual(text);
      expect(zstdDecompress(dict, frame).toString('utf8')).toBe(order(i + 500));
    }
  });

  it('round-trips documents larger than its output buffer (incompressible, and 800 KB of repetition)', () => {
    for (const text of [Buffer.from(randomBytes(200_000).toString('base64')), Buffer.from('ab'.repeat(400_000))]) {
      const frame = zstdCompress(dictA, text);
      expect(zstdDecompress(dictA, frame)).toEqual(text);
    }
  });

  it('refuses a damaged frame (its checksum), one read with another dictionary, and a header claiming 4 GB', () => {
    const text = Buffer.from(order(7));
    const frame = zstdCompress(dictA, text);
    const flipped = Buffer.from(frame);
    const middle = flipped.length >> 1;
    flipped[middle] = flipped[middle]! ^ 0x5a;
    expect(() => zstdDecompress(dictA, flipped)).toThrow();
    expect(() => zstdDecompress(dictB, frame)).toThrow();
    // Magic, a single-segment frame header with an 8-byte content size of 4 GB, then nothing: refused before any allocation.
    const huge = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0xe0, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(() => zstdDecompress(dictA, huge)).toThrow(/known size/);
    expect(() => zstdDecompress(dictA, Buffer.from('not zstd at all'))).toThrow();
  });
});
