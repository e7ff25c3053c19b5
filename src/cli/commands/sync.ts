import type { Command } from 'commander';
import { syncNow } from '../../core/app/sync';
import { createRequestLog, requestLogPath } from '../../core/logging/requestLog';
import type { SyncProgress } from '../../core/sync/progress';
import { describeSkippedOrders } from '../../shared/domain/orderDecoding';
import { unwrap } from '../appResult';
import { withSession } from '../commandSession';
import { environmentConnectionFields } from '../context';
import { plural } from '../format';
import { CliInputError, ExitCode } from '../io';
import { parseInteger } from '../options';
import type { CommandRunner } from '../runner';

interface SyncFlags {
  full?: boolean;
  rebuild?: boolean;
  parallel?: string;
}

const seconds = (ms: number | undefined) =>
  ms === undefined
    ? '?'
    : ms < 60_000
      ? `${Math.round(ms / 1000)}s`
      : `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

export function formatProgress(p: SyncProgress): string {
  const phase = p.phase === 'windows' ? 'full sync' : p.phase === 'catch-up' ? 'catching up' : 'polling';
  const orders =
    p.ordersExpected !== undefined && p.phase === 'windows'
      ? `${p.ordersFetched}/${p.ordersExpected} orders`
      : plural(p.ordersFetched, 'order');
  if (p.finished)
    return `${phase}: done — ${plural(p.windowsDone, 'window')} · ${plural(p.pagesDone, 'page')} · ${plural(p.ordersFetched, 'order')} · ${plural(p.requests, 'request')} in ${seconds(p.elapsedMs)}`;
  return `${phase}: windows ${p.windowsDone}/${p.windowsKnown} · pages ${p.pagesDone}/${p.pagesPlanned} · ${orders} · ${plural(p.requests, 'request')} · ${seconds(p.elapsedMs)} elapsed · ETA ${seconds(p.etaMs)}`;
}

/** At most one progress line per interval (and always the first of each phase). */
function throttled(write: (line: string) => void, intervalMs = 1000): (p: SyncProgress) => void {
  let last = -Infinity;
  let phase: SyncProgress['phase'] | undefined;
  return (p) => {
    const now = Date.now();
    if (p.phase === phase && now - last < intervalMs && !p.finished) return;
    last = now;
    phase = p.phase;
    write(formatProgress(p));
  };
}

export function registerSync(program: Command, run: CommandRunner): void {
  program
    .command('sync')
    .description(
      'bring the offline order cache up to date: every order on the first run, then what changed since the last sync',
    )
    .option('--full', 'fetch every order again (an unfinished full sync is resumed)')
    .option(
      '--rebuild',
      'set the cache file aside (kept, renamed) and fetch every order into a new one — for a damaged or newer-version cache',
    )
    .option('--parallel <N>', 'requests in flight, 1-16', '4')
    .addHelpText(
      'after',
      '\nProgress goes to stderr. With --json, stdout gets {"requests","fetched","inserted","updated","unchanged","windows","cached"}.',
    )
    .action((flags: SyncFlags) =>
      run(async (ctx) => {
        const { io, json } = ctx;
        const parallelism = parseInteger('--parallel', flags.parallel) ?? 4;
        if (parallelism < 1 || parallelism > 16) throw new CliInputError('--parallel must be 1 to 16');
        const connection = ctx.connection({ baseUrl: true });
        const merchantId = connection.profile
          ? connection.config.merchantId
          : environmentConnectionFields(ctx.options, io.env).merchantId;
        if (!merchantId)
          throw new CliInputError(
            'No merchant ID: pass --merchant ID or set MERCHANT_DESK_MERCHANT_ID (the cache records whose orders it holds).',
          );
        // Every sync keeps a request log in the data directory, the environment mode's too.
        const onRequest = createRequestLog({ file: requestLogPath(ctx.dataDir()) });
        const s = unwrap(
          await withSession(
            ctx,
            { baseUrl: true },
            (session) =>
              syncNow(session, {
                ...(flags.full ? { full: true } : {}),
                ...(flags.rebuild ? { rebuild: true } : {}),
                parallelism,
                onSetAside: (kept) => io.stderr(`The old cache file is kept as ${kept}.`),
                onStart: (file) => {
                  if (!json) io.stderr(`Syncing the order cache of profile "${session.profileId}" (${file})…`);
                },
                onProgress: throttled((line) => io.stderr(line)),
                ...(io.signal ? { signal: io.signal } : {}),
              }),
            { onRequest },
          ),
        );
        if (json) {
          io.stdout(
            JSON.stringify({
              requests: s.requests,
              fetched: s.fetched,
              inserted: s.inserted,
              updated: s.updated,
              unchanged: s.unchanged,
              windows: s.windows,
              cached: s.cached,
              skipped: s.skipped,
              skippedOrders: s.skippedOrders,
            }),
          );
        } else {
          io.stdout(
            `${s.mode === 'full' ? 'Full sync' : 'Sync'}${s.resumed ? ' (resumed)' : ''} done in ${seconds(s.durationMs)}: ${plural(s.fetched, 'order')} fetched with ${plural(s.requests, 'request')} — ${s.inserted} new, ${s.updated} updated, ${s.unchanged} unchanged; ${plural(s.cached, 'order')} cached.`,
          );
        }
        if (s.skipped > 0) {
          io.stderr(
            `${describeSkippedOrders(s.skippedOrders, s.skipped)}\nThe next full sync (sync --full) tries them again.`,
          );
        }
        if (s.clockSkew) {
          const ahead = Date.parse(s.clockSkew.platformTime) > Date.parse(s.clockSkew.localTime);
          io.stderr(
            `Warning: the platform's clock said ${s.clockSkew.platformTime} while this computer's said ${s.clockSkew.localTime} — more than a day apart. ${ahead ? "The sync used this computer's clock instead (a few orders may be read twice, none is missed)." : 'The sync kept the platform’s time (its updates carry it): later syncs read more orders again until the clocks agree.'} Check this computer's date and time; if it is right, the platform's clock is wrong.`,
          );
        }
        if (s.events > 0)
          io.stderr(`${plural(s.events, 'change event')} (new orders, status changes, after-sales, disputes).`);
        return ExitCode.ok;
      }),
    );
}
