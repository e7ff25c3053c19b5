import { describe, expect, it } from 'vitest';
import { localManagementPorts } from '../../../test/helpers/appPorts';
import { strictGate } from '../../../test/helpers/stubImplementations';
import type { UpdateState } from '../../shared/ipc/app';
import { appHandlers, BROWSER_HOST_UPDATES, type AppUpdatesPort } from './app';
import { shellHandlers } from './shell';

describe('app handlers', () => {
  it('answer the version, the system, and the data folder and log file the shell opens', async () => {
    const ports = localManagementPorts();
    const invoke = strictGate({ ...appHandlers({ version: () => '1.2.3', ...ports }), ...shellHandlers(ports) });
    const info = await invoke('app:getInfo');
    expect(info).toEqual({
      ok: true,
      data: {
        version: '1.2.3',
        platform: process.platform,
        dataDir: ports.dataDir,
        logFile: ports.logFile,
        capabilities: { tray: true, openAtLogin: true, updates: true },
        environment: null,
      },
    });
    if (!info.ok) return;
    await invoke('shell:openDataFolder');
    await invoke('shell:openLogFile');
    expect(ports.opened).toEqual([info.data.dataDir, info.data.logFile]);
  });

  it('say what the host can do and, in the environment mode, whether its platform is the sandbox', async () => {
    const ports = localManagementPorts();
    const invoke = strictGate({
      ...appHandlers({
        version: () => '1.2.3',
        ...ports,
        capabilities: { tray: false, openAtLogin: false, updates: false },
        environment: () => ({ sandbox: true }),
      }),
      ...shellHandlers(ports),
    });
    expect(await invoke('app:getInfo')).toMatchObject({
      ok: true,
      data: { capabilities: { tray: false, openAtLogin: false }, environment: { sandbox: true } },
    });
  });

  it('answer the update state and relay "check" and "restart" to the updater', async () => {
    let state: UpdateState = { kind: 'idle' };
    const calls: string[] = [];
    const updates: AppUpdatesPort = {
      state: () => state,
      check: async () => {
        calls.push('check');
        state = { kind: 'downloading', version: '1.2.0', percent: 0 };
        return state;
      },
      restart: async () => {
        calls.push('restart');
        return state.kind === 'ready' ? 'restarting' : 'nothing-ready';
      },
    };
    const ports = localManagementPorts();
    const invoke = strictGate(appHandlers({ version: () => '1.2.3', ...ports, updates }));
    expect(await invoke('app:updates')).toEqual({ ok: true, data: { kind: 'idle' } });
    expect(await invoke('app:updateAction', { action: 'check' })).toEqual({
      ok: true,
      data: { state: { kind: 'downloading', version: '1.2.0', percent: 0 }, restart: null },
    });
    state = { kind: 'ready', version: '1.2.0' };
    expect(await invoke('app:updateAction', { action: 'restart' })).toEqual({
      ok: true,
      data: { state, restart: 'restarting' },
    });
    expect(calls).toEqual(['check', 'restart']);
  });

  it('say the browser host does not update itself, and never pretend to check', async () => {
    const ports = localManagementPorts();
    const invoke = strictGate(appHandlers({ version: () => '1.2.3', ...ports }));
    expect(await invoke('app:updates')).toEqual({ ok: true, data: BROWSER_HOST_UPDATES });
    expect(await invoke('app:updateAction', { action: 'check' })).toEqual({
      ok: true,
      data: { state: BROWSER_HOST_UPDATES, restart: null },
    });
  });
});
