import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ipcChannels,
  ipcContract,
  ipcResponseSchema,
  isIpcChannel,
  type IpcChannel,
  type IpcRequest,
  type IpcResponse,
} from './contract';

const order = { id: '1234567890123456789', orderNum: 'SO-1', orderStatus: 4, orderAfterSalesStatus: null };
const buyer = { merchantUserNo: 'u-1', email: 'u1@example.com', firstName: 'Ada' };
const profileSettings = {
  id: 'shop-eu',
  name: 'Shop EU',
  kind: 'merchant' as const,
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://platform.example.com',
  apiPrefix: '/merchant-api',
  merchantId: 'M-1',
  apiVersion: 'v1',
  signatureProfile: { mode: 'canonical' as const, algorithm: 'RSA-SHA256' as const },
  timeoutMs: 15000,
  maxResponseMB: 32,
  pollIntervalSeconds: 60,
  pollOverlapMinutes: 2,
  notifications: {
    newOrder: true,
    statusChanged: true,
    afterSales: true,
    dispute: false,
    deliveryError: true,
    dueSoon: true,
    overdue: true,
  },
  statusLabels: { order: { '3': 'Shipped' }, afterSales: {} },
  deliveryDeadlines: {
    rules: { clockStart: 'paid' as const, partialDelivery: 'earliest-first' as const, closedOrderStatuses: [5, 6] },
    dueSoon: { fraction: 0.25, capMinutes: 30 },
  },
  imageHosts: [],
  afterSalesStatuses: { awaitingReview: [1], approved: [2], rejected: [3], closed: [4], confirmed: false },
};
const journalEntry = {
  attemptId: '5c8e0f5e-1111-4222-8333-944445555666',
  orderId: '1463602624812024031',
  approved: true,
  reason: null,
  imageUrls: [],
  sentAt: '2026-03-10T14:02:00.000Z',
  actor: 'app (alice)',
  state: 'pending' as const,
  settledAt: null,
  settledBy: null,
};
const keySummary = { bits: 2048, fingerprint: '3F:A0', fingerprintBase64: 'P6A=' };
const publicKey = {
  publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMIIB…\n-----END PUBLIC KEY-----\n',
  bits: 2048,
  fingerprint: { hex: '3F:A0', base64: 'P6A=' },
};

function insightsFigureExample(day: string) {
  return {
    firstDay: day,
    lastDay: day,
    orders: 3,
    paidOrders: 2,
    units: 4,
    revenue: [
      { currency: 'EUR', amount: '20.00', paidOrders: 1 },
      { currency: 'JPY', amount: '1500', paidOrders: 1 },
    ],
    delivered: 1,
    leadMedianMs: 1_800_000,
    leadP90Ms: 1_800_000,
    requiredMedianMs: 3_600_000,
    measured: 1,
    late: 0,
    lateShare: 0,
    exceptions: 0,
    afterSales: 1,
    disputes: 0,
    filter: { createdFrom: day, createdTo: day },
  };
}

