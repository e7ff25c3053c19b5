import { app } from 'electron';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';

/** The main-process side of every IPC channel. */
export function createImplementations(): IpcImplementations {
  return {
    'app:getInfo': () => okResult({ version: app.getVersion(), platform: process.platform }),
  };
}
