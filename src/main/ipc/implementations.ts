import { app } from 'electron';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';
import { localManagementHandlers, type LocalManagementPorts } from './handlers/localManagement';

/** The main-process side of every IPC channel. */
export function createImplementations(ports: LocalManagementPorts): IpcImplementations {
  return {
    'app:getInfo': () => okResult({ version: app.getVersion(), platform: process.platform }),
    ...localManagementHandlers(ports),
  };
}
