// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcData } from '../../shared/ipc/contract';
import { idleState } from '../state/requestState';
import { useAppStore } from '../stores/appStore';
import { useProfilesStore } from '../stores/profilesStore';
import { Banners } from './Banners';

const NO_PROFILE: IpcData<'profiles:list'> = { activeProfileId: null, profiles: [], tokenProblem: null };
/** The app's info as `ui --sandbox` without a profile serves it (the environment mode over the sandbox). */
const sandboxInfo = (sandbox: boolean) => ({ environment: { sandbox } }) as unknown as IpcData<'app:getInfo'>;

const banner = () => screen.queryByRole('note');
const answer = (sandbox: boolean) =>
  act(() => {
    useProfilesStore.setState({ list: { status: 'ready', data: NO_PROFILE, error: null } });
    useAppStore.setState({ info: { status: 'ready', data: sandboxInfo(sandbox), error: null } });
  });

describe('the sandbox banner on the first frame', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useProfilesStore.setState({ list: idleState() });
    useAppStore.setState({ info: idleState() });
  });
  afterEach(cleanup);

  it('is in place before the reads answer when the last start showed it, so nothing moves when they do', () => {
    render(<Banners />);
    answer(true);
    cleanup();
    useProfilesStore.setState({ list: idleState() });
    useAppStore.setState({ info: idleState() });

    render(<Banners />);
    expect(banner()?.textContent).toContain('Sandbox — demo data.');
    answer(true);
    expect(banner()?.textContent).toContain('Sandbox — demo data.');
  });

  it('follows the reads once they answer, and the next start follows them too', () => {
    window.localStorage.setItem('merchant-desk.sandbox-banner', '1');
    render(<Banners />);
    expect(banner()).not.toBeNull();
    answer(false);
    expect(banner()).toBeNull();
    cleanup();
    useProfilesStore.setState({ list: idleState() });
    useAppStore.setState({ info: idleState() });
    render(<Banners />);
    expect(banner()).toBeNull();
  });

  it('waits for the reads on a first start (nothing kept)', () => {
    render(<Banners />);
    expect(banner()).toBeNull();
    answer(true);
    expect(banner()).not.toBeNull();
  });
});
