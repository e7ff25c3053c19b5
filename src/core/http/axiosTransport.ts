import http from 'node:http';
import https from 'node:https';
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { err, ok } from '../result';
import type { HttpRequest, HttpResponse, HttpTransport, TransportFailure } from './transport';

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
]);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

export function classifyAxiosFailure(error: unknown, timeoutMs: number): TransportFailure {
  if (axios.isCancel(error)) return { kind: 'aborted', message: 'request cancelled' };
  const code = error instanceof AxiosError ? (error.code ?? '') : '';
  const message = error instanceof Error ? error.message : String(error);
  if (NOT_SENT_CODES.has(code)) return { kind: 'refused', message: `${code}: ${message}` };
  if (TIMEOUT_CODES.has(code)) return { kind: 'timeout', message: `no response within ${timeoutMs} ms` };
  return { kind: 'dropped', message: code ? `${code}: ${message}` : message };
}

export interface AxiosTransportOptions {
  /** Keep connections open between requests (default true): a sync makes many requests to one host. */
  keepAlive?: boolean;
  maxSockets?: number;
}

/** HttpTransport over axios. Bodies go out exactly as given and come back as raw text (the core parses). */
export function createAxiosTransport(options: AxiosTransportOptions = {}): HttpTransport {
  const keepAlive = options.keepAlive ?? true;
  const maxSockets = options.maxSockets ?? 16;
  const instance: AxiosInstance = axios.create({
    httpAgent: new http.Agent({ keepAlive, maxSockets }),
    httpsAgent: new https.Agent({ keepAlive, maxSockets }),
    maxRedirects: 0,
    proxy: false,
    responseType: 'text',
    transformRequest: [(data: unknown) => data],
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
    decompress: true,
  });

  return {
    async send(request: HttpRequest) {
      try {
        const res = await instance.request<string>({
          method: request.method,
          url: request.url,
          headers: request.headers,
          data: request.body,
          timeout: request.timeoutMs,
          signal: request.signal,
        });
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(res.headers as Record<string, unknown>)) {
          headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v == null ? undefined : String(v);
        }
        const body = typeof res.data === 'string' ? res.data : res.data == null ? '' : String(res.data);
        return ok<HttpResponse>({ status: res.status, headers, body });
      } catch (error) {
        return err(classifyAxiosFailure(error, request.timeoutMs));
      }
    },
  };
}
