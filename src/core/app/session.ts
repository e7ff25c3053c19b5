import { DecisionsInFlight } from './decisionsInFlight';
import { existsSync } from 'node:fs';
import {
  CLOSING,
  findUpkeepThreadEntry,
  runCacheUpkeep,
  type UpkeepProgress,
  type UpkeepReport,
  type UpkeepResult,
} from '../cache/cacheUpkeep';
import { userInfo } from 'node:os';
import { journalFileBeside, openDecisionJournal, type DecisionJournal } from '../afterSales/decisionJournal';
import { BuyerSyncApi } from '../api/buyerSyncApi';
import type { ClientDeps } from '../api/clientDeps';
import type { Credentials } from '../credentials/credentials';
import type { RequestLogEntry } from '../logging/requestLog';
import { SellerApi } from '../api/sellerApi';
import type { CacheError, CacheIdentity } from '../../shared/errors/cacheErrors';
import { cacheFilePath, openOrderCache } from '../cache/openCache';
import { findEndOfSyncThreadEntry } from '../cache/endOfSyncOnThread';
import type { OrderCache } from '../cache/orderCache';
import type { PlatformConfig } from '../config/platformConfig';
import type { HttpTransport } from '../http/transport';
import type { KeyStore } from '../keys/keyStore';
import type { ProfileStore } from '../profiles/profileStore';
import {
  DEFAULT_POLL_OVERLAP_MINUTES,
  toPlatformConfig,
  type Profile,
  type StatusLabels,
} from '../profiles/profileSchema';
import { err, ok, type Result } from '../result';
import { APP_CREDENTIAL_HINTS, profileCredentials, type CredentialHints } from '../credentials/profileCredentials';
import type { SecretStore } from '../secrets/secretStore';
import type { AppError } from '../../shared/errors/appError';
import {
  DEFAULT_AFTER_SALES_STATUS_SETTINGS,
  type AfterSalesStatusSettings,
} from '../../shared/domain/afterSalesReview';
import { appErrorFromCache } from './sessionErrors';
import { DEFAULT_DELIVERY_DEADLINE_SETTINGS, type DeliveryDeadlineSettings } from '../due/deadlineRules';

/** How the caller's UI words the two things a session tells the merchant to do (sync first, rebuild the cache). */
export interface SessionWording {
  /** Said when there is no cache file yet. */
  noCacheYet: (profileId: string, file: string) => string;
  /** Appended to a damaged or newer-version cache's description. */
  rebuildHint: string;
  /** How to check a decision whose outcome is unknown (the app's button, the CLI's command). */
  checkDecisionHint: (orderId: string) => string;
}

export type TransportFactory = (options?: { maxSockets?: number }) => HttpTransport;

export const APP_SESSION_WORDING: SessionWording = {
  // The app's own action, not a command: the first sync runs by itself and shows its progress in the sync bar.
  noCacheYet: (profileId) =>
    `No orders are cached yet for profile "${profileId}". Choose "Sync now" to fetch them; the first sync shows its progress at the top of the window.`,
  rebuildHint: 'Rebuild the cache from the platform (sync with "rebuild")',
  checkDecisionHint: () => 'Choose "Check again" on the order.',
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
  /** The profile's after-sales status values (default: the labelled defaults). */
  afterSales?: AfterSalesStatusSettings | undefined;
  /** How far back each poll asks again, in minutes (the profile's `pollOverlapMinutes`; default: the labelled 2). */
  pollOverlapMinutes?: number | undefined;
  /** Who decides through this session, as the decision journal records it ("cli", "app"); default "app". */
  surface?: string;
  /** Opens the decision journal file (default: the SQLite journal; tests wrap it to fail the disk). */
  openJournal?: (file: string) => DecisionJournal;
  /**
   * After the cache is opened, convert old rows, decode every order and check the file table by table in the
   * background (cache/cacheUpkeep.ts), cancelled by close. The core host sets it; a short CLI command does not.
   */
  upkeepAfterOpen?: boolean;
  /**
   * How long after the opening the upkeep starts (default 0). The core host waits a little: the window's first reads,
   * asked as the app starts, then run without the upkeep's thread reading every order beside them (measured at a
   * million orders: the attention queue 40 → 205 ms and 30 days of Insights 125 → 235 ms on two cores with it).
   */
  upkeepDelayMs?: number;
  /**
   * The upkeep's checking thread entry (default: the one beside the bundle, none from sources); false: on the
   * session's thread. Tests pass a bundled entry.
   */
  upkeepThread?: URL | false;
  /** The same for the compaction's thread (`orders:compact`: compactCache.ts). */
  compactThread?: URL | false;
  /** The same for the upkeep's end-of-sync thread (what a kill left of a first sync's end: endOfSyncOnThread.ts). */
  endOfSyncThread?: URL | false;
  /** Where a quick count stops (`orders:countQuick`; default COUNT_CAP, 10,000): tests pass a small one. */
  countCap?: number;
}

/**
 * Resolves after `delayMs` with true, or at once with false when the upkeep is cancelled or the session closes
 * first (the cache may be closed by then: nothing is started on it).
 */
function upkeepStart(delayMs: number, signal: AbortSignal): Promise<boolean> {
  if (delayMs <= 0 || signal.aborted) return Promise.resolve(!signal.aborted);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stopped);
      resolve(true);
    }, delayMs);
    const stopped = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stopped, { once: true });
  });
}

/**
 * One open profile session: settings, credentials, the order cache and the API clients, built on first use so a
 * use case that needs no platform asks for no URL and one that needs no cache opens no file.
 */
