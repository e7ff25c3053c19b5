import { create } from 'zustand';
import type { IpcData, IpcResponse } from '../../shared/ipc/contract';
import type { IpcError } from '../../shared/ipc/result';
import { invoke } from '../ipc';
import {
  connectionHints,
  type ConnectionDraft,
  draftHints,
  draftToProfile,
  issuesByField,
  type ProfileDraft,
  type FieldMessages,
} from '../../shared/forms/profileForm';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';
import { useProfilesStore } from './profilesStore';

/**
 * Setting up merchant profiles: add one, its token and key, test the connection, rename and
 * remove. Secrets (token, private key PEM, passphrase) pass through an action's arguments to the host and are never
 * put in this store's state: what comes back is "set", a length, a key's public part.
 */

type KeyStatus = IpcData<'credentials:keyStatus'>;
type KeySaved = IpcData<'credentials:importKey'>;
type TokenSaved = IpcData<'credentials:setToken'>;
type TestReport = IpcData<'credentials:testConnection'>;
type Removal = IpcData<'profiles:remove'>;
export type KeyBits = 2048 | 3072 | 4096;

/** How the new profile gets its RSA key. */
export type KeyChoice =
  | { kind: 'import'; privateKeyPem: string; passphrase: string }
  | { kind: 'generate'; bits: KeyBits }
  | { kind: 'later' };

export type ConnectStep = 'profile' | 'token' | 'key';

export interface ConnectState {
  status: 'idle' | 'sending' | 'done' | 'failed';
  /** The step that failed (a profile added before a later step failed stays added). */
  failedStep: ConnectStep | null;
  error: IpcError | null;
  /** Per-field messages: the form's hints, or the host's `invalid-input` issues. */
  fieldErrors: FieldMessages;
  /** The profile the last submission added. */
  profileId: string | null;
}

const idleConnect = (): ConnectState => ({
  status: 'idle',
  failedStep: null,
  error: null,
  fieldErrors: {},
  profileId: null,
});

interface ProfileSetupStore {
  connect: ConnectState;
  /** The profile the Connection section shows the token, key and connection test of. */
  selectedId: string | null;
  key: RequestState<KeyStatus>;
  keySaved: RequestState<KeySaved>;
  token: RequestState<TokenSaved>;
  test: RequestState<TestReport>;
  /** The last rename (profiles:edit of the name). */
  rename: RequestState<IpcData<'profiles:edit'>>;
  /** The last change of where a profile connects, with the host's issues (or the form's hints) by field. */
  edit: RequestState<IpcData<'profiles:edit'>> & { fieldErrors: FieldMessages };
  removal: RequestState<Removal>;
  addProfile(draft: ProfileDraft, secrets: { token: string; key: KeyChoice }): Promise<boolean>;
  resetConnect(): void;
  select(profileId: string | null): Promise<void>;
  saveToken(profileId: string, token: string): Promise<boolean>;
  importKey(profileId: string, privateKeyPem: string, passphrase: string, replace: boolean): Promise<boolean>;
  generateKey(profileId: string, bits: KeyBits, replace: boolean): Promise<boolean>;
  testConnection(profileId: string): Promise<void>;
  renameProfile(profileId: string, name: string): Promise<boolean>;
  /** Changes where a profile connects (URLs, API prefix, merchant ID); the next test uses the new settings. */
  editConnection(profileId: string, connection: ConnectionDraft): Promise<boolean>;
  /** Removes a profile with its token and key; the screen has asked the merchant first. */
  removeProfile(profileId: string): Promise<boolean>;
}

/** The host's issues by field; a duplicate profile is the ID field's problem. */
function connectFieldErrors(error: IpcError): FieldMessages {
  const fields = issuesByField(error);
  if (error.code === 'duplicate' && !fields.id) fields.id = error.message;
  return fields;
}

const reloadProfiles = () => useProfilesStore.getState().load();

