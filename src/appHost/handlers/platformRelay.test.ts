import { describe, expect, it } from 'vitest';
import type { CoreHost, HostStatus } from '../../core/host/coreHost';
import { hostFailed, hostRestarted, outcomeUnknown } from '../../core/host/hostErrors';
import type { OperationError } from '../../core/host/operations';
import { err, ok, type Result } from '../../core/result';
import { strictGate } from '../../../test/helpers/stubImplementations';
import { typedHost } from '../../core/host/typedHost';
import type { SessionOperationMap } from '../../core/host/operations/sessionOperationMap';
import { platformRelay, type PlatformRelayPorts } from './platformRelay';

/** A core host that answers each operation from a script and records what it was asked. */
function scriptedHost(answers: Record<string, Result<unknown, OperationError>>) {
  const calls: Array<{ operation: string; payload: unknown }> = [];
  const status: HostStatus = { state: 'ready', crashes: 0 };
  const host: CoreHost = {
    call: async (operation, payload) => {
      calls.push({ operation, payload });
      return answers[operation] ?? err({ kind: 'unknown-operation', message: `no ${operation}` });
    },
    onEvent: () => () => {},
    status,
    onStatus: () => () => {},
    dispose: async () => {},
  };
  return { host, calls };
}

function routed(answers: Record<string, Result<unknown, OperationError>>, overrides: Partial<PlatformRelayPorts> = {}) {
  const { host, calls } = scriptedHost(answers);
  const copied: Array<{ text: string; clearAfterMs: number | null }> = [];
  const opened: string[] = [];
  const app: PlatformRelayPorts = {
    host: () => ok(typedHost<SessionOperationMap>(host)),
    profileId: () => 'shop-eu',
    clipboard: { writeSecret: (text, clearAfterMs) => void copied.push({ text, clearAfterMs }) },
    openExternal: async (url) => void opened.push(url),
    clipboardClearMs: () => 30_000,
    now: () => Date.parse('2026-11-23T16:00:00.000Z'),
    ...overrides,
  };
  // The strict gate fails the test when an answer breaks the contract.
  return { invoke: strictGate(platformRelay(app)), calls, copied, opened };
}

const LINK = 'https://platform.example.com/sso?code=SECRET-CODE';

