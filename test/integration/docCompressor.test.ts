import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDoc, type DocDictionary } from '../../src/core/cache/orderDocs';
import { DocCompressor } from '../../src/core/sync/docCompressor';
import { bundleChild } from '../helpers/bundleChild';

// The compressor is the writer thread's entry started in its compressor role: built code, as the writer thread's.
const root = path.resolve(import.meta.dirname, '../..');
let outDir: string;
let entry: URL;

beforeAll(async () => {
  outDir = path.join(root, 'node_modules', '.tmp', `doc-compressor-${process.pid}`);
  entry = pathToFileURL(await bundleChild('src/core/sync/pageWriterThread.ts', outDir));
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const texts = [
  JSON.stringify({ id: '9223372036854775807', buyerName: 'Müller Straße', items: [] }),
  JSON.stringify({ id: '2', remark: '東京 — 🎮 \u2028', nothing: null }),
  '',
  JSON.stringify({ id: '3', title: 'x'.repeat(70_000) }),
];
const dictionary = (id: number, text: string): DocDictionary => ({ id, codec: 'deflate', bytes: Buffer.from(text) });

describe('the writer thread’s document compressor', () => {
  it('makes the same bytes as compressing on the writer thread, with each dictionary it is given', async () => {
    const compressor = DocCompressor.start(entry)!;
    try {
      for (const dict of [dictionary(1, texts[0]! + texts[1]!), dictionary(2, 'another dictionary "id":"')]) {
        const packed = await compressor.pack(texts, dict);
        expect(packed).toHaveLength(texts.length);
        packed!.forEach((p, i) => {
          expect(p.dict).toBe(dict);
          expect(p.doc.equals(compressDoc(dict, texts[i]!))).toBe(true);
        });
      }
    } finally {
      await compressor.close();
    }
  });

  it('answers undefined once it has stopped (the writer then compresses itself)', async () => {
    const compressor = DocCompressor.start(entry)!;
    const dict = dictionary(1, texts[0]!);
    const inFlight = compressor.pack(texts, dict);
    await compressor.close();
    expect(await inFlight).toBeUndefined();
    expect(await compressor.pack(texts, dict)).toBeUndefined();
  });

  it('answers undefined when its thread fails', async () => {
    const missing = DocCompressor.start(new URL('./no-such-entry.js', entry));
    // A missing file fails the thread once it starts (or at once).
    const packed = missing ? await missing.pack(texts, dictionary(1, 'x')) : undefined;
    expect(packed).toBeUndefined();
    await missing?.close();
  });
});
