import { ok } from '../../result';
import type { OperationFactory } from '../operations';
import { createSessionOperations } from '../operations/sessionOperations';

/**
 * The order operations plus probes for the host tests: which process runs the operations, an operation that
 * waits until cancelled, and one that crashes its process. Used in process and in the host child alike.
 */
export const testOperations: OperationFactory = ({ config, ...env }) => ({
  ...createSessionOperations(config, env),
  'test.pid': { run: async () => ok(process.pid) },
  'test.echo': { run: async (payload) => ok(payload) },
  'test.emit': {
    run: async (payload, ctx) => {
      ctx.emit('test.event', payload);
      return ok(true);
    },
  },
  /** Holds the host's thread for `ms` (a synchronous read that long: Insights or a count at a million orders). */
  'test.busy': {
    run: async (payload) => {
      const until = Date.now() + Number(payload);
      while (Date.now() < until);
      return ok(true);
    },
  },
  /** An answer of `payload` KiB (a first page of 100 orders is ~170 KiB): more than a pipe holds at once. */
  'test.large': { run: async (payload) => ok('x'.repeat(Number(payload) * 1024)) },
  'test.waitForCancel': {
    run: (_payload, ctx) =>
      new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(ok('cancelled')), { once: true })),
  },
  /** Stands for a decision being sent: on cancel it answers as a decision does, "outcome unknown". */
  'test.moneyWaitForCancel': {
    moneyMoving: true,
    run: (_payload, ctx) =>
      new Promise((resolve) =>
        ctx.signal.addEventListener(
          'abort',
          () => resolve({ ok: false, error: { kind: 'outcome-unknown', message: 'cancelled while sending' } }),
          { once: true },
        ),
      ),
  },
  'test.token': {
    run: async (payload) => {
      const r = await env.secrets.get(String((payload as { profileId?: unknown })?.profileId), 'token');
      return r.ok ? ok(r.value === null ? 'not set' : 'set') : { ok: false, error: { ...r.error } };
    },
  },
  'test.crash': {
    run: async () => {
      // A crash of the whole process, not an error the dispatcher could catch.
      setImmediate(() => process.exit(70));
      return new Promise(() => {});
    },
  },
});