export class Session {
  readonly wording: SessionWording;
  /** After-sales decisions this session is sending now ("Check again" must not settle them from a stale filter). */
  readonly decisionsInFlight = new DecisionsInFlight();
  readonly now: () => number;
  private seller?: SellerApi;
  private buyerApi?: BuyerSyncApi;
  private cache?: OrderCache;
  private journal?: DecisionJournal;
  private upkeepAbort?: AbortController;
  /** The background upkeep of the opened cache, when started (upkeepAfterOpen). */
  upkeep?: Promise<Result<UpkeepResult, CacheError>>;
  private upkeepListener?: (report: UpkeepReport) => void;
  private lastUpkeepReport?: UpkeepReport;
  private upkeepEnded = false;

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

  get afterSalesSettings(): AfterSalesStatusSettings {
    return this.parts.afterSales ?? DEFAULT_AFTER_SALES_STATUS_SETTINGS;
  }

  /** How far back each poll asks again (ms): the profile's setting, else the labelled default. */
  get pollOverlapMs(): number {
    return (this.parts.pollOverlapMinutes ?? DEFAULT_POLL_OVERLAP_MINUTES) * 60_000;
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
    this.cache = opened.value;
    if (this.parts.upkeepAfterOpen) {
      this.upkeepAbort = new AbortController();
      let last: UpkeepProgress = { phase: 'scan', done: 0, total: 0 };
      let damaged = 0;
      const thread = this.parts.upkeepThread === undefined ? findUpkeepThreadEntry() : this.parts.upkeepThread;
      const endOfSyncThread =
        this.parts.endOfSyncThread === undefined ? findEndOfSyncThreadEntry() : this.parts.endOfSyncThread;
      const signal = this.upkeepAbort.signal;
      const cache = opened.value;
      this.upkeep = upkeepStart(this.parts.upkeepDelayMs ?? 0, signal)
        .then((startNow) =>
          !startNow
            ? ok({ cancelled: true, converted: 0, damaged: [], problems: [] })
            : runCacheUpkeep(cache, {
                signal,
                ...(thread ? { thread } : {}),
                ...(endOfSyncThread ? { endOfSyncThread } : {}),
                onProgress: (p) => {
                  last = p;
                  this.reportUpkeep({ ...p, state: 'running', damagedOrders: damaged });
                },
              }),
        )
        .then((r) => {
          this.upkeepEnded = true;
          if (r.ok) damaged = r.value.damaged.length;
          const state = !r.ok ? 'failed' : r.value.cancelled ? 'cancelled' : 'done';
          this.reportUpkeep({ ...last, state, damagedOrders: damaged });
          return r;
        });
    }
    return ok(opened.value);
  }

  /**
   * Where the background upkeep's reports go (the core host relays them as `cache:upkeep` events); the latest
   * listener replaces any earlier one.
   */
  relayUpkeep(listener: (report: UpkeepReport) => void): void {
    this.upkeepListener = listener;
  }

  /**
   * The background upkeep's latest report (running or its end), for a window opened after the reports went by;
   * undefined when none was started (the cache not opened yet, or a session without upkeep).
   */
  get upkeepState(): UpkeepReport | undefined {
    return this.lastUpkeepReport;
  }

  private reportUpkeep(report: UpkeepReport): void {
    this.lastUpkeepReport = report;
    this.upkeepListener?.(report);
  }

  /** Where a quick count stops (undefined: the cache's COUNT_CAP). */
  get countCap(): number | undefined {
    return this.parts.countCap;
  }

  /**
   * Stops the background upkeep after its current step (it ends with a `cancelled` report); the cache stays open.
   * Answers whether an upkeep was running.
   */
  cancelUpkeep(): boolean {
    const running = this.upkeepRunning;
    this.upkeepAbort?.abort();
    return running;
  }

  /** The background upkeep was started and has not ended. */
  get upkeepRunning(): boolean {
    return this.upkeepAbort !== undefined && !this.upkeepEnded;
  }

  /** The cache when there is a usable one, else undefined (for use cases that only consult it). */
  cacheIfUsable(): OrderCache | undefined {
    const c = this.existingCache();
    return c.ok ? c.value : undefined;
  }

  /** The profile's decision journal file, beside its order cache. */
  get journalFile(): string {
    return journalFileBeside(this.cacheFile);
  }

  /** The profile's after-sales decision journal (opened on first use; created if needed). */
  decisionJournal(): Result<DecisionJournal, AppError> {
    if (this.journal) return ok(this.journal);
    const file = this.journalFile;
    try {
      return ok((this.journal = (this.parts.openJournal ?? openDecisionJournal)(file)));
    } catch (e) {
      return err({
        kind: 'io',
        code: 'journal',
        message: `The after-sales decision journal ${file} cannot be opened (${e instanceof Error ? e.message : String(e)}). Nothing was sent.`,
        action: 'Check that the data directory is writable and has free space.',
      });
    }
  }

  /** Who decides through this session, as the journal records it: the surface and the OS user. */
  get actor(): string {
    let user = '';
    try {
      user = userInfo().username;
    } catch {
      // no user name on this system
    }
    const surface = this.parts.surface ?? 'app';
    return user ? `${surface} (${user})` : surface;
  }

  close(): void {
    this.upkeepAbort?.abort(CLOSING);
    this.cache?.close();
    this.cache = undefined;
    this.journal?.close();
    this.journal = undefined;
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
      afterSales: profile.afterSalesStatuses,
      pollOverlapMinutes: profile.pollOverlapMinutes,
      transport: ports.transport,
      ...(ports.now ? { now: ports.now } : {}),
      ...(ports.wording ? { wording: ports.wording } : {}),
      ...(ports.onRequest ? { onRequest: ports.onRequest } : {}),
    }),
  );
}
