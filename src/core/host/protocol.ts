import type { Result } from '../result';
import type { SecretName, SecretStoreError } from '../secrets/secretStore';
import type { CallResult } from './dispatcher';
import type { HostEvent, OperationCatalog } from './operations';

/** Messages over the HostPort. Plain data (structured clone), never functions or class instances. */
export type ParentMessage =
  | { t: 'init'; config: unknown }
  | { t: 'call'; id: number; operation: string; payload: unknown }
  | { t: 'cancel'; id: number }
  | { t: 'secret-reply'; id: number; result: Result<unknown, SecretStoreError> };

export type HostMessage =
  | { t: 'ready'; catalog: OperationCatalog; pid: number }
  | { t: 'init-failed'; message: string }
  | { t: 'result'; id: number; result: CallResult }
  | { t: 'event'; event: HostEvent }
  | SecretRequest;

export type SecretRequest =
  | { t: 'secret'; id: number; method: 'get' | 'delete'; profileId: string; name: SecretName }
  | { t: 'secret'; id: number; method: 'set'; profileId: string; name: SecretName; value: string };

function isObject(m: unknown): m is Record<string, unknown> {
  return typeof m === 'object' && m !== null;
}

/** Messages from the other side are checked before use: a port carries data, not trust. */
export function asParentMessage(m: unknown): ParentMessage | undefined {
  if (!isObject(m)) return undefined;
  switch (m.t) {
    case 'init':
      return m as ParentMessage;
    case 'call':
      return typeof m.id === 'number' && typeof m.operation === 'string' ? (m as ParentMessage) : undefined;
    case 'cancel':
      return typeof m.id === 'number' ? (m as ParentMessage) : undefined;
    case 'secret-reply':
      return typeof m.id === 'number' && isObject(m.result) ? (m as ParentMessage) : undefined;
  }
  return undefined;
}

export function asHostMessage(m: unknown): HostMessage | undefined {
  if (!isObject(m)) return undefined;
  switch (m.t) {
    case 'ready':
      return isObject(m.catalog) && typeof m.pid === 'number' ? (m as HostMessage) : undefined;
    case 'init-failed':
      return typeof m.message === 'string' ? (m as HostMessage) : undefined;
    case 'result':
      return typeof m.id === 'number' && isObject(m.result) ? (m as HostMessage) : undefined;
    case 'event':
      return isObject(m.event) && typeof m.event.name === 'string' ? (m as HostMessage) : undefined;
    case 'secret':
      return typeof m.id === 'number' &&
        (m.method === 'get' || m.method === 'set' || m.method === 'delete') &&
        typeof m.profileId === 'string' &&
        typeof m.name === 'string' &&
        (m.method !== 'set' || typeof m.value === 'string')
        ? (m as HostMessage)
        : undefined;
  }
  return undefined;
}
