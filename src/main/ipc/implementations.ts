import { app } from 'electron';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';
import { localManagementHandlers, type LocalManagementPorts } from './handlers/localManagement';
import { noSessionApp, useCaseHandlers } from './handlers/useCases';

/**
 * The main-process side of every IPC channel. The platform domains (orders, after-sales, buyers, sync) are
 * passed in: in the app they are routed through the core host (handlers/hostRouted.ts).
 */
export function createImplementations(
  ports: LocalManagementPorts,
  platformDomains: ReturnType<typeof useCaseHandlers> = useCaseHandlers(noSessionApp()),
): IpcImplementations {
  return {
    'app:getInfo': () => okResult({ version: app.getVersion(), platform: process.platform }),
    ...localManagementHandlers(ports),
    ...platformDomains,
  };
}
