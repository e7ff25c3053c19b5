import { z } from 'zod';
import { isIpcChannel, unknownChannelMessage, type IpcChannel } from './channels';
import { ipcContract, ipcResponseSchema, type IpcImplementations, type IpcResponse } from './contract';
import { errorResult } from './result';

/** Something the host's log should hear about (a bug on the host side); the caller only gets a typed error. */
export type GateProblem =
  | { kind: 'threw'; channel: IpcChannel; error: unknown }
  | { kind: 'invalid-response'; channel: IpcChannel; details: string };

/**
 * When a call's parts ended (epoch ms, `performance.timeOrigin + performance.now()`), filled by the gate for a host
 * that traces its calls (diagnostics only: times, never data): the implementation answered, its answer validated.
 */
export interface GateMarks {
  answered?: number;
  validated?: number;
}

/** Runs one call: the channel name and the arguments after it, exactly as the bridge received them. */
export type IpcGate = (
  channel: unknown,
  args: readonly unknown[],
  marks?: GateMarks,
) => Promise<IpcResponse<IpcChannel>>;

const epochNow = () => performance.timeOrigin + performance.now();

export interface IpcGateOptions {
  implementations: IpcImplementations;
  /** Told about host-side bugs (the implementation threw, or answered outside the contract). */
  report: (problem: GateProblem) => void;
}

/**
 * The one gate of every host (Electron main's registerHandlers, the browser host): validates the request against
 * the contract, runs the implementation, validates its answer against the channel's Result schema, and turns
 * everything else into a typed error Result. It never throws and never lets a thrown message reach the caller
 * (it may hold details that are not the renderer's business; the host's log gets them).
 */
export function createIpcGate({ implementations, report }: IpcGateOptions): IpcGate {
  return async (channel, args, marks) => {
    if (!isIpcChannel(channel)) return errorResult('invalid-request', unknownChannelMessage(channel));
    if (args.length > 1) {
      return errorResult(
        'invalid-request',
        `Invalid request for "${channel}": expected at most one argument, got ${args.length}.`,
      );
    }
    const request = ipcContract[channel].request.safeParse(args[0]);
    if (!request.success) {
      return errorResult('invalid-request', `Invalid request for "${channel}": ${z.prettifyError(request.error)}`, {
        issues: request.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    let answer: unknown;
    try {
      const run = implementations[channel] as (request: unknown) => unknown;
      answer = await run(request.data);
    } catch (error) {
      report({ kind: 'threw', channel, error });
      return errorResult('internal', `Merchant Desk failed while answering "${channel}". Its log has the details.`, {
        code: 'threw',
      });
    }
    if (marks) marks.answered = epochNow();
    const response = ipcResponseSchema(channel).safeParse(answer);
    if (marks) marks.validated = epochNow();
    if (!response.success) {
      report({ kind: 'invalid-response', channel, details: z.prettifyError(response.error) });
      return errorResult(
        'internal',
        `Merchant Desk produced an answer to "${channel}" that breaks the contract. Its log has the details.`,
        { code: 'invalid-response' },
      );
    }
    return response.data as IpcResponse<IpcChannel>;
  };
}

/**
 * One log line for a host-side bug the gate caught. `describeThrown` turns the thrown value into text for the log
 * (the hosts pass the core's redacting describeUnexpected: a thrown message never reaches a log unredacted).
 */
export function describeGateProblem(problem: GateProblem, describeThrown: (error: unknown) => string): string {
  return problem.kind === 'threw'
    ? `[ipc] "${problem.channel}" threw: ${describeThrown(problem.error)}`
    : `[ipc] "${problem.channel}" produced an answer that breaks the contract: ${problem.details}`;
}