export const useProfileSetupStore = create<ProfileSetupStore>((set, get) => {
  /** The key state after an import or generation. */
  const afterKeySaved = async (profileId: string, answer: IpcResponse<'credentials:importKey'>) => {
    set({ keySaved: settledState(get().keySaved, answer) });
    if (!answer.ok) return false;
    if (get().selectedId === profileId)
      set({ key: { status: 'ready', data: { profileId, key: answer.data.key }, error: null }, test: idleState() });
    await reloadProfiles();
    return true;
  };

  return {
    connect: idleConnect(),
    selectedId: null,
    key: idleState(),
    keySaved: idleState(),
    token: idleState(),
    test: idleState(),
    rename: idleState(),
    edit: { ...idleState(), fieldErrors: {} },
    removal: idleState(),

    async addProfile(draft, secrets) {
      if (get().connect.status === 'sending') return false;
      const hints = draftHints(draft);
      if (secrets.key.kind === 'import' && secrets.key.privateKeyPem.trim() === '')
        hints.privateKey = 'Choose a PEM file, or generate a key instead.';
      if (Object.keys(hints).length > 0) {
        // Nothing is sent while the form shows a problem the merchant can fix here.
        set({ connect: { ...idleConnect(), status: 'failed', fieldErrors: hints } });
        return false;
      }
      set({ connect: { ...idleConnect(), status: 'sending' } });
      const fail = (failedStep: ConnectStep, error: IpcError, profileId: string | null) => {
        set({
          connect: { status: 'failed', failedStep, error, fieldErrors: connectFieldErrors(error), profileId },
        });
        return false;
      };
      const added = await invoke('profiles:add', { profile: draftToProfile(draft), use: false });
      if (!added.ok) return fail('profile', added.error, null);
      const profileId = added.data.profile.id;
      await reloadProfiles();
      await get().select(profileId);
      if (secrets.token.trim() !== '') {
        const stored = await invoke('credentials:setToken', { profileId, token: secrets.token });
        if (!stored.ok) return fail('token', stored.error, profileId);
        set({ token: settledState(idleState(), stored) });
      }
      if (secrets.key.kind !== 'later') {
        const saved =
          secrets.key.kind === 'import'
            ? await get().importKey(profileId, secrets.key.privateKeyPem, secrets.key.passphrase, false)
            : await get().generateKey(profileId, secrets.key.bits, false);
        if (!saved) return fail('key', get().keySaved.error!, profileId);
      }
      await reloadProfiles();
      set({ connect: { ...idleConnect(), status: 'done', profileId } });
      return true;
    },

    resetConnect() {
      set({ connect: idleConnect() });
    },

    async select(profileId) {
      set({
        selectedId: profileId,
        key: idleState(),
        keySaved: idleState(),
        token: idleState(),
        test: idleState(),
        edit: { ...idleState(), fieldErrors: {} },
      });
      if (profileId === null) return;
      set({ key: loadingState(get().key) });
      const answer = await invoke('credentials:keyStatus', { profileId });
      // A later selection wins over this answer.
      if (get().selectedId === profileId) set({ key: settledState(get().key, answer) });
    },

    async saveToken(profileId, token) {
      set({ token: loadingState(get().token) });
      const answer = await invoke('credentials:setToken', { profileId, token });
      set({ token: settledState(get().token, answer), test: idleState() });
      if (answer.ok) await reloadProfiles();
      return answer.ok;
    },

    async importKey(profileId, privateKeyPem, passphrase, replace) {
      set({ keySaved: loadingState(get().keySaved) });
      const answer = await invoke('credentials:importKey', {
        profileId,
        privateKeyPem,
        passphrase: passphrase === '' ? null : passphrase,
        replace,
      });
      return afterKeySaved(profileId, answer);
    },

    async generateKey(profileId, bits, replace) {
      set({ keySaved: loadingState(get().keySaved) });
      const answer = await invoke('credentials:generateKey', { profileId, bits, replace });
      return afterKeySaved(profileId, answer);
    },

    async testConnection(profileId) {
      set({ test: loadingState(get().test) });
      const answer = await invoke('credentials:testConnection', { profileId });
      if (get().selectedId === profileId) set({ test: settledState(get().test, answer) });
    },

    async renameProfile(profileId, name) {
      set({ rename: loadingState(get().rename) });
      const answer = await invoke('profiles:edit', { profileId, changes: { name }, use: false });
      set({ rename: settledState(get().rename, answer) });
      if (answer.ok) await reloadProfiles();
      return answer.ok;
    },

    async editConnection(profileId, connection) {
      const hints = connectionHints(connection);
      if (Object.keys(hints).length > 0) {
        set({ edit: { status: 'failed', data: null, error: null, fieldErrors: hints } });
        return false;
      }
      set({ edit: { ...loadingState(get().edit), fieldErrors: {} } });
      const changes = draftToProfile({ ...connection, name: '', id: '' });
      const answer = await invoke('profiles:edit', {
        profileId,
        changes: {
          baseUrl: changes.baseUrl,
          platformUrl: changes.platformUrl,
          apiPrefix: changes.apiPrefix,
          merchantId: changes.merchantId,
        },
        use: false,
      });
      set({
        edit: { ...settledState(get().edit, answer), fieldErrors: answer.ok ? {} : issuesByField(answer.error) },
        test: idleState(),
      });
      if (answer.ok) await reloadProfiles();
      return answer.ok;
    },

    async removeProfile(profileId) {
      set({ removal: loadingState(get().removal) });
      const answer = await invoke('profiles:remove', { profileId, keepSecrets: false, confirmed: true });
      set({ removal: settledState(get().removal, answer) });
      if (answer.ok) {
        if (get().selectedId === profileId) await get().select(null);
        await reloadProfiles();
      }
      return answer.ok;
    },
  };
});
