import path from 'node:path';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { checkExportQuery, exportCachedOrders } from '../../core/app/ordersExport';
import { exportCachedOrdersToFile } from '../../core/app/ordersExportFile';
import type { ExportFormat, ExportSummary } from '../../core/cache/exportOrders';
import type { Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { unwrap } from '../appResult';
import { withSession } from '../commandSession';
import { addCacheFilterOptions, CACHE_FLAG_PAIRS, cacheFilterInput, type CacheFilterFlags } from '../filterFlags';
import { CliInputError, ExitCode } from '../io';
import type { CommandContext, CommandRunner } from '../runner';
import { refuseBothForms } from '../options';

interface ExportFlags extends CacheFilterFlags {
  format?: string;
  output?: string;
}

/** `cache export`: every matching order as CSV or JSON Lines, streamed to a file (0600) or standard output. */
export function registerCacheExport(cache: Command, run: CommandRunner): void {
  const exportCommand = addCacheFilterOptions(
    cache
      .command('export')
      .description(
        'every cached order matching the filters, as CSV (one row per order item, UTF-8 with BOM) or JSON Lines; works offline',
      ),
  )
    .option('--format <csv|jsonl>', 'csv: a header row and one row per order item; jsonl: one order per line')
    .option('--output <FILE>', 'write to FILE (readable by you only) instead of standard output')
    .addHelpText(
      'after',
      '\nCells a spreadsheet would run as a formula (starting with = + - @) get a leading apostrophe. With --json, stdout gets {"orders","rows","file"} (needs --output).',
    );
  const checkFlagForms = refuseBothForms(exportCommand, CACHE_FLAG_PAIRS);
  exportCommand.action((flags: ExportFlags) =>
    run(async (ctx) => {
      checkFlagForms();
      const format = exportFormat(flags.format);
      const input = cacheFilterInput(flags);
      unwrap(checkExportQuery(input));
      if (ctx.json && flags.output === undefined)
        throw new CliInputError('--json needs --output FILE (standard output carries the export itself).');
      const { output } = flags;
      const options = { format, ...signal(ctx), ...(output !== undefined ? { file: output } : {}) };
      const { orders, rows } = unwrap(
        await withSession(ctx, 'offline', async (session) => {
          // The cache is opened (or refused) before any output is created.
          const cache = session.existingCache();
          if (!cache.ok) return cache;
          if (output !== undefined)
            return exportCachedOrdersToFile(session, input, output, { ...options, named: output });
          return toStdout(ctx, (out) => exportCachedOrders(session, input, out, options));
        }),
      );
      if (ctx.json) ctx.io.stdout(JSON.stringify({ orders, rows, file: path.resolve(output!) }));
      else if (output !== undefined)
        ctx.io.stderr(
          `Exported ${orders} ${orders === 1 ? 'order' : 'orders'} (${rows} ${rows === 1 ? 'row' : 'rows'}) to ${path.resolve(output)}.`,
        );
      return ExitCode.ok;
    }),
  );
}

function exportFormat(value: string | undefined): ExportFormat {
  if (value === 'csv' || value === 'jsonl') return value;
  throw new CliInputError(
    value === undefined ? '--format is required: csv or jsonl.' : `--format must be csv or jsonl, got "${value}".`,
  );
}

const signal = (ctx: CommandContext) => (ctx.io.signal ? { signal: ctx.io.signal } : {});

type Export = (out: Writable) => Promise<Result<ExportSummary, AppError>>;

/** To the process's standard output when the CLI has one; an embedding without it gets the text in one piece. */
async function toStdout(ctx: CommandContext, write: Export): Promise<Result<ExportSummary, AppError>> {
  if (ctx.io.stdoutStream) return write(ctx.io.stdoutStream);
  let text = '';
  const collect = new Writable({
    write(chunk: Buffer | string, _enc, callback) {
      text += chunk.toString();
      callback();
    },
  });
  const result = await write(collect);
  if (result.ok && text) ctx.io.stdout(text.replace(/\n$/, ''));
  return result;
}
