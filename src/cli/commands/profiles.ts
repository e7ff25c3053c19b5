import type { Command } from 'commander';
import {
  addProfile,
  CONFIRMATION_REQUIRED,
  editProfile,
  getProfile,
  listProfiles,
  removeProfile,
  showProfile,
  useProfile,
  type ProfileView,
} from '../../core/app/profiles';
import {
  notificationsSchema,
  type Notifications,
  type Profile,
  type ProfileInput,
} from '../../core/profiles/profileSchema';
import type { DeliveryDeadlinesPatch, ProfilePatch } from '../../core/profiles/profileStore';
import type { AppError } from '../../shared/errors/appError';
import { SANDBOX_STATUS_LABELS } from '../../sandbox/statuses';
import { signatureAlgorithms, signedStringModes } from '../../core/config/signatureProfile';
import { unwrap } from '../appResult';
import { connectionFlagFields } from '../context';
import { table } from '../format';
import { CliError, ExitCode } from '../io';
import { defined, parseInteger, parseIntegerIn, parseIntegerList, parseRate } from '../options';
import type { CommandContext, CommandRunner } from '../runner';

interface ProfileFlags {
  name?: string;
  kind?: string;
  apiVersion?: string;
  signatureMode?: string;
  signatureAlgorithm?: string;
  signatureTemplate?: string;
  pollInterval?: string;
  pollOverlap?: string;
  timeoutMs?: string;
  notify?: string;
  orderStatusLabel: string[];
  afterSalesStatusLabel: string[];
  afterSalesValues: string[];
  dueClockStart?: string;
  partialDelivery?: string;
  closedStatuses?: string;
  dueSoonFraction?: string;
  dueSoonMinutes?: string;
  use?: boolean;
}

const AFTER_SALES_STATES = {
  awaiting: 'awaitingReview',
  approved: 'approved',
  rejected: 'rejected',
  closed: 'closed',
} as const;

/**
 * `--after-sales-values awaiting=7` (repeatable) as a patch of the profile's after-sales status values. Naming them
 * confirms them for this platform (the app stops saying they are defaults).
 */
function afterSalesValuesFrom(values: readonly string[]): ProfilePatch['afterSalesStatuses'] | undefined {
  if (values.length === 0) return undefined;
  const patch: Record<string, unknown> = { confirmed: true };
  for (const value of values) {
    const [state, list] = value.split('=', 2) as [string, string | undefined];
    const key = AFTER_SALES_STATES[state as keyof typeof AFTER_SALES_STATES];
    if (!key || list === undefined)
      throw usage(
        `--after-sales-values takes STATE=N[,N] with STATE one of awaiting, approved, rejected, closed — got "${value}".`,
      );
    patch[key] = parseIntegerList('--after-sales-values', list);
  }
  return patch as ProfilePatch['afterSalesStatuses'];
}

/** The delivery-deadline flags as a patch of the profile's settings (each part merged by the store). */
function deadlinesFrom(flags: ProfileFlags): DeliveryDeadlinesPatch | undefined {
  const { dueClockStart: clock, partialDelivery: partial } = flags;
  if (clock !== undefined && clock !== 'paid' && clock !== 'created')
    throw usage(`--due-clock-start must be "paid" or "created", got "${clock}".`);
  if (partial !== undefined && partial !== 'earliest-first' && partial !== 'whole-order')
    throw usage(`--partial-delivery must be "earliest-first" or "whole-order", got "${partial}".`);
  const closed =
    flags.closedStatuses === undefined
      ? undefined
      : flags.closedStatuses.trim() === ''
        ? []
        : parseIntegerList('--closed-statuses', flags.closedStatuses);
  const rules = defined({ clockStart: clock, partialDelivery: partial, closedOrderStatuses: closed });
  const dueSoon = defined({
    fraction: parseRate('--due-soon-fraction', flags.dueSoonFraction),
    capMinutes: parseIntegerIn('--due-soon-minutes', flags.dueSoonMinutes, 0, 10_080),
  });
  if (Object.keys(rules).length === 0 && Object.keys(dueSoon).length === 0) return undefined;
  return {
    ...(Object.keys(rules).length > 0 ? { rules: rules as DeliveryDeadlinesPatch['rules'] } : {}),
    ...(Object.keys(dueSoon).length > 0 ? { dueSoon } : {}),
  };
}

