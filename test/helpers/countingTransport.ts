import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import type { HttpRequest, HttpTransport } from '../../src/core/http/transport';

/** The real axios transport, recording every request it sends (to prove "nothing was sent"). */
export function countingTransport(): HttpTransport & { sent: HttpRequest[] } {
  const inner = createAxiosTransport();
  const sent: HttpRequest[] = [];
  return {
    sent,
    send(request) {
      sent.push(request);
      return inner.send(request);
    },
  };
}
