import { localManagementHandlers, type LocalManagementPorts } from '../main/ipc/handlers/localManagement';
import type { IpcImplementations } from '../shared/ipc/contract';
import { okResult } from '../shared/ipc/result';

/** The browser host's side of every channel (Electron main's is src/main/ipc/implementations.ts). */
export function browserHostImplementations(app: { version: string; ports: LocalManagementPorts }): IpcImplementations {
  return {
    'app:getInfo': () => okResult({ version: app.version, platform: process.platform }),
    ...localManagementHandlers(app.ports),
  };
}