const NOTIFICATION_FLAGS: Record<string, keyof Notifications> = {
  'new-order': 'newOrder',
  'status-changed': 'statusChanged',
  'after-sales': 'afterSales',
  dispute: 'dispute',
  'delivery-error': 'deliveryError',
  'due-soon': 'dueSoon',
  overdue: 'overdue',
};

const usage = (message: string) => new CliError(`${message} Nothing was changed.`, 'invalid-input');

function parseNotify(value: string | undefined): Notifications | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  const all = Object.values(NOTIFICATION_FLAGS);
  if (v === 'all') return Object.fromEntries(all.map((k) => [k, true])) as Notifications;
  if (v === 'none') return Object.fromEntries(all.map((k) => [k, false])) as Notifications;
  const chosen = v.split(',').map((s) => s.trim());
  const unknown = chosen.filter((c) => !(c in NOTIFICATION_FLAGS));
  if (unknown.length > 0)
    throw usage(
      `--notify takes "all", "none" or a list of ${Object.keys(NOTIFICATION_FLAGS).join(', ')} — unknown: ${unknown.join(', ')}.`,
    );
  return notificationsSchema.parse(
    Object.fromEntries(all.map((k) => [k, chosen.some((c) => NOTIFICATION_FLAGS[c] === k)])),
  );
}

/** "3=Shipped" pairs; an empty label ("3=") removes the label (edit). */
function parseLabels(
  flag: string,
  values: string[],
  current: Record<string, string> = {},
): Record<string, string> | undefined {
  if (values.length === 0) return undefined;
  const labels = { ...current };
  for (const pair of values) {
    const m = /^\s*(-?\d{1,9})\s*=(.*)$/s.exec(pair);
    if (!m) throw usage(`${flag} takes VALUE=LABEL, e.g. ${flag} 3=Shipped — got "${pair}".`);
    const label = m[2]!.trim();
    if (label === '') delete labels[String(Number(m[1]))];
    else labels[String(Number(m[1]))] = label;
  }
  return labels;
}

function signatureFrom(
  flags: ProfileFlags,
  current?: Profile['signatureProfile'],
): Profile['signatureProfile'] | undefined {
  if (
    flags.signatureMode === undefined &&
    flags.signatureAlgorithm === undefined &&
    flags.signatureTemplate === undefined
  )
    return undefined;
  const mode =
    flags.signatureMode ?? (flags.signatureTemplate !== undefined ? 'template' : (current?.mode ?? 'canonical'));
  const algorithm = flags.signatureAlgorithm ?? current?.algorithm ?? 'RSA-SHA256';
  if (!(signedStringModes as readonly string[]).includes(mode))
    throw usage(`--signature-mode must be one of ${signedStringModes.join(', ')}.`);
  if (!(signatureAlgorithms as readonly string[]).includes(algorithm))
    throw usage(`--signature-algorithm must be one of ${signatureAlgorithms.join(', ')}.`);
  const template = flags.signatureTemplate ?? (mode === 'template' ? current?.template : undefined);
  return {
    mode: mode as Profile['signatureProfile']['mode'],
    algorithm: algorithm as Profile['signatureProfile']['algorithm'],
    ...(template !== undefined ? { template } : {}),
  };
}

/** The fields the flags set (global connection flags included). */
function fieldsFrom(flags: ProfileFlags, ctx: CommandContext, current?: Profile): ProfilePatch {
  if (flags.kind !== undefined && flags.kind !== 'merchant' && flags.kind !== 'sandbox')
    throw usage('--kind must be "merchant" or "sandbox".');
  const signature = signatureFrom(flags, current?.signatureProfile);
  const notifications = parseNotify(flags.notify);
  const order = parseLabels('--order-status-label', flags.orderStatusLabel, current?.statusLabels.order);
  const afterSales = parseLabels(
    '--after-sales-status-label',
    flags.afterSalesStatusLabel,
    current?.statusLabels.afterSales,
  );
  const deadlines = deadlinesFrom(flags);
  const afterSalesValues = afterSalesValuesFrom(flags.afterSalesValues);
  const patch: ProfilePatch = {
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    ...(flags.kind !== undefined ? { kind: flags.kind as 'merchant' | 'sandbox' } : {}),
    ...connectionFlagFields(ctx.options),
    ...(flags.apiVersion !== undefined ? { apiVersion: flags.apiVersion } : {}),
    ...(signature ? { signatureProfile: signature } : {}),
    ...(flags.pollInterval !== undefined
      ? { pollIntervalSeconds: parseInteger('--poll-interval', flags.pollInterval)! }
      : {}),
    ...(flags.pollOverlap !== undefined
      ? { pollOverlapMinutes: parseInteger('--poll-overlap', flags.pollOverlap)! }
      : {}),
    ...(flags.timeoutMs !== undefined ? { timeoutMs: parseInteger('--timeout-ms', flags.timeoutMs)! } : {}),
    ...(notifications ? { notifications } : {}),
    ...(order || afterSales
      ? { statusLabels: { ...(order ? { order } : {}), ...(afterSales ? { afterSales } : {}) } }
      : {}),
    ...(deadlines ? { deliveryDeadlines: deadlines } : {}),
    ...(afterSalesValues ? { afterSalesStatuses: afterSalesValues } : {}),
  };
  return patch;
}

