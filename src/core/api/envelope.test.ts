import { describe, expect, it } from 'vitest';
import { orderListDataSchema } from '../../shared/domain/orderDecoding';
import { decodeEnvelope } from './envelope';

const res = (body: string, status = 200, headers: Record<string, string> = {}) => ({ status, headers, body });
const envelope = (data: unknown, code = '0000') =>
  JSON.stringify({ code, msg: code === '0000' ? 'Success' : 'err', time: '2026-01-01T00:00:00.000Z', data });
const page = (list: unknown[]) => ({ pageIndex: 1, pageSize: 10, totalCount: list.length, pageCount: 1, list });

describe('decodeEnvelope', () => {
  it('passes unknown fields through and tolerates null/absent optional fields', () => {
    const r = decodeEnvelope(
      res(envelope(page([{ id: '1', buyerName: null, newField: { x: 1 }, deliveryErrorInfo: null }]))),
      orderListDataSchema,
      0,
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.data.list[0]).toMatchObject({ id: '1', newField: { x: 1 } });
      expect(r.value.time).toBe('2026-01-01T00:00:00.000Z');
    }
  });

  it('an order with a wrong type is skipped, named by ID and field path; the rest of the page is kept', () => {
    const r = decodeEnvelope(
      res(envelope(page([{ id: '1' }, { id: '2', orderStatus: 'paid' }]))),
      orderListDataSchema,
      0,
    );
    expect(r).toMatchObject({
      ok: true,
      value: {
        data: { list: [{ id: '1' }], skipped: [{ id: '2', reason: 'data.list[1].orderStatus: expected an integer' }] },
      },
    });
  });

  it('a body that is not JSON is quoted redacted: no token reaches the message', () => {
    const r = decodeEnvelope(res('<html>echo: Authorization: Bearer abc123 tok</html>'), orderListDataSchema, 0);
    expect(r).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    if (r.ok) return;
    expect(JSON.stringify(r.error)).not.toContain('abc123');
    expect(r.error.kind === 'protocol' && r.error.message).toContain('Bearer [reda');
    // A token cut by the quote's end is still recognised.
    const cut = decodeEnvelope(res(`${'x'.repeat(30)} Bearer abcdefghijklmnop`), orderListDataSchema, 0);
    expect(JSON.stringify(cut)).not.toContain('abc');
  });

  it('duplicate envelope keys are a protocol error, never read as the last one', () => {
    const body = '{"code":"10003","msg":"request signature error","time":"t","data":null,"code":"0000"}';
    expect(decodeEnvelope(res(body), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'protocol', path: 'code', message: expect.stringContaining('"code" more than once') },
    });
  });

  it('a body that is not JSON or not the envelope is a protocol error', () => {
    expect(decodeEnvelope(res('<html>oops'), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'protocol' },
    });
    expect(decodeEnvelope(res('{"hello":1}'), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'protocol' },
    });
  });

  it('a non-0000 code is a platform error with the spec action', () => {
    const r = decodeEnvelope(res(envelope(null, '10003')), orderListDataSchema, 0);
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'platform', code: '10003', action: expect.stringContaining('signature') },
    });
    const unknown = decodeEnvelope(res(envelope(null, '77777')), orderListDataSchema, 0);
    expect(unknown.ok || unknown.error.kind !== 'platform' || unknown.error.action).toBeFalsy();
  });

  it('an error envelope without `data` keeps its code and action; absent page numbers and null field names are tolerated', () => {
    const body = JSON.stringify({ code: '10003', msg: 'request signature error', time: '2026-01-01 00:00:00' });
    expect(decodeEnvelope(res(body), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'platform', code: '10003', action: expect.stringContaining('signature') },
    });
    const sparse = decodeEnvelope(
      res(
        envelope({ pageIndex: null, totalCount: 1, list: [{ id: '1', deliveryInfo: [{ key: null, value: ['x'] }] }] }),
      ),
      orderListDataSchema,
      0,
    );
    expect(sparse).toMatchObject({ ok: true, value: { data: { totalCount: 1, list: [{ id: '1' }] } } });
    // totalCount stays required: without it no page can be trusted to be complete.
    expect(decodeEnvelope(res(envelope({ list: [] })), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'protocol', path: 'data.totalCount' },
    });
  });

  it('an HTTP error keeps the status, the envelope when there is one, and Retry-After', () => {
    expect(decodeEnvelope(res(envelope(null, '40101'), 401), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 401, envelope: { code: '40101' } },
    });
    expect(decodeEnvelope(res('Bad gateway', 502), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 502 },
    });
    expect(decodeEnvelope(res('', 429, { 'retry-after': '3' }), orderListDataSchema, 0)).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 429, retryAfterMs: 3000 },
    });
  });

  it('integer IDs in a response keep every digit', () => {
    const r = decodeEnvelope(
      res(
        '{"code":"0000","msg":"Success","time":"t","data":{"pageIndex":1,"pageSize":1,"totalCount":1,"pageCount":1,"list":[{"id":9223372036854775807,"buyerId":9007199254740993}]}}',
      ),
      orderListDataSchema,
      0,
    );
    expect(r.ok && r.value.data.list[0]).toMatchObject({ id: '9223372036854775807', buyerId: '9007199254740993' });
  });
});