/** One valid example per channel and direction. Adding a channel without examples fails the first test. */
const examples: { [C in IpcChannel]: { request: IpcRequest<C>; response: IpcResponse<C> } } = {
  'app:getInfo': {
    request: undefined,
    response: {
      ok: true,
      data: {
        version: '0.1.0',
        platform: 'linux',
        dataDir: '/home/m/.config/merchant-desk',
        logFile: '/home/m/.config/merchant-desk/logs/core-host.log',
        capabilities: { tray: false, openAtLogin: false, updates: false },
        environment: { sandbox: true },
      },
    },
  },
  'app:updates': {
    request: undefined,
    response: { ok: true, data: { kind: 'ready', version: '1.2.0' } },
  },
  'app:updateAction': {
    request: { action: 'restart' },
    response: { ok: true, data: { state: { kind: 'ready', version: '1.2.0' }, restart: 'waiting' } },
  },
  'profiles:list': {
    request: undefined,
    response: {
      ok: true,
      data: {
        activeProfileId: 'shop-eu',
        profiles: [{ ...profileSettings, tokenState: 'set', key: keySummary }],
        tokenProblem: null,
      },
    },
  },
  'profiles:get': {
    request: { profileId: 'shop-eu' },
    response: {
      ok: true,
      data: {
        profile: { ...profileSettings, tokenState: 'unknown', key: 'unknown' },
        active: true,
        tokenProblem: {
          kind: 'keychain',
          code: 'keychain-locked',
          message: 'The keychain is locked.',
          action: 'Unlock it.',
        },
      },
    },
  },
  'profiles:add': {
    request: {
      profile: {
        id: 'shop-eu',
        name: 'Shop EU',
        kind: 'merchant',
        baseUrl: 'https://api.example.com',
        platformUrl: 'https://platform.example.com',
        merchantId: 'M-1',
        pollIntervalSeconds: 120,
      },
      use: true,
    },
    response: { ok: true, data: { profile: profileSettings, activeProfileId: 'shop-eu' } },
  },
  'profiles:edit': {
    request: { profileId: 'shop-eu', changes: { notifications: { dispute: false } }, use: false },
    response: {
      ok: false,
      error: {
        kind: 'invalid-input',
        code: 'invalid',
        message: 'pollIntervalSeconds: poll interval must be at least 15 seconds',
        action: 'Correct the named settings.',
        issues: [{ path: 'pollIntervalSeconds', message: 'poll interval must be at least 15 seconds' }],
      },
    },
  },
  'profiles:remove': {
    request: { profileId: 'shop-eu', keepSecrets: false, confirmed: true },
    response: {
      ok: true,
      data: { removed: 'shop-eu', secretsDeleted: true, activeProfileId: null, remaining: ['shop-us'] },
    },
  },
  'profiles:use': { request: { profileId: 'shop-us' }, response: { ok: true, data: { activeProfileId: 'shop-us' } } },
  'credentials:setToken': {
    request: { profileId: 'shop-eu', token: 'abc.def-123' },
    response: { ok: true, data: { profileId: 'shop-eu', tokenState: 'set', length: 11 } },
  },
  'credentials:tokenStatus': {
    request: { profileId: 'shop-eu' },
    response: { ok: true, data: { profileId: 'shop-eu', tokenState: 'not set' } },
  },
  'credentials:deleteToken': {
    request: { profileId: 'shop-eu' },
    response: { ok: true, data: { profileId: 'shop-eu', deleted: false } },
  },
  'credentials:keyStatus': {
    request: { profileId: 'shop-eu' },
    response: { ok: true, data: { profileId: 'shop-eu', key: publicKey } },
  },
  'credentials:generateKey': {
    request: { profileId: 'shop-eu', bits: 3072, replace: false },
    response: {
      ok: false,
      error: { kind: 'invalid-input', code: 'key-exists', message: 'Profile shop-eu already has a key.' },
    },
  },
  'credentials:importKey': {
    request: {
      profileId: 'shop-eu',
      privateKeyPem: '-----BEGIN ENCRYPTED PRIVATE KEY-----\n…',
      passphrase: 'correct horse',
      replace: true,
    },
    response: { ok: true, data: { profileId: 'shop-eu', key: publicKey, replaced: true, unchanged: false } },
  },
  'credentials:removeKey': {
    request: { profileId: 'shop-eu' },
    response: { ok: true, data: { profileId: 'shop-eu', deleted: true } },
  },
  'credentials:testConnection': {
    request: { profileId: 'shop-eu' },
    response: {
      ok: true,
      data: {
        profileId: 'shop-eu',
        ok: false,
        checks: [
          { id: 'token', title: 'Access token', status: 'failed', detail: 'No token.', action: 'Enter it.' },
          { id: 'signature', title: 'Signature', status: 'ok', detail: 'Verified.', action: null },
        ],
      },
    },
  },
  'credentials:inspectSignature': {
    request: { profileId: 'shop-eu', publicKeyPem: null },
    response: {
      ok: true,
      data: {
        profileId: 'shop-eu',
        method: 'POST',
        url: 'https://platform.example.com/pay-fac/M-1/v1/buyer/sync',
        path: '/pay-fac/M-1/v1/buyer/sync',
        signatureProfile: { mode: 'canonical', algorithm: 'RSA-SHA256' },
        stringToSign: 'POST\n/pay-fac/M-1/v1/buyer/sync\n',
        stringToSignVisible: 'POST\\n\n/pay-fac/M-1/v1/buyer/sync\\n\n',
        stringToSignBytes: 31,
        headers: {
          'Content-Type': 'application/json',
          nonce: 'EXAMPLE-NONCE-NOT-SENDABLE',
          timestamp: '1000000000',
          signature: 'c2ln',
        },
        body: '{"merchantUserNo":"example-buyer","email":"buyer@example.com"}',
        keyFingerprint: publicKey.fingerprint,
        selfCheck: true,
        publicKeyCheck: null,
      },
    },
  },
  'settings:get': {
    request: { profileId: null },
    response: {
      ok: true,
      data: {
        app: {
          clipboardClearSeconds: 120,
          closeToTray: true,
          openAtLogin: false,
          automaticUpdates: true,
          language: 'system',
          doNotDisturbUntil: null,
        },
        profile: null,
      },
    },
  },
  'settings:update': {
    request: {
      app: { clipboardClearSeconds: null },
      profile: {
        profileId: 'shop-eu',
        pollIntervalSeconds: 300,
        deliveryDeadlines: { dueSoon: { capMinutes: 15 } },
        imageHosts: ['images.partner.example'],
      },
    },
    response: {
      ok: true,
      data: {
        app: {
          clipboardClearSeconds: null,
          closeToTray: true,
          openAtLogin: false,
          automaticUpdates: true,
          language: 'system',
          doNotDisturbUntil: null,
        },
        profile: {
          profileId: 'shop-eu',
          pollIntervalSeconds: 300,
          pollOverlapMinutes: 2,
          notifications: profileSettings.notifications,
          statusLabels: profileSettings.statusLabels,
          deliveryDeadlines: profileSettings.deliveryDeadlines,
          imageHosts: ['images.partner.example'],
          afterSalesStatuses: profileSettings.afterSalesStatuses,
        },
      },
    },
  },
  'shell:openDataFolder': {
    request: undefined,
    response: { ok: true, data: { opened: true, target: '/home/ann/.config/Merchant Desk' } },
  },
  'shell:openLogFile': {
    request: undefined,
    response: { ok: false, error: { kind: 'io', message: 'Could not open the log file.' } },
  },
  'shell:openPlatformPage': {
    request: { url: 'https://platform.example.com/orders/1' },
    response: { ok: true, data: { opened: true, target: 'https://platform.example.com/orders/1' } },
  },
  'orders:queryPage': {
    request: { search: 'steam key', sellerOrderStatus: [2, 3], hasAfterSales: true, limit: 50 },
    response: { ok: true, data: { list: [order], nextCursor: 'c1', afterSalesStatusUnknown: false } },
  },
  'orders:count': { request: { search: 'steam key' }, response: { ok: true, data: { count: 1234 } } },
  'orders:countQuick': {
    request: { search: 'steam key' },
    response: { ok: true, data: { count: 10_000, atLeast: true } },
  },
  'orders:get': { request: { id: order.id }, response: { ok: true, data: { order } } },
  'orders:cancelUpkeep': { request: undefined, response: { ok: true, data: { cancelled: true } } },
  'orders:compact': {
    request: undefined,
    response: { ok: true, data: { bytesBefore: 2_690_000, bytesAfter: 1_320_000, freeBytesBefore: 1_370_000 } },
  },
  'orders:upkeepState': {
    request: undefined,
    response: { ok: true, data: { report: { phase: 'scan', done: 3, total: 9, state: 'done', damagedOrders: 2 } } },
  },
  'orders:refresh': {
    request: { id: order.id },
    response: { ok: true, data: { order, cached: true, changes: 1 } },
  },
  'orders:export': {
    request: { search: 'steam key', sellerOrderStatus: [4], sort: 'paid', format: 'csv', ids: ['42', '43'] },
    response: { ok: true, data: { orders: 12, rows: 15, file: '/home/me/Documents/orders.csv' } },
  },
  'orders:cacheStats': {
    request: undefined,
    response: {
      ok: true,
      data: {
        profileId: 'shop',
        file: '/home/me/.config/Merchant Desk/cache/shop.sqlite',
        bytes: 1_048_576,
        freeBytes: 65_536,
        orders: 300,
        withAfterSales: 12,
        withDispute: 2,
        withDeliveryException: 1,
        oldestCreateAt: '2026-01-02T03:04:05.000Z',
        newestCreateAt: null,
        byOrderStatus: [
          { status: 4, count: 290 },
          { status: null, count: 10 },
        ],
        byAfterSalesStatus: [],
      },
    },
  },
  'insights:get': {
    request: {
      range: { from: '2026-03-01', to: '2026-03-02' },
      granularity: 'day',
      timeZone: 'Europe/Berlin',
      top: 10,
      minOrdersForRate: 3,
    },
    response: {
      ok: true,
      data: {
        range: { from: '2026-03-01', to: '2026-03-02' },
        granularity: 'day',
        timeZone: 'Europe/Berlin',
        currency: null,
        currencies: ['EUR', 'JPY'],
        buckets: [insightsFigureExample('2026-03-01'), insightsFigureExample('2026-03-02')],
        total: { ...insightsFigureExample('2026-03-01'), lastDay: '2026-03-02' },
        deliveryHistogram: [{ fromMs: 0, toMs: 3_600_000, orders: 2, late: 0 }],
        topProductsByRevenue: [
          {
            productKey: '77',
            skuKey: null,
            title: 'Gift card',
            skuLabel: '',
            currency: 'EUR',
            revenue: '20.00',
            orders: 2,
            units: 2,
            afterSales: 1,
            refundRate: 0.5,
            filter: { createdFrom: '2026-03-01', createdTo: '2026-03-02', productTitle: 'Gift card' },
          },
        ],
        topProductsByRefundRate: [],
        topSkusByRevenue: [],
        topSkusByRefundRate: [],
        repeatBuyers: {
          buyers: 1,
          orders: 2,
          top: [
            {
              buyerId: '9',
              buyerName: 'Ana',
              orders: 2,
              filter: { createdFrom: '2026-03-01', createdTo: '2026-03-02', buyerId: '9' },
            },
          ],
        },
        decisionsKnown: false,
      },
    },
  },
  'orders:attention': {
    request: { limitPerKind: 20 },
    response: {
      ok: true,
      data: {
        asOf: '2026-03-10T12:00:00.000Z',
        counts: { refunds: 2, overdue: 4, dueSoon: 1, exceptions: 1, disputes: 0, total: 8 },
        rows: [
          {
            kind: 'refund',
            orderId: order.id,
            orderNum: 'SO-1',
            reason: 'After-sales request awaiting your decision',
            since: '2026-03-09T08:00:00.000Z',
            dueAt: null,
            detail: 'Steam Wallet Card — after-sales status Awaiting seller review',
          },
          {
            kind: 'overdue',
            orderId: '42',
            orderNum: null,
            reason: 'Delivery overdue',
            since: null,
            dueAt: '2026-03-10T11:40:00.000Z',
            detail: 'Netflix Gift Card — delivery time 10 min',
          },
          {
            kind: 'exception',
            orderId: '43',
            orderNum: 'SO-43',
            reason: 'Delivery exception',
            since: '2026-03-10T10:00:00.000Z',
            dueAt: null,
            detail: 'player account not found (ACCOUNT_NOT_FOUND)',
          },
        ],
        nextChangeAt: '2026-03-10T12:07:30.000Z',
      },
    },
  },
  'afterSales:decide': {
    request: {
      orderId: order.id,
      isApproved: false,
      rejectDescription: 'Code redeemed',
      rejectImageUrls: ['https://example.com/p.png'],
    },
    response: {
      ok: true,
      data: {
        orderId: order.id,
        approved: false,
        order: null,
        refetchError: { kind: 'timeout', message: 'No answer within 3000 ms.' },
        cached: false,
      },
    },
  },
  'afterSales:status': {
    request: { orderId: order.id },
    response: {
      ok: true,
      data: { orderId: order.id, unsettled: journalEntry, entries: [journalEntry] },
    },
  },
  'afterSales:journal': {
    request: { limit: 20 },
    response: { ok: true, data: { recent: [journalEntry], unsettled: [journalEntry] } },
  },
  'afterSales:check': {
    request: { orderId: order.id },
    response: {
      ok: true,
      data: {
        orderId: order.id,
        review: 'not-awaiting',
        settled: {
          ...journalEntry,
          state: 'applied',
          settledAt: '2026-03-10T14:05:00.000Z',
          settledBy: 'checked: the after-sales filter no longer lists it as awaiting',
        },
      },
    },
  },
  'buyers:sync': { request: buyer, response: { ok: true, data: { userId: '88' } } },
  'buyers:listSaved': { request: undefined, response: { ok: true, data: { buyers: [buyer] } } },
  'buyers:save': { request: buyer, response: { ok: true, data: { buyers: [buyer] } } },
  'buyers:remove': { request: { merchantUserNo: 'u-1' }, response: { ok: true, data: { buyers: [] } } },
  'buyers:copyLoginLink': {
    request: { merchantUserNo: 'u-1', itemId: '42' },
    response: { ok: true, data: { copied: true, clearsAt: '2026-11-23T16:00:30.000Z' } },
  },
  'buyers:openLoginLink': {
    request: { merchantUserNo: 'u-1', itemId: '42' },
    response: { ok: true, data: { opened: true } },
  },
  'sync:now': {
    request: { full: true },
    response: {
      ok: true,
      data: {
        mode: 'full',
        resumed: false,
        requests: 31,
        fetched: 300,
        inserted: 300,
        updated: 0,
        unchanged: 0,
        cached: 300,
        skipped: 0,
        changes: 0,
        keptAs: null,
      },
    },
  },
  'sync:status': {
    request: undefined,
    response: {
      ok: true,
      data: {
        state: 'idle',
        complete: true,
        lastSyncedAt: '2026-11-23T16:00:00.000Z',
        lastFullSyncAt: null,
        unfinished: { mode: 'full', windowsDone: 3 },
      },
    },
  },
  'sync:setPaused': { request: { paused: true }, response: { ok: true, data: { state: 'paused' } } },
};

