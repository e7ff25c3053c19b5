import type { HttpTransport } from '../http/transport';

/** Wraps a transport to count the HTTP requests it sends (retries included): the sync's `requests` figure. */
export function countingTransport(inner: HttpTransport): HttpTransport & { readonly count: number } {
  let count = 0;
  return {
    get count() {
      return count;
    },
    send(request) {
      count++;
      return inner.send(request);
    },
  };
}
