import { describe, expect, it } from 'vitest';
import { localManagementPorts } from '../../../test/helpers/appPorts';
import { strictGate } from '../../../test/helpers/stubImplementations';
import { appHandlers } from './app';
import { shellHandlers } from './shell';

describe('app handlers', () => {
  it('answer the version, the system, and the data folder and log file the shell opens', async () => {
    const ports = localManagementPorts();
    const invoke = strictGate({ ...appHandlers({ version: () => '1.2.3', ...ports }), ...shellHandlers(ports) });
    const info = await invoke('app:getInfo');
    expect(info).toEqual({
      ok: true,
      data: { version: '1.2.3', platform: process.platform, dataDir: ports.dataDir, logFile: ports.logFile },
    });
    if (!info.ok) return;
    await invoke('shell:openDataFolder');
    await invoke('shell:openLogFile');
    expect(ports.opened).toEqual([info.data.dataDir, info.data.logFile]);
  });
});
