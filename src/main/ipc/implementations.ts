import { app } from 'electron';
import type { IpcImplementations } from '../../shared/ipc/contract';

/** The main-process side of every IPC channel. */
export function createImplementations(): IpcImplementations {
  return {
    'app:getInfo': () => ({ version: app.getVersion(), platform: process.platform }),
  };
}