describe('host-routed platform handlers', () => {
  it('each channel calls the host operation of its own name with the request, and answers its data', async () => {
    const t = routed({
      'orders:count': ok({ count: 42 }),
      'sync:setPaused': ok({ state: 'paused' }),
      // A field the contract does not carry is refused by the gate (the host maps to the channel's data).
      'buyers:sync': ok({ userId: 'U-9' }),
    });
    expect(await t.invoke('orders:count', { sellerOrderStatus: [4] })).toEqual({ ok: true, data: { count: 42 } });
    expect(await t.invoke('sync:setPaused', { paused: true })).toEqual({ ok: true, data: { state: 'paused' } });
    expect(await t.invoke('buyers:sync', { merchantUserNo: 'u-1', email: 'a@example.com' })).toEqual({
      ok: true,
      data: { userId: 'U-9' },
    });
    expect(t.calls).toEqual([
      { operation: 'orders:count', payload: { sellerOrderStatus: [4] } },
      { operation: 'sync:setPaused', payload: { paused: true } },
      { operation: 'buyers:sync', payload: { merchantUserNo: 'u-1', email: 'a@example.com' } },
    ]);
  });

  it('a decision whose host died in flight reaches the window as outcome-unknown, re-checked on the platform', async () => {
    const order = {
      id: '123',
      isExistAfterSales: true,
      afterSalesLearned: { status: 2, learnedAtMs: 1 },
      orderStatus: 4,
    };
    const t = routed({
      'afterSales:decide': err(outcomeUnknown('afterSales:decide')),
      'orders:refresh': ok({ order, cached: true, changes: 0 }),
    });
    const r = await t.invoke('afterSales:decide', { orderId: '123', isApproved: true });
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'outcome-unknown',
        message: expect.stringContaining('NOT resent'),
        action: expect.stringMatching(/re-check/i),
        found: { kind: 'found', summary: 'isExistAfterSales=true, after-sales status 2, order status 4', order },
      },
    });
    // Not resent: the one call after the decision is the re-check.
    expect(t.calls.map((c) => c.operation)).toEqual(['afterSales:decide', 'orders:refresh']);
  });

  it('a re-check that fails says so; the use case’s own outcome-unknown (already re-checked) passes as it is', async () => {
    const failed = routed({
      'afterSales:decide': err(outcomeUnknown('afterSales:decide')),
      'orders:refresh': err({ kind: 'network', message: 'The platform could not be reached.' }),
    });
    expect(await failed.invoke('afterSales:decide', { orderId: '123', isApproved: true })).toMatchObject({
      ok: false,
      error: {
        kind: 'outcome-unknown',
        found: { kind: 'recheck-failed', message: 'The platform could not be reached.' },
      },
    });
    const own = routed({
      'afterSales:decide': err({ kind: 'outcome-unknown', message: 'Dropped.', found: { kind: 'not-found' } }),
    });
    expect(await own.invoke('afterSales:decide', { orderId: '123', isApproved: true })).toEqual({
      ok: false,
      error: { kind: 'outcome-unknown', message: 'Dropped.', found: { kind: 'not-found' } },
    });
    expect(own.calls.map((c) => c.operation)).toEqual(['afterSales:decide']);
  });

  it('host failures are typed: host-restarted stays, a host that gave up is unavailable with its kind as code', async () => {
    const t = routed({
      'sync:now': err(hostRestarted('sync:now')),
      'sync:status': err(hostFailed('/data/logs/core-host.log', 3, 60_000)),
    });
    expect(await t.invoke('sync:now', {})).toMatchObject({ ok: false, error: { kind: 'host-restarted' } });
    const failed = await t.invoke('sync:status');
    expect(failed).toMatchObject({ ok: false, error: { kind: 'unavailable', code: 'host-failed' } });
    expect(!failed.ok && failed.error.message).toContain('/data/logs/core-host.log');
  });

  it('a login link goes to the clipboard or the browser, never into the answer', async () => {
    const t = routed({ 'buyers:loginLink': ok({ url: LINK, userId: 'U-9' }) });
    const copied = await t.invoke('buyers:copyLoginLink', { merchantUserNo: 'u-1', itemId: '1001' });
    expect(copied).toEqual({ ok: true, data: { copied: true, clearsAt: '2026-11-23T16:00:30.000Z' } });
    expect(t.copied).toEqual([{ text: LINK, clearAfterMs: 30_000 }]);
    expect(await t.invoke('buyers:openLoginLink', { merchantUserNo: 'u-1', itemId: '1001' })).toEqual({
      ok: true,
      data: { opened: true },
    });
    expect(t.opened).toEqual([LINK]);
    expect(t.calls.map((c) => c.payload)).toEqual([
      { merchantUserNo: 'u-1', itemId: '1001' },
      { merchantUserNo: 'u-1', itemId: '1001' },
    ]);
  });

  it('a browser that cannot open says so without repeating the link', async () => {
    const t = routed(
      { 'buyers:loginLink': ok({ url: LINK, userId: 'U-9' }) },
      { openExternal: () => Promise.reject(new Error(`cannot open ${LINK}`)) },
    );
    const r = await t.invoke('buyers:openLoginLink', { merchantUserNo: 'u-1', itemId: '1001' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'unexpected' } });
    expect(JSON.stringify(r)).not.toContain('SECRET-CODE');
  });

  it('without a profile the channels answer the settings error and no host is asked', async () => {
    const t = routed(
      {},
      { host: () => err({ kind: 'settings', code: 'no-profile', message: 'No profile selected.' }) },
    );
    expect(await t.invoke('orders:count', {})).toMatchObject({
      ok: false,
      error: { kind: 'settings', code: 'no-profile' },
    });
    expect(t.calls).toEqual([]);
  });

  it('an export asks the save dialog for the path, then the host writes it; a cancelled dialog writes nothing', async () => {
    const noDialog = routed({});
    expect(await noDialog.invoke('orders:export', { format: 'csv' })).toMatchObject({
      ok: false,
      error: { code: 'export-unavailable' },
    });
    const dialog = (chooseFile: (name: string) => Promise<string | null>) => ({
      exportDestination: { kind: 'save-dialog' as const, chooseFile },
    });
    const cancelled = routed(
      { 'orders:checkExport': ok(null) },
      dialog(async () => null),
    );
    expect(await cancelled.invoke('orders:export', { format: 'csv' })).toEqual({ ok: true, data: { cancelled: true } });
    expect(cancelled.calls.map((c) => c.operation)).toEqual(['orders:checkExport']);
    // Bad filters are said before the dialog opens.
    let asked = 0;
    const refused = routed(
      { 'orders:checkExport': err({ kind: 'invalid-input', message: 'Too many words.' }) },
      dialog(async () => (asked++, '/x.csv')),
    );
    expect(await refused.invoke('orders:export', { format: 'csv' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(asked).toBe(0);
    const suggested: string[] = [];
    const chosen = routed(
      { 'orders:checkExport': ok(null), 'orders:exportToFile': ok({ orders: 3, rows: 5 }) },
      dialog(async (name) => (suggested.push(name), '/home/m/orders.csv')),
    );
    expect(await chosen.invoke('orders:export', { format: 'csv', search: 'steam' })).toEqual({
      ok: true,
      data: { orders: 3, rows: 5, file: '/home/m/orders.csv' },
    });
    expect(suggested[0]).toMatch(/^orders-shop-eu-.*\.csv$/);
    expect(chosen.calls).toEqual([
      { operation: 'orders:checkExport', payload: { search: 'steam' } },
      {
        operation: 'orders:exportToFile',
        payload: { query: { search: 'steam' }, format: 'csv', file: '/home/m/orders.csv' },
      },
    ]);
  });
});
