import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { AxiosInstance, AxiosStatic } from 'axios';
import { err, ok } from '../result';
import {
  TOO_LARGE_HEAD_BYTES,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
  type TransportFailure,
} from './transport';
import { officeNetworkFrom, type OfficeNetwork } from './officeNetwork';

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
]);

/**
 * axios, loaded by the first request: loading it (with the fetch globals it touches) takes ~0.2 s of a process's
 * start, and the core host answers its first reads — a window's first page — from the cache, before any request.
 */
let axiosModule: Promise<AxiosStatic> | undefined;
function loadAxios(): Promise<AxiosStatic> {
  axiosModule ??= import('axios').then((m) => m.default);
  return axiosModule;
}

/** axios.isCancel without loading axios: its cancellations carry `__CANCEL__`. */
function isAxiosCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true;
}

/** The code of an AxiosError (axios.isAxiosError: the flag its errors carry), '' for anything else. */
function axiosErrorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const e = error as { isAxiosError?: unknown; code?: unknown };
  return e.isAxiosError === true && typeof e.code === 'string' ? e.code : '';
}

/** Why an attempt was cut short by us, not by the network. */
type StopReason = 'deadline' | 'cancelled';

export function classifyAxiosFailure(error: unknown, timeoutMs: number, stopped?: StopReason): TransportFailure {
  // Our own stops first: axios reports both as a cancel, or as whatever the torn-down stream said.
  if (stopped === 'deadline') return { kind: 'timeout', message: `no complete answer within ${timeoutMs} ms` };
  if (stopped === 'cancelled' || isAxiosCancel(error)) return { kind: 'aborted', message: 'request cancelled' };
  const code = axiosErrorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (NOT_SENT_CODES.has(code)) return { kind: 'refused', message: `${code}: ${message}` };
  return { kind: 'dropped', message: code ? `${code}: ${message}` : message };
}

export interface AxiosTransportOptions {
  /** Keep connections open between requests (default true): a sync makes many requests to one host. */
  keepAlive?: boolean;
  maxSockets?: number;
  /**
   * The proxy and the trusted roots (officeNetwork.ts). Default: this process's HTTPS_PROXY / HTTP_PROXY /
   * NO_PROXY and the system's certificate store besides Node's own roots.
   */
  network?: OfficeNetwork;
}

/** Reads a (decompressed) body stream up to `maxBytes`; `undefined` as soon as it passes them. */
async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer | { head: string }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      // The start of the answer (what was read), to name what did not fit; the rest was never read.
      const read = Buffer.concat(chunks);
      return { head: decodeText(read.subarray(0, Math.min(read.length, TOO_LARGE_HEAD_BYTES))) };
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function decodeText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function headersOf(raw: Record<string, unknown>): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(raw)) {
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v == null ? undefined : String(v);
  }
  return headers;
}

/**
 * HttpTransport over axios. Bodies go out exactly as given and come back as raw text (the core parses).
 * Each attempt has one deadline for connecting, the headers and the whole body (a server dripping bytes cannot
 * hold it longer), and the body is counted after decompression: reading stops at the first byte over the cap, so
 * neither a huge body nor a small gzip that unpacks to gigabytes is ever held in memory.
 */
export function createAxiosTransport(options: AxiosTransportOptions = {}): HttpTransport {
  const keepAlive = options.keepAlive ?? true;
  const maxSockets = options.maxSockets ?? 16;
  const { proxyEnv, secureContext } = options.network ?? officeNetworkFrom(process.env);
  // Node's agents tunnel through the proxy themselves (proxyEnv: CONNECT for https, NO_PROXY honoured). axios
  // leaves an agent with proxyEnv alone when its own `proxy` option is unset; `proxy: false` would make it swap in a
  // direct agent, and an unset `proxy` without such an agent would make it read process.env itself.
  const proxied = proxyEnv ? { proxyEnv: { ...proxyEnv } } : {};
  const httpAgent = new http.Agent({ keepAlive, maxSockets, ...proxied });
  const httpsAgent = new https.Agent({
    keepAlive,
    maxSockets,
    ...proxied,
    ...(secureContext ? { secureContext } : {}),
  });
  let instance: Promise<AxiosInstance> | undefined;
  const client = (): Promise<AxiosInstance> =>
    (instance ??= loadAxios().then((axios) =>
      axios.create({
        httpAgent,
        httpsAgent,
        maxRedirects: 0,
        ...(proxyEnv ? {} : { proxy: false as const }),
        responseType: 'stream',
        transformRequest: [(data: unknown) => data],
        validateStatus: () => true,
        decompress: true,
      }),
    ));

  return {
    async send(request: HttpRequest) {
      const stop = new AbortController();
      let stopped: StopReason | undefined;
      const deadline = setTimeout(() => {
        stopped ??= 'deadline';
        stop.abort();
      }, request.timeoutMs);
      const onCancel = () => {
        stopped ??= 'cancelled';
        stop.abort();
      };
      if (request.signal?.aborted) onCancel();
      request.signal?.addEventListener('abort', onCancel, { once: true });
      try {
        const res = await (
          await client()
        ).request<Readable>({
          method: request.method,
          url: request.url,
          headers: request.headers,
          data: request.body,
          signal: stop.signal,
        });
        const body = await readCapped(res.data, request.maxResponseBytes);
        if (!Buffer.isBuffer(body)) {
          // Reading stopped at the cap; this connection still has unread bytes, so it is closed, not reused.
          return err<TransportFailure>({
            kind: 'too-large',
            message: `the answer is larger than ${request.maxResponseBytes} bytes (after decompression)`,
            head: body.head,
          });
        }
        return ok<HttpResponse>({
          status: res.status,
          headers: headersOf(res.headers as Record<string, unknown>),
          body: decodeText(body),
        });
      } catch (error) {
        return err(classifyAxiosFailure(error, request.timeoutMs, stopped));
      } finally {
        clearTimeout(deadline);
        request.signal?.removeEventListener('abort', onCancel);
      }
    },
  };
}