function addProfileOptions(cmd: Command): Command {
  return cmd
    .option('--name <NAME>', 'display name')
    .option('--kind <KIND>', 'merchant or sandbox')
    .option('--api-version <V>', 'buyer-sync API version (default v1)')
    .option('--signature-mode <MODE>', `what is signed: ${signedStringModes.join(', ')} (default canonical)`)
    .option('--signature-algorithm <ALG>', `${signatureAlgorithms.join(', ')} (default RSA-SHA256)`)
    .option('--signature-template <T>', 'for mode template, e.g. "{method}\\n{path}\\n{timestamp}\\n{nonce}\\n{body}"')
    .option('--poll-interval <SECONDS>', 'order polling interval, 15-86400 (default 60)')
    .option(
      '--poll-overlap <MINUTES>',
      'how far back each poll asks again, 0-1440 (default 2; raise it for a platform that lists orders late)',
    )
    .option('--timeout-ms <N>', 'per-request time limit (default 15000)')
    .option('--notify <LIST>', `notifications: all, none or a list of ${Object.keys(NOTIFICATION_FLAGS).join(',')}`)
    .option(
      '--order-status-label <N=LABEL>',
      'your name for an order status value (repeatable; "N=" removes it)',
      collect,
      [] as string[],
    )
    .option(
      '--after-sales-status-label <N=LABEL>',
      'your name for an after-sales status value (repeatable; "N=" removes it)',
      collect,
      [] as string[],
    )
    .option(
      '--after-sales-values <STATE=N,N>',
      "your platform's after-sales status values for a state: awaiting, approved, rejected or closed (repeatable; confirms them; defaults 1, 2, 3, 4)",
      collect,
      [] as string[],
    )
    .option('--due-clock-start <paid|created>', 'delivery deadlines count from payment (default) or creation')
    .option(
      '--partial-delivery <earliest-first|whole-order>',
      'a partly delivered order: delivered units cover the most urgent items first (default), or count only when all are delivered',
    )
    .option('--closed-statuses <N,N>', 'order statuses that are never due (default 5,6; "" for none)')
    .option('--due-soon-fraction <F>', 'due soon within this share of the allowed time, 0-1 (default 0.25) ...')
    .option('--due-soon-minutes <N>', '... or within this many minutes, whichever is less (default 30)')
    .option('--use', 'make it the active profile');
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function profileLines(p: Profile, token: string, key: ProfileView['key'], active: boolean): string {
  const labels = (m: Record<string, string>) =>
    Object.entries(m)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([k, v]) => `${k}=${v}`)
      .join(', ') || '(none)';
  const sig = p.signatureProfile;
  return [
    `Profile ${p.id}${active ? ' (active)' : ''}: ${p.name} [${p.kind}]`,
    `  base URL:        ${p.baseUrl}  (API prefix ${p.apiPrefix || '(none)'})`,
    `  platform URL:    ${p.platformUrl}`,
    `  merchant ID:     ${p.merchantId}   API version: ${p.apiVersion}`,
    `  signature:       ${sig.mode}${sig.mode === 'template' ? ` "${sig.template ?? ''}"` : ''}, ${sig.algorithm}`,
    `  poll interval:   ${p.pollIntervalSeconds} s   overlap: ${p.pollOverlapMinutes} min   timeout: ${p.timeoutMs} ms`,
    `  notifications:   ${Object.entries(NOTIFICATION_FLAGS)
      .map(([flag, k]) => `${flag} ${p.notifications[k] ? 'on' : 'off'}`)
      .join(', ')}`,
    `  order labels:    ${labels(p.statusLabels.order)}`,
    `  after-sales:     ${labels(p.statusLabels.afterSales)}`,
    `  after-sales values: awaiting ${p.afterSalesStatuses.awaitingReview.join(',')}, approved ${p.afterSalesStatuses.approved.join(',')}, rejected ${p.afterSalesStatuses.rejected.join(',')}, closed ${p.afterSalesStatuses.closed.join(',')}${p.afterSalesStatuses.confirmed ? ' (confirmed)' : ' (labelled defaults, not confirmed)'}`,
    `  deadlines:       from ${p.deliveryDeadlines.rules.clockStart === 'paid' ? 'payment' : 'creation'}, partial delivery ${p.deliveryDeadlines.rules.partialDelivery}, closed statuses ${p.deliveryDeadlines.rules.closedOrderStatuses.join(',') || '(none)'}; due soon within ${Math.round(p.deliveryDeadlines.dueSoon.fraction * 100)} % or ${p.deliveryDeadlines.dueSoon.capMinutes} min`,
    `  access token:    ${token}`,
    `  RSA key:         ${key === null ? 'none' : key === 'unknown' ? 'unknown' : `${key.bits} bits, SHA-256 ${key.fingerprint}`}`,
  ].join('\n');
}

