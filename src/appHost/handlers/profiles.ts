import {
  addProfile,
  editProfile,
  listProfiles,
  removeProfile,
  showProfile,
  useProfile,
  type ProfileChange,
  type ProfilePorts,
  type ProfileView,
} from '../../core/app/profiles';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { answer } from '../../shared/ipc/appErrorResult';
import { orNull } from './orNull';

type ProfileChannels =
  'profiles:list' | 'profiles:get' | 'profiles:add' | 'profiles:edit' | 'profiles:remove' | 'profiles:use';

/** The wire's name for the token state says it is a state, never the token. */
const wireView = ({ token, ...profile }: ProfileView) => ({ ...profile, tokenState: token });
const wireChange = (c: ProfileChange) => ({ profile: c.profile, activeProfileId: c.activeProfileId });

export function profilesHandlers(app: ProfilePorts): Pick<IpcImplementations, ProfileChannels> {
  return {
    'profiles:list': async () =>
      answer(await listProfiles(app), (l) => ({
        activeProfileId: l.activeProfileId,
        profiles: l.profiles.map(wireView),
        tokenProblem: orNull(l.tokenProblem),
      })),
    'profiles:get': async ({ profileId }) =>
      answer(await showProfile(app, profileId), (d) => ({
        profile: wireView(d.profile),
        active: d.active,
        tokenProblem: orNull(d.tokenProblem),
      })),
    'profiles:add': ({ profile, use }) => answer(addProfile(app, profile, { use }), wireChange),
    'profiles:edit': ({ profileId, changes, use }) => answer(editProfile(app, profileId, changes, { use }), wireChange),
    'profiles:remove': async ({ profileId, keepSecrets, confirmed }) =>
      answer(await removeProfile(app, { id: profileId, keepSecrets, confirmed }), (r) => r),
    'profiles:use': ({ profileId }) => answer(useProfile(app, profileId), (r) => r),
  };
}
