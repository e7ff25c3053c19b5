import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/**
 * zstd documents with a dictionary prepared once (issue 26, docs/PERFORMANCE.md §8 "Fifth pass: the writer").
 * node:zlib sets a dictionary up again on every call: with deflate's 16 KiB dictionary that set-up was ~30 of the
 * ~85 µs an order cost to compress, the largest single part of a first sync's writer thread, and node:zlib's zstd
 * loads its 64 KiB one each time too (~150 µs). The zstd-napi binding keeps a compression context per dictionary
 * with the dictionary loaded (ZSTD_CCtx_loadDictionary keeps its prepared tables across frames) and a prepared
 * decompression dictionary (ZSTD_DDict): ~14 µs to compress a sandbox order, ~6 µs to read it back, in 268 bytes
 * against deflate's 357. The frames are standard zstd (level 3, content size and checksum), byte for byte what
 * node:zlib's zstd makes with the same dictionary: where the binding cannot load, node:zlib (Node ≥ 24.6) reads and
 * writes them, only slower.
 */

const ZSTD_LEVEL = 3;
/** The largest document a frame may claim (a damaged header must not make us allocate gigabytes). */
const MAX_DOC_BYTES = 256 * 1024 * 1024;

interface Binding {
  CCtx: new () => {
    setParameter(param: number, value: number): void;
    loadDictionary(dict: Uint8Array): void;
    compress2(dst: Uint8Array, src: Uint8Array): number;
  };
  DCtx: new () => { decompressUsingDDict(dst: Uint8Array, src: Uint8Array, dict: object): number };
  DDict: new (dict: Uint8Array) => object;
  CParameter: { compressionLevel: number; checksumFlag: number };
  compressBound(size: number): number;
  getFrameContentSize(frame: Uint8Array): number | null;
}

let binding: Binding | null | undefined;

/** The native binding, or null where it cannot load (not installed, or built for another runtime). */
function native(): Binding | null {
  if (binding === undefined) {
    try {
      binding = createRequire(import.meta.url)('zstd-napi/binding') as Binding;
    } catch {
      binding = null;
    }
  }
  return binding;
}

/** Whether zstd documents are cheap here (the prepared-dictionary binding loads). */
export function preparedZstdAvailable(): boolean {
  return native() !== null;
}

/** A dictionary's prepared contexts, made on first use and kept with its bytes (dictionaries never change). */
interface Prepared {
  compress(input: Buffer): Buffer;
  decompress(doc: Buffer): Buffer;
}

const prepared = new WeakMap<Buffer, Prepared>();

function preparedFor(dict: Buffer): Prepared {
  let p = prepared.get(dict);
  if (p === undefined) {
    const b = native();
    p = b === null ? viaNodeZlib(dict) : viaBinding(b, dict);
    prepared.set(dict, p);
  }
  return p;
}

function viaBinding(b: Binding, dict: Buffer): Prepared {
  const cctx = new b.CCtx();
  cctx.setParameter(b.CParameter.compressionLevel, ZSTD_LEVEL);
  cctx.setParameter(b.CParameter.checksumFlag, 1);
  cctx.loadDictionary(dict);
  const dctx = new b.DCtx();
  const ddict = new b.DDict(dict);
  let out = Buffer.allocUnsafeSlow(64 * 1024);
  return {
    compress(input) {
      const bound = b.compressBound(input.length);
      if (out.length < bound) out = Buffer.allocUnsafeSlow(bound);
      const n = cctx.compress2(out, input);
      return Buffer.from(out.subarray(0, n));
    },
    decompress(doc) {
      const size = b.getFrameContentSize(doc);
      if (size === null || size > MAX_DOC_BYTES) throw new Error('not a zstd document of known size');
      const text = Buffer.allocUnsafe(size);
      const n = dctx.decompressUsingDDict(text, doc, ddict);
      if (n !== size) throw new Error(`zstd document is ${n} bytes, its frame says ${size}`);
      return text;
    },
  };
}

function viaNodeZlib(dict: Buffer): Prepared {
  return {
    compress: (input) =>
      zlib.zstdCompressSync(input, {
        dictionary: dict,
        params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL, [zlib.constants.ZSTD_c_checksumFlag]: 1 },
      }),
    decompress: (doc) => zlib.zstdDecompressSync(doc, { dictionary: dict, maxOutputLength: MAX_DOC_BYTES }),
  };
}

/** `input` as a zstd frame made with `dict` (level 3, content size and checksum). */
export function zstdCompress(dict: Buffer, input: Buffer): Buffer {
  return preparedFor(dict).compress(input);
}

/** A zstd frame's content, checked against its checksum; throws for a damaged frame. */
export function zstdDecompress(dict: Buffer, doc: Buffer): Buffer {
  return preparedFor(dict).decompress(doc);
}

/** The same through node:zlib alone (for proving the binding's frames are node:zlib's, and the other way). */
export const nodeZlibZstd = {
  compress: (dict: Buffer, input: Buffer): Buffer => viaNodeZlib(dict).compress(input),
  decompress: (dict: Buffer, doc: Buffer): Buffer => viaNodeZlib(dict).decompress(doc),
};
