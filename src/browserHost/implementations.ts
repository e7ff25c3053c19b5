import { appHandlers } from '../appHost/handlers/app';
import { localManagementHandlers, type LocalManagementPorts } from '../appHost/handlers/localManagement';
import type { IpcImplementations } from '../shared/ipc/contract';
import { noSessionApp, useCaseHandlers, type UseCaseApp } from '../appHost/handlers/useCases';

/** The browser host's side of every channel (Electron main's is src/main/ipc/implementations.ts). */
export function browserHostImplementations(
  app: { version: string; ports: LocalManagementPorts },
  useCases: UseCaseApp = noSessionApp(),
): IpcImplementations {
  return {
    ...appHandlers({ version: () => app.version, dataDir: app.ports.dataDir, logFile: app.ports.logFile }),
    ...localManagementHandlers(app.ports),
    ...useCaseHandlers(useCases),
  };
}
