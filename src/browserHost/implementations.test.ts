import { describe, expect, it } from 'vitest';
import { localManagementPorts } from '../../test/helpers/appPorts';
import { browserHostImplementations } from './implementations';

describe('the browser host’s implementations', () => {
  it('answer app:getInfo with its data directory and log file, and no tray or login item (a browser tab has neither)', async () => {
    const ports = localManagementPorts();
    const info = await browserHostImplementations({ version: '0.1.0', ports })['app:getInfo'](undefined);
    expect(info).toEqual({
      ok: true,
      data: {
        version: '0.1.0',
        platform: process.platform,
        dataDir: ports.dataDir,
        logFile: ports.logFile,
        capabilities: { tray: false, openAtLogin: false },
        environment: null,
      },
    });
  });
});