/** The token states are "unknown" (the rest of the answer stands): say why on stderr. */
function reportTokenProblem(ctx: CommandContext, problem: AppError): void {
  ctx.io.stderr(`Token status unknown: ${problem.message} Action: ${problem.action}`);
}

/**
 * Removing the active profile leaves none active, and its secrets go with it: asked on a terminal; a script must
 * say --yes, and without a terminal nothing is removed.
 */
async function confirmRemovingActive(ctx: CommandContext, id: string, withSecrets: boolean): Promise<void> {
  const what = `${id} is the active profile${withSecrets ? '; its access token and key are deleted with it' : ''}`;
  if (!ctx.io.interactive || !ctx.io.confirm)
    throw new CliError(`Not removed: ${what}.`, 'invalid-input', {
      action: `Pass --yes to remove it (merchant-desk profiles remove ${id} --yes).`,
    });
  if (!(await ctx.io.confirm(`Remove profile ${what}. Remove it? [y/N] `)))
    throw new CliError(`Not removed: ${id} stays the active profile.`, 'invalid-input', {
      action: `Answer "y" to remove it, or pass --yes.`,
    });
}

export function registerProfiles(program: Command, run: CommandRunner): void {
  const profiles = program
    .command('profiles')
    .description('merchant accounts and the sandbox: settings in the data directory, secrets in the OS keychain');

  profiles
    .command('list')
    .description('all profiles; * marks the active one')
    .action(() =>
      run(async (ctx) => {
        const { activeProfileId, profiles: list, location, tokenProblem } = unwrap(await listProfiles(ctx.services()));
        if (ctx.json) {
          ctx.io.stdout(JSON.stringify({ activeProfileId, profiles: list }));
        } else if (list.length === 0) {
          ctx.io.stdout(
            `No profiles yet (settings: ${location}). Add one: merchant-desk profiles add ID --base-url URL --platform-url URL --merchant ID`,
          );
        } else {
          const rows = list.map((p) => {
            const key = p.key;
            return [
              p.id === activeProfileId ? '*' : '',
              p.id,
              p.name,
              p.kind,
              p.merchantId,
              p.baseUrl,
              p.token,
              key === null ? 'none' : key === 'unknown' ? 'unknown' : `${key.bits} ${key.fingerprint.slice(0, 23)}…`,
            ];
          });
          ctx.io.stdout(table(['', 'ID', 'Name', 'Kind', 'Merchant', 'Base URL', 'Token', 'Key'], rows, 40));
        }
        if (tokenProblem) reportTokenProblem(ctx, tokenProblem);
        return ExitCode.ok;
      }),
    );

  profiles
    .command('show')
    .argument('[ID]', 'profile ID (default: --profile or the active profile)')
    .description('every setting of a profile, whether its token is set and its key fingerprint')
    .action((id: string | undefined) =>
      run(async (ctx) => {
        const { profile, active, tokenProblem } = unwrap(await showProfile(ctx.services(), id ?? ctx.profile().id));
        const { token, key, ...settings } = profile;
        if (ctx.json) ctx.io.stdout(JSON.stringify({ ...settings, active, token, key }));
        else ctx.io.stdout(profileLines(settings, token, key, active));
        if (tokenProblem) reportTokenProblem(ctx, tokenProblem);
        return ExitCode.ok;
      }),
    );

  addProfileOptions(
    profiles
      .command('add')
      .argument('<ID>', 'profile ID: lower-case letters, digits and "-", e.g. shop-eu')
      .description(
        'add a profile; connection settings come from the global --base-url, --platform-url, --merchant and --api-prefix',
      ),
  ).action((id: string, flags: ProfileFlags) =>
    run(async (ctx) => {
      const fields = fieldsFrom(flags, ctx);
      const missing = [
        fields.baseUrl === undefined ? '--base-url URL' : '',
        fields.platformUrl === undefined ? '--platform-url URL' : '',
        fields.merchantId === undefined ? '--merchant ID' : '',
      ].filter(Boolean);
      if (missing.length > 0) throw usage(`A profile needs ${missing.join(', ')}.`);
      const input = { ...fields, id, name: fields.name ?? id, kind: fields.kind ?? 'merchant' } as ProfileInput;
      const {
        profile: added,
        activeProfileId,
        location,
      } = unwrap(
        addProfile({ ...ctx.services(), sandboxStatusLabels: SANDBOX_STATUS_LABELS }, input, {
          use: flags.use === true,
        }),
      );
      const active = activeProfileId === added.id;
      if (ctx.json) ctx.io.stdout(JSON.stringify({ ...added, active }));
      else {
        ctx.io.stdout(`Added profile ${added.id}${active ? ' (active)' : ''} to ${location}.`);
        ctx.io.stdout(
          `Next: merchant-desk token set --profile ${added.id}   and   merchant-desk keys generate --profile ${added.id}`,
        );
      }
      return ExitCode.ok;
    }),
  );

  addProfileOptions(
    profiles
      .command('edit')
      .argument('<ID>', 'profile ID')
      .description(
        'change settings of a profile (only the options given); global --base-url etc. change the connection settings',
      ),
  ).action((id: string, flags: ProfileFlags) =>
    run(async (ctx) => {
      const services = ctx.services();
      const current = unwrap(getProfile(services, id));
      const patch = fieldsFrom(flags, ctx, current);
      if (Object.keys(patch).length === 0 && !flags.use)
        throw usage('Nothing to change: give at least one option (see merchant-desk profiles edit --help).');
      const { profile: updated } = unwrap(editProfile(services, id, patch, { use: flags.use === true }));
      if (ctx.json) ctx.io.stdout(JSON.stringify(updated));
      else ctx.io.stdout(`Updated profile ${id}.`);
      return ExitCode.ok;
    }),
  );

  profiles
    .command('remove')
    .argument('<ID>', 'profile ID')
    .description(
      'remove a profile with its access token and key (keychain items and key files); the active profile only after confirmation',
    )
    .option('--keep-secrets', 'leave its token and key in place')
    .option('--yes', 'remove the active profile without asking (for scripts)')
    .action((id: string, flags: { keepSecrets?: boolean; yes?: boolean }) =>
      run(async (ctx) => {
        const services = ctx.services();
        const input = { id, keepSecrets: flags.keepSecrets === true, confirmed: flags.yes === true };
        let removal = await removeProfile(services, input);
        if (!removal.ok && removal.error.code === CONFIRMATION_REQUIRED) {
          await confirmRemovingActive(ctx, id, !flags.keepSecrets);
          removal = await removeProfile(services, { ...input, confirmed: true });
        }
        const { activeProfileId, remaining: left } = unwrap(removal);
        if (ctx.json) {
          ctx.io.stdout(JSON.stringify({ removed: id, secretsDeleted: !flags.keepSecrets, activeProfileId }));
          return ExitCode.ok;
        }
        ctx.io.stdout(
          `Removed profile ${id}${flags.keepSecrets ? ' (its token and key were kept)' : ' with its token and key'}.`,
        );
        ctx.io.stdout(
          activeProfileId
            ? `Active profile: ${activeProfileId}.`
            : left.length > 0
              ? `No profile is active now. Choose one: merchant-desk profiles use ID (profiles: ${left.join(', ')}).`
              : 'No profiles are left. Add one: merchant-desk profiles add ID --base-url URL --platform-url URL --merchant ID --use',
        );
        return ExitCode.ok;
      }),
    );

  profiles
    .command('use')
    .argument('<ID>', 'profile ID')
    .description(
      'make a profile the active one (used when no --profile is given and no MERCHANT_DESK_* connection variable is set)',
    )
    .action((id: string) =>
      run(async (ctx) => {
        unwrap(useProfile(ctx.services(), id));
        ctx.io.stdout(ctx.json ? JSON.stringify({ activeProfileId: id }) : `Profile ${id} is now active.`);
        return ExitCode.ok;
      }),
    );
}
