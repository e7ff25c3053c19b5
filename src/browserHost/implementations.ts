import { localManagementHandlers, type LocalManagementPorts } from '../main/ipc/handlers/localManagement';
import type { IpcImplementations } from '../shared/ipc/contract';
import { okResult } from '../shared/ipc/result';
import { noSessionApp, useCaseHandlers, type UseCaseApp } from '../main/ipc/handlers/useCases';

/** The browser host's side of every channel (Electron main's is src/main/ipc/implementations.ts). */
export function browserHostImplementations(
  app: { version: string; ports: LocalManagementPorts },
  useCases: UseCaseApp = noSessionApp(),
): IpcImplementations {
  return {
    'app:getInfo': () => okResult({ version: app.version, platform: process.platform }),
    ...localManagementHandlers(app.ports),
    ...useCaseHandlers(useCases),
  };
}
