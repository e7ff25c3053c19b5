import { appOperations } from '../../core/host/operations/appOperations';
import type { OperationFactory } from '../../core/host/operations';
import { sandboxHostOperations } from '../../sandbox/hostOperations';

/**
 * What the app's utility process serves: the sandbox platform when main starts it for a sandbox profile (config
 * `{ sandbox }`), else the active profile's session operations (config `{ session }`).
 */
export const desktopHostOperations: OperationFactory = (env) =>
  (env.config as { sandbox?: unknown } | undefined)?.sandbox !== undefined
    ? sandboxHostOperations(env)
    : appOperations(env);
