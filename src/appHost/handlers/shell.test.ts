import { describe, expect, it } from 'vitest';
import { localManagementPorts, SHOP } from '../../../test/helpers/appPorts';
import { strictGate } from '../../../test/helpers/stubImplementations';
import { shellHandlers } from './shell';

describe('shell handlers', () => {
  it('open the data folder and the log file through the ports', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(shellHandlers(app));
    expect(await invoke('shell:openDataFolder')).toEqual({ ok: true, data: { opened: true, target: app.dataDir } });
    expect(await invoke('shell:openLogFile')).toMatchObject({ ok: true, data: { target: app.logFile } });
    expect(app.opened).toEqual([app.dataDir, app.logFile]);
  });

  it('open only https pages on the active profile’s platform origin', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(shellHandlers(app));
    const page = 'https://platform.example.com/orders/12?tab=after-sales';
    expect(await invoke('shell:openPlatformPage', { url: page })).toMatchObject({
      ok: false,
      error: { kind: 'settings' },
    });
    app.profiles.add(SHOP);
    expect(await invoke('shell:openPlatformPage', { url: page })).toEqual({
      ok: true,
      data: { opened: true, target: page },
    });
    for (const url of [
      'http://platform.example.com/orders/12',
      'https://platform.example.com.evil.test/',
      'https://evil.test/?https://platform.example.com/',
      'https://user:pw@platform.example.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(await invoke('shell:openPlatformPage', { url }), url).toMatchObject({
        ok: false,
        error: { kind: 'invalid-input', code: 'not-platform-page' },
      });
    }
    expect(app.opened).toEqual([page]);
  });
});
