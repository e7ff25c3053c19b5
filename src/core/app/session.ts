import { existsSync } from 'node:fs';
import { BuyerSyncApi } from '../api/buyerSyncApi';
import type { ClientDeps, Credentials, RequestLogEntry } from '../api/clientDeps';
import { SellerApi } from '../api/sellerApi';
import type { CacheIdentity } from '../../shared/errors/cacheErrors';
import { cacheFilePath, openOrderCache } from '../cache/openCache';
import type { OrderCache } from '../cache/orderCache';
import type { PlatformConfig } from '../config/platformConfig';
import type { HttpTransport } from '../http/transport';
import type { KeyStore } from '../keys/keyStore';
import type { ProfileStore } from '../profiles/profileStore';
import { toPlatformConfig, type Profile, type StatusLabels } from '../profiles/profileSchema';
import { err, ok, type Result } from '../result';
import { APP_CREDENTIAL_HINTS, profileCredentials, type CredentialHints } from '../secrets/profileCredentials';
import type { SecretStore } from '../secrets/secretStore';
import type { AppError } from '../../shared/errors/appError';
import { appErrorFromCache } from './sessionErrors';
import { DEFAULT_DELIVERY_DEADLINE_SETTINGS, type DeliveryDeadlineSettings } from '../due/deadlineRules';

/** How the caller's UI words the two things a session tells the merchant to do (sync first, rebuild the cache). */
export interface SessionWording {
  /** Said when there is no cache file yet. */
  noCacheYet: (profileId: string, file: string) => string;
  /** Appended to a damaged or newer-version cache's description. */
  rebuildHint: string;
}

export type TransportFactory = (options?: { maxSockets?: number }) => HttpTransport;

export const APP_SESSION_WORDING: SessionWording = {
  // The app's own action, not a command: the first sync runs by itself and shows its progress in the sync bar.
  noCacheYet: (profileId) =>
    `No orders are cached yet for profile "${profileId}". Choose "Sync now" to fetch them; the first sync shows its progress at the top of the window.`,
  rebuildHint: 'Rebuild the cache from the platform (sync with "rebuild")',
};

/** Everything one session is made of; the CLI builds it from flags, the app from a profile (openProfileSession). */
export interface SessionParts {
  config: PlatformConfig;
  credentials: Credentials;
  /** The profile whose cache file the session uses ("default" in the CLI's environment mode). */
  profileId: string;
  dataDir: string;
  /** The cache file, when not the profile's file in the data directory (the core host is told its file). */
  cacheFile?: string;
  /** Whose orders the cache must hold (what the settings say); a cache of another merchant is refused. */
  cacheOwner: Partial<CacheIdentity>;
  statusLabels?: StatusLabels | undefined;
  /** The profile's delivery-deadline settings (default: the labelled defaults). */
  deliveryDeadlines?: DeliveryDeadlineSettings | undefined;
  /** A fresh HTTP transport (one per client); a sync asks for as many sockets as requests it keeps in flight. */
  transport: TransportFactory;
  /** Cancels requests in flight (Ctrl+C, the window closing). */
  signal?: AbortSignal | undefined;
  onRequest?: ((entry: RequestLogEntry) => void) | undefined;
  now?: () => number;
  wording?: SessionWording;
}

/**
 * One open profile session: settings, credentials, the order cache and the API clients, built on first use so a
 * use case that needs no platform asks for no URL and one that needs no cache opens no file.
 */
export class Session {
  readonly wording: SessionWording;
  readonly now: () => number;
  private seller?: SellerApi;
  private buyerApi?: BuyerSyncApi;
  private cache?: OrderCache;

  constructor(readonly parts: SessionParts) {
    this.wording = parts.wording ?? APP_SESSION_WORDING;
    this.now = parts.now ?? Date.now;
  }

  get config(): PlatformConfig {
    return this.parts.config;
  }

  get profileId(): string {
    return this.parts.profileId;
  }

  get statusLabels(): StatusLabels | undefined {
    return this.parts.statusLabels;
  }

  get deliveryDeadlines(): DeliveryDeadlineSettings {
    return this.parts.deliveryDeadlines ?? DEFAULT_DELIVERY_DEADLINE_SETTINGS;
  }

