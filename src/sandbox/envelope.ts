/** The platform's response envelope `{code, msg, time, data}` and the sandbox's plain HTTP responses. */

export const CODES = {
  success: '0000',
  urlParse: '10001',
  jsonParse: '10002',
  signature: '10003',
  server: '10004',
  /** Sandbox-only: the spec does not define seller error codes. */
  orderNotFound: '20001',
  /** Sandbox-only. */
  noPendingAfterSales: '20002',
  /** Sandbox management only: the order is unpaid or delivered in full. */
  nothingToDeliver: '20003',
  /** Sandbox-only: missing or wrong Bearer token (HTTP 401). */
  unauthorized: '40101',
} as const;
export type EnvelopeCode = (typeof CODES)[keyof typeof CODES];

export const MESSAGES: Record<EnvelopeCode, string> = {
  '0000': 'Success',
  '10001': 'URL parsing error',
  '10002': 'JSON parsing error',
  '10003': 'request signature error',
  '10004': 'Server error',
  '20001': 'order not found',
  '20002': 'no after-sales request awaiting review',
  '20003': 'nothing to deliver',
  '40101': 'Unauthorized: missing or invalid bearer token',
};

/** Seller endpoints use ISO 8601 with milliseconds; the buyer-sync endpoint uses `YYYY-MM-DD HH:mm:ss` (UTC). */
export type TimeStyle = 'seller' | 'buyer-sync';

export function formatSellerTime(ms: number): string {
  return new Date(ms).toISOString();
}

export function formatBuyerSyncTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatTime(style: TimeStyle, ms: number): string {
  return style === 'seller' ? formatSellerTime(ms) : formatBuyerSyncTime(ms);
}

export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  time: string;
  data: T;
}

/** What a handler produces; the server writes it (or, under a fault, drops it). */
export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function jsonResponse(status: number, value: unknown): SandboxResponse {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(value) };
}

export function successResponse(style: TimeStyle, nowMs: number, data: unknown): SandboxResponse {
  const envelope: Envelope = {
    code: CODES.success,
    msg: MESSAGES[CODES.success],
    time: formatTime(style, nowMs),
    data,
  };
  return jsonResponse(200, envelope);
}

/** An error envelope (`data: null`). `detail`, when given, follows the standard message after a colon. */
export function errorResponse(
  style: TimeStyle,
  nowMs: number,
  code: Exclude<EnvelopeCode, '0000'>,
  detail?: string,
  status = 200,
): SandboxResponse {
  const msg = detail ? `${MESSAGES[code]}: ${detail}` : MESSAGES[code];
  const envelope: Envelope<null> = { code, msg, time: formatTime(style, nowMs), data: null };
  return jsonResponse(status, envelope);
}

export function textResponse(status: number, text: string, headers: Record<string, string> = {}): SandboxResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body: text };
}

export function htmlResponse(status: number, html: string): SandboxResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A received request, body fully read. */
export interface SandboxRequest {
  method: string;
  /** req.url exactly as received (path + query). */
  rawUrl: string;
  headers: import('node:http').IncomingHttpHeaders;
  body: string;
}
