import type { OperationFactory } from '../operations';
import { createSessionOperations } from './sessionOperations';

/**
 * The table the app's core host serves: the order operations of the session main configures. Without a session
 * (no profile yet) it serves none. The use-case layer replaces this with its full table.
 */
export const appOperations: OperationFactory = ({ config, ...env }) => {
  const session = (config as { session?: unknown } | undefined)?.session;
  return session === undefined ? {} : createSessionOperations(session, env);
};