  /**
   * Gives an open cache the profile's deadline rules (recomputing its deadlines if they changed) and the session's
   * clock with the due-soon window, for the due filters and the attention queue.
   */
  prepareCache(cache: OrderCache): Result<OrderCache, AppError> {
    const { rules, dueSoon } = this.deliveryDeadlines;
    const applied = cache.applyDeadlineRules(rules);
    if (!applied.ok) return err(appErrorFromCache(applied.error, this.wording.rebuildHint));
    cache.useDueClock(() => ({ nowMs: this.now(), soon: dueSoon }));
    return ok(cache);
  }

  get cacheFile(): string {
    return this.parts.cacheFile ?? cacheFilePath(this.parts.dataDir, this.parts.profileId);
  }

  clientDeps(transport: HttpTransport = this.parts.transport()): ClientDeps {
    return {
      config: this.parts.config,
      transport,
      credentials: this.parts.credentials,
      ...(this.parts.signal ? { signal: this.parts.signal } : {}),
      ...(this.parts.onRequest ? { onRequest: this.parts.onRequest } : {}),
    };
  }

  sellerApi(): SellerApi {
    return (this.seller ??= new SellerApi(this.clientDeps()));
  }

  buyerSyncApi(): BuyerSyncApi {
    return (this.buyerApi ??= new BuyerSyncApi(this.clientDeps()));
  }

  /** The existing cache for reading (kept open until close); no file means no sync yet. */
  existingCache(): Result<OrderCache, AppError> {
    if (this.cache) return ok(this.cache);
    const file = this.cacheFile;
    if (!existsSync(file)) return err({ kind: 'cache', message: this.wording.noCacheYet(this.profileId, file) });
    const opened = openOrderCache({ file, owner: this.parts.cacheOwner });
    if (!opened.ok) return err(appErrorFromCache(opened.error, this.wording.rebuildHint));
    const prepared = this.prepareCache(opened.value);
    if (!prepared.ok) {
      opened.value.close();
      return prepared;
    }
    return ok((this.cache = opened.value));
  }

  /** The cache when there is a usable one, else undefined (for use cases that only consult it). */
  cacheIfUsable(): OrderCache | undefined {
    const c = this.existingCache();
    return c.ok ? c.value : undefined;
  }

  close(): void {
    this.cache?.close();
    this.cache = undefined;
  }
}

export function createSession(parts: SessionParts): Session {
  return new Session(parts);
}

/** What opening a profile session needs from outside core. */
export interface ProfileSessionPorts {
  profiles: ProfileStore;
  secrets: SecretStore;
  keys: KeyStore;
  transport: TransportFactory;
  dataDir: string;
  now?: () => number;
  hints?: CredentialHints;
  wording?: SessionWording;
  onRequest?: (entry: RequestLogEntry) => void;
}

/** The named profile, or the active one when no ID is given; a settings error when there is none. */
export function findProfile(profiles: ProfileStore, profileId?: string): Result<Profile, AppError> {
  const found = profileId === undefined ? profiles.active() : profiles.get(profileId);
  if (!found.ok) {
    const e = found.error;
    return err({
      kind:
        e.kind === 'not-found'
          ? 'settings'
          : e.kind === 'io'
            ? 'io'
            : e.kind === 'invalid'
              ? 'invalid-input'
              : 'settings',
      message: e.message,
      ...(e.action ? { action: e.action } : {}),
    });
  }
  if (found.value === null)
    return err({
      kind: 'settings',
      code: 'no-profile',
      message: 'No profile selected.',
      action: 'Choose or add a profile.',
    });
  return ok(found.value);
}

/** Opens the session of a profile (the active one when no ID is given): its settings, its keychain secrets, its cache. */
export function openProfileSession(ports: ProfileSessionPorts, profileId?: string): Result<Session, AppError> {
  const found = findProfile(ports.profiles, profileId);
  if (!found.ok) return found;
  const profile = found.value;
  const config = toPlatformConfig(profile);
  return ok(
    new Session({
      config,
      credentials: profileCredentials(profile.id, ports.secrets, ports.keys, ports.hints ?? APP_CREDENTIAL_HINTS),
      profileId: profile.id,
      dataDir: ports.dataDir,
      cacheOwner: { baseUrl: config.baseUrl, merchantId: config.merchantId },
      statusLabels: profile.statusLabels,
      deliveryDeadlines: profile.deliveryDeadlines,
      transport: ports.transport,
      ...(ports.now ? { now: ports.now } : {}),
      ...(ports.wording ? { wording: ports.wording } : {}),
      ...(ports.onRequest ? { onRequest: ports.onRequest } : {}),
    }),
  );
}
