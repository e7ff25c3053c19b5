import { openDataFolder, openLogFile, openPlatformPage, type ShellPorts } from '../../core/app/shell';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { answer } from '../../shared/ipc/appErrorResult';

const same = <T>(value: T) => value;

/** Opening the data folder, the log file and pages of the active profile's platform, through injected ports. */
export function shellHandlers(
  app: ShellPorts,
): Pick<IpcImplementations, 'shell:openDataFolder' | 'shell:openLogFile' | 'shell:openPlatformPage'> {
  return {
    'shell:openDataFolder': async () => answer(await openDataFolder(app), same),
    'shell:openLogFile': async () => answer(await openLogFile(app), same),
    'shell:openPlatformPage': async ({ url }) => answer(await openPlatformPage(app, url), same),
  };
}
