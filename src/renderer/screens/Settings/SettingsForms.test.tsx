// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { useAppStore } from '../../stores/appStore';
import { useProfilesStore } from '../../stores/profilesStore';
import type { AppSettings } from '../../stores/settingsStore';
import { profileSettings, profileView } from '../../testing/profileFixture';
import { AddProfileForm } from './AddProfileForm';
import { GeneralSection } from './GeneralSection';
import { NotificationsSection } from './NotificationsSection';

afterEach(cleanup);

describe('the General and Notifications screens', () => {
  // A setting this version has no label for (as another part of the app may add) still shows, labelled by name.
  const stored = {
    clipboardClearSeconds: 120,
    closeToTray: true,
    openAtLogin: false,
    automaticUpdates: true,
    language: 'system',
    doNotDisturb: { enabled: false, from: '22:00', to: '07:00' },
    quietSummary: true,
  } as unknown as AppSettings;
  let bridge: FakeBridge;

  const shop = profileSettings('shop');
  const stored60 = {
    profileId: 'shop',
    pollIntervalSeconds: 60,
    pollOverlapMinutes: 2,
    notifications: shop.notifications,
    statusLabels: shop.statusLabels,
    deliveryDeadlines: shop.deliveryDeadlines,
    imageHosts: [] as string[],
    afterSalesStatuses: shop.afterSalesStatuses,
  };

  function showSettings(capabilities = { tray: true, openAtLogin: true }) {
    const profile = stored60;
    useSettingsStore.setState({
      ...useSettingsStore.getInitialState(),
      settings: { status: 'ready', data: { app: stored, profile }, error: null },
    });
    useProfilesStore.setState({
      list: {
        status: 'ready',
        data: { activeProfileId: 'shop', profiles: [profileView('shop')], tokenProblem: null },
        error: null,
      },
    });
    useAppStore.setState({
      info: {
        status: 'ready',
        data: { version: '1', platform: 'linux', dataDir: '/d', logFile: '/d/l', capabilities, environment: null },
        error: null,
      },
    });
  }

  beforeEach(() => {
    bridge = installFakeBridge({
      'settings:update': ({ app, profile }) => ({
        ok: true,
        data: {
          app: { ...stored, ...app },
          profile: {
            ...stored60,
            ...(profile?.pollIntervalSeconds ? { pollIntervalSeconds: profile.pollIntervalSeconds } : {}),
          },
        },
      }),
    });
    window.history.replaceState(null, '', '#/settings/general');
    window.confirm = () => true;
  });

  it('General: one save bar for the poll interval (in minutes) and the app settings; one request for both', async () => {
    showSettings();
    render(<GeneralSection />);
    // Nothing to save: no save bar.
    expect(screen.queryByRole('group', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    const minutes = screen.getByLabelText('Check every (minutes)') as HTMLInputElement;
    expect(minutes.value).toBe('1');
    expect(screen.getByLabelText('Open Merchant Desk when I log in')).toBeTruthy();
    expect(screen.queryByText('Do not disturb')).toBeNull();
    await userEvent.clear(minutes);
    // An interval out of range says why at the field, and Save waits for a correction.
    await userEvent.type(minutes, '0.1');
    screen.getByText('Minutes from 0.25 (15 seconds) to 1440 (one day).');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '2.5');
    await userEvent.click(screen.getByLabelText('Open Merchant Desk when I log in'));
    expect(screen.getByRole('group', { name: 'Unsaved changes' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(bridge.calls).toEqual([
      ['settings:update', { app: { openAtLogin: true }, profile: { profileId: 'shop', pollIntervalSeconds: 150 } }],
    ]);
    await screen.findByText('Saved.');
  });

  it('General: Discard puts the stored values back', async () => {
    showSettings();
    render(<GeneralSection />);
    const minutes = screen.getByLabelText('Check every (minutes)') as HTMLInputElement;
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(minutes.value).toBe('1');
    expect(screen.queryByRole('group', { name: 'Unsaved changes' })).toBeNull();
    expect(bridge.calls).toEqual([]);
  });

  it('General: with unsaved changes, leaving asks first; staying keeps the screen and the edit', async () => {
    showSettings();
    render(<GeneralSection />);
    const minutes = screen.getByLabelText('Check every (minutes)') as HTMLInputElement;
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '5');
    const asked: string[] = [];
    window.confirm = (text?: string) => (asked.push(String(text)), false);
    const heard: string[] = [];
    const onHash = () => heard.push(window.location.hash);
    window.addEventListener('hashchange', onHash);
    window.location.hash = '#/orders';
    await new Promise((r) => setTimeout(r, 50));
    window.removeEventListener('hashchange', onHash);
    expect(asked).toEqual(['Your changes to General are not saved. Leave without saving them?']);
    expect(window.location.hash).toBe('#/settings/general');
    expect(heard).toEqual([]);
    expect(minutes.value).toBe('5');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    window.location.hash = '#/orders';
    await new Promise((r) => setTimeout(r, 50));
    expect(window.location.hash).toBe('#/orders');
    expect(asked).toHaveLength(1);
  });

  it('General: hides what the host cannot honour (the browser host: no tray, no login item)', () => {
    showSettings({ tray: false, openAtLogin: false });
    render(<GeneralSection />);
    expect(screen.queryByLabelText('Open Merchant Desk when I log in')).toBeNull();
    expect(screen.queryByText(/tray/i, { selector: 'label' })).toBeNull();
    expect(screen.getByLabelText('Clear the clipboard after (seconds)')).toBeTruthy();
  });

  it('Notifications: settings it has no label for show as a group of controls, under the one save bar', async () => {
    showSettings();
    render(<NotificationsSection />);
    expect(screen.getByRole('group', { name: 'Do not disturb' })).toBeTruthy();
    expect(screen.getByLabelText('Enabled')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('22:00');
    await userEvent.click(screen.getByLabelText('Enabled'));
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(bridge.calls).toEqual([
      ['settings:update', { app: { doNotDisturb: { enabled: true, from: '22:00', to: '07:00' } }, profile: null }],
    ]);
  });
});

describe('the connect form', () => {
  beforeEach(() => {
    useProfileSetupStore.setState(useProfileSetupStore.getInitialState());
    installFakeBridge({
      'profiles:add': () => ({
        ok: false,
        error: { kind: 'invalid-input', code: 'duplicate', message: 'A profile "shop" exists already.' },
      }),
    });
  });

  it('never fills the token field, clears it when sent, and shows the refusal at the field', async () => {
    render(<AddProfileForm onDone={() => {}} onCancel={() => {}} />);
    const token = screen.getByLabelText('Access token') as HTMLInputElement;
    expect(token.type).toBe('password');
    expect(token.value).toBe('');
    await userEvent.type(screen.getByLabelText('Profile name'), 'Shop');
    await userEvent.type(screen.getByLabelText('Base URL'), 'https://api.example.com');
    await userEvent.type(screen.getByLabelText('Platform URL'), 'https://shop.example.com');
    await userEvent.type(screen.getByLabelText('Merchant ID'), 'M1');
    await userEvent.type(token, 'secret-token-1');
    await userEvent.click(screen.getByLabelText('Later'));
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(token.value).toBe('');
    const id = screen.getByLabelText('Profile ID');
    await screen.findByText('A profile "shop" exists already.', { selector: '.settings-field-error' });
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.innerHTML).not.toContain('secret-token-1');
  });
});

describe('the poll interval in minutes', () => {
  it('reads minutes (a comma too) as the seconds the profile stores, within 15 s and one day', async () => {
    const { minutesText, secondsOfMinutes } = await import('./pollMinutes');
    expect(minutesText(60)).toBe('1');
    expect(minutesText(90)).toBe('1.5');
    expect(minutesText(15)).toBe('0.25');
    expect(secondsOfMinutes('2,5')).toEqual({ ok: true, seconds: 150 });
    expect(secondsOfMinutes('0.1')).toEqual({
      ok: false,
      problem: 'Minutes from 0.25 (15 seconds) to 1440 (one day).',
    });
    expect(secondsOfMinutes('1441').ok).toBe(false);
    expect(secondsOfMinutes('').ok).toBe(false);
  });
});

describe('the status labels screen', () => {
  it('has nothing unsaved until a row changes, and Discard puts the stored names back', async () => {
    const { LabelsSection } = await import('./LabelsSection');
    const shop = profileSettings('shop');
    useSettingsStore.setState({
      ...useSettingsStore.getInitialState(),
      settings: {
        status: 'ready',
        data: {
          app: {
            clipboardClearSeconds: 120,
            closeToTray: true,
            openAtLogin: false,
            automaticUpdates: true,
            language: 'system',
            doNotDisturbUntil: null,
          },
          profile: {
            profileId: 'shop',
            pollIntervalSeconds: 60,
            pollOverlapMinutes: 2,
            notifications: shop.notifications,
            statusLabels: { order: { 4: 'Completed' }, afterSales: {} },
            deliveryDeadlines: shop.deliveryDeadlines,
            imageHosts: [],
            afterSalesStatuses: shop.afterSalesStatuses,
          },
        },
        error: null,
      },
    });
    render(<LabelsSection />);
    expect(screen.queryByRole('group', { name: 'Unsaved changes' })).toBeNull();
    const name = screen.getByDisplayValue('Completed');
    await userEvent.type(name, '!');
    expect(screen.getByRole('button', { name: 'Save labels' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('group', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.getByDisplayValue('Completed')).toBeTruthy();
  });
});
