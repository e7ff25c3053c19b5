import type { Result } from '../result';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Sent byte for byte (UTF-8); never re-serialised by the transport. */
  body?: string;
  timeoutMs: number;
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
 * - timeout: no answer in time — the request may have been processed.
 * - aborted: cancelled by the caller.
 */
export interface TransportFailure {
  kind: 'refused' | 'dropped' | 'timeout' | 'aborted';
  message: string;
}

/** The one network layer of the app: the core never calls HTTP any other way. */
export interface HttpTransport {
  send(request: HttpRequest): Promise<Result<HttpResponse, TransportFailure>>;
}
