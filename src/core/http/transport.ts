import type { Result } from '../result';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Sent byte for byte (UTF-8); never re-serialised by the transport. */
  body?: string;
  /** The whole attempt's deadline: connecting, the headers and the last byte of the body. */
  timeoutMs: number;
  /** The most body bytes accepted after decompression; one more ends the attempt (`too-large`). */
  maxResponseBytes: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/**
 * Why no response arrived.
 * - refused: the connection was refused or the host not found — the request surely was not processed.
 * - dropped: the connection closed after the request may have been sent.
 * - timeout: no complete answer in time — the request may have been processed.
 * - aborted: cancelled by the caller.
 * - too-large: the answer (decompressed) passed `maxResponseBytes`; reading stopped there. The server answered, so
 *   the request reached it.
 */
export interface TransportFailure {
  kind: 'refused' | 'dropped' | 'timeout' | 'aborted' | 'too-large';
  message: string;
  /**
   * too-large only: the answer's first characters (at most TOO_LARGE_HEAD_BYTES), so the caller can name what did
   * not fit (the order ID of a one-order page). Platform data: read, never logged or kept.
   */
  head?: string;
}

/** How much of a too-large answer is kept for naming it. */
export const TOO_LARGE_HEAD_BYTES = 64 * 1024;

/** The one network layer of the app: the core never calls HTTP any other way. */
export interface HttpTransport {
  send(request: HttpRequest): Promise<Result<HttpResponse, TransportFailure>>;
}
