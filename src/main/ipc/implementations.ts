import { app } from 'electron';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { appHandlers } from '../../appHost/handlers/app';
import { localManagementHandlers, type LocalManagementPorts } from '../../appHost/handlers/localManagement';
import { noSessionApp, useCaseHandlers } from '../../appHost/handlers/useCases';

/**
 * The main-process side of every IPC channel. The platform domains (orders, after-sales, buyers, sync) are
 * passed in: in the app they are routed through the core host (handlers/hostRouted.ts).
 */
export function createImplementations(
  ports: LocalManagementPorts,
  platformDomains: ReturnType<typeof useCaseHandlers> = useCaseHandlers(noSessionApp()),
): IpcImplementations {
  return {
    ...appHandlers({ version: () => app.getVersion(), dataDir: ports.dataDir, logFile: ports.logFile }),
    ...localManagementHandlers(ports),
    ...platformDomains,
  };
}
