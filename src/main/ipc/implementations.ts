import { app } from 'electron';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';
import { localManagementHandlers, type LocalManagementPorts } from './handlers/localManagement';
import { noSessionApp, useCaseHandlers, type UseCaseApp } from './handlers/useCases';

/** The main-process side of every IPC channel. */
export function createImplementations(
  ports: LocalManagementPorts,
  useCases: UseCaseApp = noSessionApp(),
): IpcImplementations {
  return {
    'app:getInfo': () => okResult({ version: app.getVersion(), platform: process.platform }),
    ...localManagementHandlers(ports),
    ...useCaseHandlers(useCases),
  };
}
