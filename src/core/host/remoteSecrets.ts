import { err, type Result } from '../result';
import { secretNames, type SecretName, type SecretStore, type SecretStoreError } from '../secrets/secretStore';
import type { HostPort } from './port';
import type { SecretRequest } from './protocol';

/** A secret request without its envelope (distributes over get/delete and set). */
type SecretQuestion = SecretRequest extends infer R ? (R extends SecretRequest ? Omit<R, 't' | 'id'> : never) : never;

/**
 * The host's keychain: every read and write asks the parent, which holds the real one. (On macOS a keychain
 * item's access list names the signed app binary; the utility process runs as the separate Helper binary and
 * would prompt.) Secrets cross the port only as answers to the host's own requests and live nowhere else.
 */
export function remoteSecretStore(port: HostPort): SecretStore & { answer(id: number, result: unknown): void } {
  let nextId = 1;
  const waiting = new Map<number, (r: Result<unknown, SecretStoreError>) => void>();
  function ask<T>(request: SecretQuestion): Promise<Result<T, SecretStoreError>> {
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve as (r: Result<unknown, SecretStoreError>) => void);
      port.postMessage({ t: 'secret', id, ...request });
    });
  }
  return {
    backend: 'parent process',
    get: (profileId, name) => ask({ method: 'get', profileId, name }),
    set: (profileId, name, value) => ask({ method: 'set', profileId, name, value }),
    delete: (profileId, name) => ask({ method: 'delete', profileId, name }),
    answer(id, result) {
      const resolve = waiting.get(id);
      waiting.delete(id);
      resolve?.(result as Result<unknown, SecretStoreError>);
    },
  };
}

/** The parent's side: answers one secret request of the host from the real keychain. */
export async function answerSecretRequest(
  store: SecretStore | undefined,
  request: SecretRequest,
): Promise<Result<unknown, SecretStoreError>> {
  if (!store)
    return err({
      kind: 'keychain-unavailable',
      message: 'This app process has no keychain to answer the background process.',
      action: 'Restart the app.',
    });
  if (!(secretNames as readonly string[]).includes(request.name))
    return err({ kind: 'keychain-error', message: `Unknown secret "${request.name}".`, action: 'Report the problem.' });
  const name = request.name as SecretName;
  switch (request.method) {
    case 'get':
      return store.get(request.profileId, name);
    case 'set':
      return store.set(request.profileId, name, request.value);
    case 'delete':
      return store.delete(request.profileId, name);
  }
}
