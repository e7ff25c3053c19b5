// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { AppSettingsForm } from './AppSettingsForm';
import { AddProfileForm } from './AddProfileForm';

afterEach(cleanup);

describe('the app settings form', () => {
  // A setting this version has no label for (as another part of the app may add) still shows, labelled by name.
  const stored = {
    clipboardClearSeconds: 120,
    closeToTray: true,
    openAtLogin: false,
    doNotDisturb: { enabled: false, from: '22:00', to: '07:00' },
    quietSummary: true,
  } as unknown as Parameters<typeof AppSettingsForm>[0]['stored'];
  let bridge: FakeBridge;

  beforeEach(() => {
    bridge = installFakeBridge({
      'settings:update': ({ app }) => ({
        ok: true,
        data: { app: { ...stored, ...app }, profile: null },
      }),
    });
    useSettingsStore.setState(useSettingsStore.getInitialState());
  });

  it('shows every general setting the host sends and saves only the changed one', async () => {
    render(<AppSettingsForm section="general" stored={stored} />);
    expect(screen.getByLabelText('Open Merchant Desk when I log in')).toBeTruthy();
    expect(screen.getByLabelText('Clear the clipboard after (seconds)')).toBeTruthy();
    expect(screen.queryByText('Do not disturb')).toBeNull();
    await userEvent.click(screen.getByLabelText('Open Merchant Desk when I log in'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(bridge.calls).toEqual([['settings:update', { app: { openAtLogin: true }, profile: null }]]);
    await screen.findByText('Saved.');
  });

  it('shows notification settings it has no label for under Notifications, as a group of controls', async () => {
    render(<AppSettingsForm section="notifications" stored={stored} />);
    expect(screen.getByRole('group', { name: 'Do not disturb' })).toBeTruthy();
    expect(screen.getByLabelText('Enabled')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('22:00');
    await userEvent.click(screen.getByLabelText('Enabled'));
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
