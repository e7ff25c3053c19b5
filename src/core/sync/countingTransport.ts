import type { HttpRequest, HttpTransport } from '../http/transport';

export interface CountingTransport extends HttpTransport {
  /** HTTP requests sent so far, retries included: the sync's `requests` figure. */
  readonly count: number;
  /** Every request sent, in order — kept only when asked for (`record`), so tests can prove what was sent. */
  readonly sent: HttpRequest[];
}

/** Wraps a transport to count the HTTP requests it sends (the CLI, the bench and the tests use this one). */
export function countingTransport(inner: HttpTransport, options: { record?: boolean } = {}): CountingTransport {
  let count = 0;
  const sent: HttpRequest[] = [];
  return {
    get count() {
      return count;
    },
    sent,
    send(request) {
      count++;
      if (options.record) sent.push(request);
      return inner.send(request);
    },
  };
}
