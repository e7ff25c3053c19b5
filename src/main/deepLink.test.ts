import { describe, expect, it } from 'vitest';
import { DEEP_LINK_MAX_LENGTH, parseDeepLink } from './deepLink';

describe('parseDeepLink', () => {
  it('accepts merchantdesk://order/<id> for ids 1 … 2^63−1', () => {
    expect(parseDeepLink('merchantdesk://order/1')).toEqual({ ok: true, link: { kind: 'order', orderId: '1' } });
    expect(parseDeepLink('merchantdesk://order/9223372036854775807')).toEqual({
      ok: true,
      link: { kind: 'order', orderId: '9223372036854775807' },
    });
  });

  it('accepts merchantdesk://<screen> for the screens main may open, and no other screen', () => {
    for (const screen of ['orders', 'attention', 'after-sales'])
      expect(parseDeepLink(`merchantdesk://${screen}`)).toEqual({ ok: true, link: { kind: 'screen', screen } });
    for (const raw of [
      'merchantdesk://settings',
      'merchantdesk://buyers',
      'merchantdesk://order',
      'merchantdesk://afterSales',
    ])
      expect(parseDeepLink(raw)).toEqual({ ok: false, reason: 'unknown-target' });
    expect(parseDeepLink('merchantdesk://attention/')).toEqual({ ok: false, reason: 'unknown-target' });
    expect(parseDeepLink('merchantdesk://after-sales?x')).toEqual({ ok: false, reason: 'query-or-fragment' });
  });

  it.each([
    ['merchantdesk://order/0', 'invalid-order-id'],
    ['merchantdesk://order/9223372036854775808', 'invalid-order-id'],
    ['merchantdesk://order/0042', 'invalid-order-id'],
    ['merchantdesk://order/-1', 'invalid-order-id'],
    ['merchantdesk://order/12a', 'invalid-order-id'],
    ['merchantdesk://order/1.5', 'invalid-order-id'],
    ['merchantdesk://order/', 'unknown-target'],
    ['merchantdesk://order/1/', 'unknown-target'],
    ['merchantdesk://order/1/edit', 'unknown-target'],
    ['merchantdesk://orders/1', 'unknown-target'],
    ['merchantdesk://ORDER/1', 'unknown-target'],
    ['merchantdesk://order:8080/1', 'unknown-target'],
    ['merchantdesk://evil.example/order/1', 'unknown-target'],
    ['merchantdesk://order/./1', 'unknown-target'],
    ['merchantdesk://order/../settings', 'unknown-target'],
    ['MerchantDesk://order/1', 'unknown-target'],
    ['merchantdesk:order/1', 'unknown-target'],
    ['merchantdesk://order/1?x=1', 'query-or-fragment'],
    ['merchantdesk://order/1#top', 'query-or-fragment'],
    ['merchantdesk://order/1?', 'query-or-fragment'],
    ['merchantdesk://user:pw@order/1', 'credentials'],
    ['merchantdesk://@order/1', 'credentials'],
    ['merchantdesk://order/%31', 'not-a-url'],
    ['merchantdesk://%6frder/1', 'not-a-url'],
    ['merchantdesk:\\\\order\\1', 'not-a-url'],
    ['merchantdesk://order/1\n', 'not-a-url'],
    [' merchantdesk://order/1', 'not-a-url'],
    ['merchantdesk://order/\u0661', 'not-a-url'],
    ['not a url', 'not-a-url'],
    ['', 'not-a-url'],
    ['https://order/1', 'wrong-scheme'],
    ['file:///order/1', 'wrong-scheme'],
  ])('refuses %j (%s)', (raw, reason) => {
    expect(parseDeepLink(raw)).toEqual({ ok: false, reason });
  });

  it('refuses over-long text before parsing it', () => {
    const long = 'merchantdesk://order/' + '1'.repeat(DEEP_LINK_MAX_LENGTH);
    expect(parseDeepLink(long)).toEqual({ ok: false, reason: 'too-long' });
    expect(parseDeepLink('merchantdesk://order/1' + '#'.repeat(DEEP_LINK_MAX_LENGTH))).toEqual({
      ok: false,
      reason: 'too-long',
    });
  });
});
