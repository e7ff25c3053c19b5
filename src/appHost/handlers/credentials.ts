import { inspectProfileSignature, testProfileConnection, type ConnectionPorts } from '../../core/app/connection';
import {
  deleteToken,
  generateKey,
  importKey,
  keyStatus,
  removeKey,
  setToken,
  tokenStatus,
  type KeySaved,
} from '../../core/app/credentials';
import { getProfile, type ProfilePorts } from '../../core/app/profiles';
import { toPlatformConfig } from '../../core/profiles/profileSchema';
import { profileCredentials } from '../../core/secrets/profileCredentials';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { answer } from '../../shared/ipc/appErrorResult';
import { orNull } from './orNull';

type CredentialChannels =
  | 'credentials:setToken'
  | 'credentials:tokenStatus'
  | 'credentials:deleteToken'
  | 'credentials:keyStatus'
  | 'credentials:generateKey'
  | 'credentials:importKey'
  | 'credentials:removeKey'
  | 'credentials:testConnection'
  | 'credentials:inspectSignature';

const wireSaved = (s: KeySaved) => ({
  profileId: s.profileId,
  key: s.key,
  replaced: s.replaced,
  unchanged: s.unchanged === true,
});

/** Token and key management, test connection and the signature inspector. Answers never carry a secret. */
export function credentialsHandlers(app: ProfilePorts & ConnectionPorts): Pick<IpcImplementations, CredentialChannels> {
  return {
    'credentials:setToken': async ({ profileId, token }) =>
      answer(await setToken(app, profileId, token), (r) => ({
        profileId: r.profileId,
        tokenState: r.token,
        length: r.length,
      })),
    'credentials:tokenStatus': async ({ profileId }) =>
      answer(await tokenStatus(app, profileId), (r) => ({ profileId: r.profileId, tokenState: r.token })),
    'credentials:deleteToken': async ({ profileId }) => answer(await deleteToken(app, profileId), (r) => r),
    'credentials:keyStatus': async ({ profileId }) => answer(await keyStatus(app, profileId), (r) => r),
    'credentials:generateKey': async ({ profileId, bits, replace }) =>
      answer(await generateKey(app, { profileId, bits, force: replace }), wireSaved),
    'credentials:importKey': async ({ profileId, privateKeyPem, passphrase, replace }) =>
      answer(
        await importKey(app, {
          profileId,
          pem: privateKeyPem,
          force: replace,
          ...(passphrase !== null ? { passphrase } : {}),
        }),
        wireSaved,
      ),
    'credentials:removeKey': async ({ profileId }) => answer(await removeKey(app, profileId), (r) => r),
    'credentials:testConnection': async ({ profileId }) => {
      const profile = getProfile(app, profileId);
      if (!profile.ok) return profile;
      const config = toPlatformConfig(profile.value);
      return answer(await testProfileConnection(app, { profileId, config }), (report) => ({
        profileId,
        ok: report.ok,
        checks: report.checks.map((c) => ({ ...c, action: orNull(c.action) })),
      }));
    },
    'credentials:inspectSignature': async ({ profileId, buyer, publicKeyPem }) => {
      const profile = getProfile(app, profileId);
      if (!profile.ok) return profile;
      const r = await inspectProfileSignature({
        config: toPlatformConfig(profile.value),
        credentials: profileCredentials(profileId, app.secrets, app.keys),
        buyer,
        ...(publicKeyPem !== null ? { publicKeyPem } : {}),
        ...(app.now ? { now: app.now } : {}),
      });
      return answer(r, ({ inspection, publicKeyCheck }) => ({
        profileId,
        ...inspection,
        publicKeyCheck: publicKeyCheck ? { ...publicKeyCheck, action: orNull(publicKeyCheck.action) } : null,
      }));
    },
  };
}
