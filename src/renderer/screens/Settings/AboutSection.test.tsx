// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../stores/appStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { AboutSection } from './AboutSection';

afterEach(cleanup);

const dataDir = '/home/anna/.config/Merchant Desk';
const logFile = '/home/anna/.config/Merchant Desk/logs/core-host.log';

describe('Settings → About', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    bridge = installFakeBridge({
      'app:getInfo': () => ({ ok: true, data: { version: '1.4.0', platform: 'linux', dataDir, logFile } }),
      'shell:openLogFile': () => ({ ok: true, data: { opened: true, target: logFile } }),
      'app:updates': () => ({ ok: true, data: { kind: 'idle' } }),
    });
    useAppStore.setState({ info: useAppStore.getInitialState().info });
    useSettingsStore.setState(useSettingsStore.getInitialState());
  });

  it('shows where the data folder and the log file are, beside the buttons that open them', async () => {
    await useAppStore.getState().loadInfo();
    render(<AboutSection />);
    expect(screen.getByText('Version 1.4.0')).toBeTruthy();
    expect(screen.getByText(dataDir)).toBeTruthy();
    expect(screen.getByText(logFile)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open log file' }));
    expect(bridge.calls.at(-1)).toEqual(['shell:openLogFile', undefined]);
    await screen.findByText(`Opened ${logFile}.`);
  });
});
