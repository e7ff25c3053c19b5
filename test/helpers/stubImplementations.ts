import {
  ipcChannels,
  type IpcChannel,
  type IpcImplementations,
  type IpcRequestArgs,
  type IpcResponse,
} from '../../src/shared/ipc/contract';
import { createIpcGate, describeGateProblem } from '../../src/shared/ipc/gate';
import { errorResult } from '../../src/shared/ipc/result';

/** The given implementations; every other channel answers `unavailable` (tests of the bridge, not of a domain). */
export function withUnavailable(partial: Partial<IpcImplementations>): IpcImplementations {
  const all: Record<string, unknown> = Object.fromEntries(
    ipcChannels.map((c) => [c, () => errorResult('unavailable', `"${c}" is not part of this test.`)]),
  );
  return { ...all, ...partial } as IpcImplementations;
}

/** A gate over the given implementations that fails the test when an answer breaks the contract or a handler throws. */
export function strictGate(partial: Partial<IpcImplementations>) {
  const gate = createIpcGate({
    implementations: withUnavailable(partial),
    report: (problem) => {
      throw new Error(describeGateProblem(problem, String));
    },
  });
  return <C extends IpcChannel>(channel: C, ...args: IpcRequestArgs<C>) =>
    gate(channel, args) as Promise<IpcResponse<C>>;
}