describe('IPC contract', () => {
  it('lists the same channels in channels.ts and the schema table', () => {
    expect(Object.keys(ipcContract).sort()).toEqual([...ipcChannels].sort());
  });

  it('has an example for every channel', () => {
    expect(Object.keys(examples).sort()).toEqual([...ipcChannels].sort());
  });

  it.each(ipcChannels)(
    '%s: request and response survive structured clone (Electron) and JSON (browser host) unchanged',
    (channel) => {
      const example = examples[channel];
      for (const [schema, value] of [
        [ipcContract[channel].request, example.request],
        [ipcResponseSchema(channel), example.response],
      ] as const) {
        const parsed = schema.parse(value);
        expect(schema.parse(structuredClone(parsed))).toEqual(value);
        if (value !== undefined) expect(schema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(value);
      }
    },
  );

  it('every answer is a Result: data on success, a typed error otherwise, nothing else', () => {
    const response = ipcResponseSchema('app:getInfo');
    const error = { kind: 'network', message: 'Connection refused.', action: 'Check the base URL.' };
    expect(response.parse({ ok: false, error })).toEqual({ ok: false, error });
    expect(response.safeParse({ version: '1.0.0', platform: 'linux' }).success).toBe(false);
    expect(response.safeParse({ ok: true, data: { version: '1.0.0' } }).success).toBe(false);
    expect(response.safeParse({ ok: true, data: { version: '', platform: 'linux' } }).success).toBe(false);
    expect(response.safeParse({ ok: true, data: { version: '1', platform: 'linux', extra: 1 } }).success).toBe(false);
    const where = { dataDir: '/d', logFile: '/d/log' };
    expect(response.safeParse({ ok: true, data: { version: '1', platform: 'linux', ...where } }).success).toBe(true);
    expect(response.safeParse({ ok: true, data: { version: '1', platform: 'linux', dataDir: '/d' } }).success).toBe(
      false,
    );
    expect(response.safeParse({ ok: false, error: { kind: 'boom', message: 'x' } }).success).toBe(false);
    expect(response.safeParse({ ok: false, error: { kind: 'network', message: '' } }).success).toBe(false);
    expect(response.safeParse({ ok: false, error, data: {} }).success).toBe(false);
  });

  it('an unknown outcome carries what the re-check found', () => {
    const response = ipcResponseSchema('app:getInfo');
    const found = { kind: 'found', summary: 'after-sales 3 Refund rejected', order: { id: '1234567890123456789' } };
    expect(
      response.parse({ ok: false, error: { kind: 'outcome-unknown', message: 'No answer.', found } }),
    ).toMatchObject({ error: { found } });
    expect(
      response.safeParse({ ok: false, error: { kind: 'outcome-unknown', message: 'x', found: { kind: 'maybe' } } })
        .success,
    ).toBe(false);
  });

  it('app:getInfo takes no request data', () => {
    expect(ipcContract['app:getInfo'].request.safeParse({}).success).toBe(false);
  });

  it('no answer can carry a secret: no field of any answer is named like a token, passphrase, private key or code', () => {
    // A state or length is fine ("tokenState"); a field that could hold the secret itself is not.
    const secretLike = /(^|[a-z])(token|accessToken|passphrase|privateKey\w*|authorizationCode|authCode)$/i;
    const offending = ipcChannels.flatMap((channel) =>
      fieldNames(ipcContract[channel].data)
        .filter((name) => secretLike.test(name))
        .map((name) => `${channel}: ${name}`),
    );
    expect(offending).toEqual([]);
    // The walk reaches nested, nullable, array and union fields (so the check above can fail).
    const planted = z.object({
      a: z.array(z.union([z.null(), z.object({ privateKeyPem: z.string() }).nullable()])),
      b: z.record(z.string(), z.object({ token: z.string() })).optional(),
      c: z.object({ passphrase: z.string() }).default({ passphrase: '' }),
    });
    expect(
      fieldNames(planted)
        .filter((n) => secretLike.test(n))
        .sort(),
    ).toEqual(['passphrase', 'privateKeyPem', 'token']);
    // Secrets are asked for in requests only.
    expect(fieldNames(ipcContract['credentials:setToken'].request)).toContain('token');
    expect(fieldNames(ipcContract['credentials:importKey'].request)).toContain('passphrase');
  });

  it('answers of the buyers channels can carry no code or link: only the documented fields', () => {
    const copied = ipcResponseSchema('buyers:copyLoginLink');
    const url = 'https://platform.example/items/42?authorizationCode=abc';
    expect(copied.safeParse({ ok: true, data: { copied: true, clearsAt: null, url } }).success).toBe(false);
    expect(ipcResponseSchema('buyers:openLoginLink').safeParse({ ok: true, data: { opened: true, url } }).success).toBe(
      false,
    );
    expect(
      ipcResponseSchema('buyers:sync').safeParse({ ok: true, data: { userId: '1', authorizationCode: 'abc' } }).success,
    ).toBe(false);
    expect(
      ipcResponseSchema('buyers:listSaved').safeParse({
        ok: true,
        data: { buyers: [{ ...buyer, authorizationCode: 'abc' }] },
      }).success,
    ).toBe(false);
  });

  it('requests are checked before anything runs: a blank rejection reason, an item path, an unknown filter', () => {
    expect(
      ipcContract['afterSales:decide'].request.safeParse({ orderId: '1', isApproved: false, rejectDescription: ' ' })
        .success,
    ).toBe(false);
    expect(
      ipcContract['buyers:copyLoginLink'].request.safeParse({ merchantUserNo: 'u', itemId: '../../x' }).success,
    ).toBe(false);
    expect(ipcContract['orders:queryPage'].request.safeParse({ sql: 'DROP TABLE orders' }).success).toBe(false);
    expect(ipcContract['orders:count'].request.safeParse({ limit: 5 }).success).toBe(false);
    expect(ipcContract['orders:count'].request.safeParse({ due: 'late' }).success).toBe(false);
    expect(ipcContract['orders:queryPage'].request.safeParse({ due: 'soon', sort: 'due' }).success).toBe(true);
  });

  it('a quick count says whether it is exact or "at least" the cap, and takes the same filters as the count', () => {
    const quick = ipcContract['orders:countQuick'];
    expect(quick.data.safeParse({ count: 10_000, atLeast: true }).success).toBe(true);
    expect(quick.data.safeParse({ count: 37, atLeast: false }).success).toBe(true);
    // "at least" is never left to be guessed from the number, nor a count sent without saying which it is.
    expect(quick.data.safeParse({ count: 10_000 }).success).toBe(false);
    expect(quick.data.safeParse({ count: -1, atLeast: false }).success).toBe(false);
    expect(quick.data.safeParse({ count: 5, atLeast: false, exact: 5 }).success).toBe(false);
    expect(quick.request.safeParse({ limit: 5 }).success).toBe(false);
    expect(quick.request.safeParse({ search: 'steam', sellerOrderStatus: [4], awaitingReview: true }).success).toBe(
      true,
    );
  });

  it('the attention queue is bounded per kind and says when the next order changes due state', () => {
    const request = ipcContract['orders:attention'].request;
    expect(request.safeParse(undefined).success).toBe(true);
    expect(request.safeParse({ limitPerKind: 0 }).success).toBe(false);
    expect(request.safeParse({ limitPerKind: 501 }).success).toBe(false);
    expect(request.safeParse({ limitPerKind: 10, kinds: ['refund'] }).success).toBe(false);
    const answer = ipcResponseSchema('orders:attention');
    const example = examples['orders:attention'].response;
    expect(answer.safeParse(example).success).toBe(true);
    if (!example.ok) return;
    expect(answer.safeParse({ ok: true, data: { ...example.data, nextChangeAt: 'in 5 minutes' } }).success).toBe(false);
    const row = { ...example.data.rows[0]!, kind: 'late' };
    expect(answer.safeParse({ ok: true, data: { ...example.data, rows: [row] } }).success).toBe(false);
    // The quick counts: asked for by a flag, answered with the names of the "more than" counts.
    expect(request.safeParse({ limitPerKind: 50, quickCounts: true }).success).toBe(true);
    expect(request.safeParse({ quickCounts: 'yes' }).success).toBe(false);
    const capped = (countsAtLeast: unknown) =>
      answer.safeParse({ ok: true, data: { ...example.data, countsAtLeast } }).success;
    expect(capped(['refunds', 'total'])).toBe(true);
    expect(capped([])).toBe(true);
    expect(capped(['refund'])).toBe(false);
    expect(capped(true)).toBe(false);
  });

  it('insights:get: days as YYYY-MM-DD, a known granularity, money as decimal text, filters in the Orders terms', () => {
    const request = ipcContract['insights:get'].request;
    expect(request.safeParse({ range: { from: '2026-03-01', to: '2026-03-02' } }).success).toBe(true);
    expect(request.safeParse({ range: { from: '2026-3-1', to: '2026-03-02' } }).success).toBe(false);
    expect(request.safeParse({ range: { from: '2026-03-01', to: '2026-03-02' }, granularity: 'hour' }).success).toBe(
      false,
    );
    expect(request.safeParse({ range: { from: '2026-03-01', to: '2026-03-02' }, currency: 'e u' }).success).toBe(false);
    const answer = ipcResponseSchema('insights:get');
    const example = examples['insights:get'].response;
    expect(answer.safeParse(example).success).toBe(true);
    if (!example.ok) return;
    const summed = { ...example.data.total, revenue: [{ currency: 'EUR', amount: 20.5, paidOrders: 1 }] };
    expect(answer.safeParse({ ok: true, data: { ...example.data, total: summed } }).success).toBe(false);
    const badFilter = {
      ...example.data.total,
      filter: { createdFrom: '2026-03-01', createdTo: '2026-03-02', paid: 1 },
    };
    expect(answer.safeParse({ ok: true, data: { ...example.data, total: badFilter } }).success).toBe(false);
  });

  it('an export names no path: the renderer cannot choose where main writes, and a download is one of ours', () => {
    const exportRequest = ipcContract['orders:export'].request;
    expect(exportRequest.safeParse({ format: 'csv' }).success).toBe(true);
    expect(exportRequest.safeParse({ format: 'csv', file: '/home/me/.ssh/authorized_keys' }).success).toBe(false);
    expect(exportRequest.safeParse({ format: 'xlsx' }).success).toBe(true);
    expect(exportRequest.safeParse({ format: 'xls' }).success).toBe(false);
    expect(exportRequest.safeParse({ format: 'csv', limit: 5 }).success).toBe(false);
    // A selection: typed IDs, bounded, each one once.
    expect(exportRequest.parse({ format: 'csv', ids: ['42', '0042', '7'] })).toEqual({
      format: 'csv',
      ids: ['42', '7'],
    });
    expect(exportRequest.safeParse({ format: 'csv', ids: [] }).success).toBe(false);
    expect(exportRequest.safeParse({ format: 'csv', ids: ['1; DROP'] }).success).toBe(false);
    const tooMany = exportRequest.safeParse({
      format: 'xlsx',
      ids: Array.from({ length: 10_001 }, (_, i) => `${i + 1}`),
    });
    expect(tooMany.error?.issues[0]?.message).toBe(
      'a selection may name at most 10,000 orders; export the view instead',
    );
    const answer = ipcResponseSchema('orders:export');
    expect(answer.safeParse({ ok: true, data: { cancelled: true } }).success).toBe(true);
    expect(answer.safeParse({ ok: true, data: { download: '/_md/export/abc_DEF-1' } }).success).toBe(true);
    expect(answer.safeParse({ ok: true, data: { download: 'https://evil.example/x' } }).success).toBe(false);
  });

  it('knows its channel names', () => {
    expect(isIpcChannel('app:getInfo')).toBe(true);
    expect(isIpcChannel('toString')).toBe(false);
    expect(isIpcChannel('app:quit')).toBe(false);
    expect(isIpcChannel(42)).toBe(false);
  });
});

/** Every object field name anywhere in a schema (through optional, nullable, default, array, union and record). */
function fieldNames(schema: z.ZodType): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => fieldNames(def[key] as z.ZodType);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([name, field]) => [name, ...fieldNames(field)]);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return inner('innerType');
    case 'array':
      return inner('element');
    case 'union':
      return (def.options as z.ZodType[]).flatMap(fieldNames);
    case 'record':
      return inner('valueType');
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    default:
      return [];
  }
}
