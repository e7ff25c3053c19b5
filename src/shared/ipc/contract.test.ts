import { describe, expect, it } from 'vitest';
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

/** One valid example per channel and direction. Adding a channel without examples fails the first test. */
const examples: { [C in IpcChannel]: { request: IpcRequest<C>; response: IpcResponse<C> } } = {
  'app:getInfo': { request: undefined, response: { ok: true, data: { version: '0.1.0', platform: 'linux' } } },
  'orders:queryPage': {
    request: { search: 'steam key', sellerOrderStatus: [2, 3], hasAfterSales: true, limit: 50 },
    response: { ok: true, data: { list: [order], nextCursor: 'c1', afterSalesStatusUnknown: false } },
  },
  'orders:count': { request: { search: 'steam key' }, response: { ok: true, data: { count: 1234 } } },
  'orders:get': { request: { id: order.id }, response: { ok: true, data: { order } } },
  'orders:refresh': {
    request: { id: order.id },
    response: { ok: true, data: { order, cached: true, changes: 1 } },
  },
  'orders:cacheStats': {
    request: undefined,
    response: {
      ok: true,
      data: {
        profileId: 'shop',
        file: '/home/me/.config/Merchant Desk/cache/shop.sqlite',
        bytes: 1_048_576,
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
  });

  it('knows its channel names', () => {
    expect(isIpcChannel('app:getInfo')).toBe(true);
    expect(isIpcChannel('toString')).toBe(false);
    expect(isIpcChannel('app:quit')).toBe(false);
    expect(isIpcChannel(42)).toBe(false);
  });
});
