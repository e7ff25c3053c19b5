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
  raw?: boolean;
}

/**
 * `cache export`: every matching order as CSV, JSON Lines or an Excel workbook, streamed to a file (0600) or
 * standard output (not a workbook: binary).
 */
export function registerCacheExport(cache: Command, run: CommandRunner): void {
  const exportCommand = addCacheFilterOptions(
    cache
      .command('export')
      .description(
        'every cached order matching the filters, as CSV (one row per order item, UTF-8 with BOM), JSON Lines or an Excel workbook; works offline',
      ),
  )
    .option(
      '--format <csv|jsonl|xlsx>',
      'csv: a header row and one row per order item; jsonl: one order per line; xlsx: an Excel workbook (sheets Orders and Items; needs --output)',
    )
    .option('--output <FILE>', 'write to FILE (readable by you only) instead of standard output')
    .option(
      '--raw',
      'csv for programs: values exactly as stored (IDs as plain digits, no apostrophes, no label columns)',
    )
    .addHelpText(
      'after',
      '\nCSV is safe to open in a spreadsheet: IDs are written ="…" so they stay text, status names sit beside the codes, cells a spreadsheet would run as a formula (= + - @) get a leading apostrophe, and fields with , ; tab, quote or line break are quoted. --raw drops all that (never open it in a spreadsheet). With --json, stdout gets {"orders","rows","file"} (needs --output).',
    );
  const checkFlagForms = refuseBothForms(exportCommand, CACHE_FLAG_PAIRS);
  exportCommand.action((flags: ExportFlags) =>
    run(async (ctx) => {
      checkFlagForms();
      const format = exportFormat(flags.format);
      if (flags.raw && format !== 'csv') throw new CliInputError('--raw applies to --format csv only.');
      if (format === 'xlsx' && flags.output === undefined)
        throw new CliInputError('--format xlsx needs --output FILE (a workbook is binary, not for a terminal).');
      const input = cacheFilterInput(flags);
      unwrap(checkExportQuery(input));
      if (ctx.json && flags.output === undefined)
        throw new CliInputError('--json needs --output FILE (standard output carries the export itself).');
      const { output } = flags;
      const options = {
        format,
        ...(flags.raw ? { raw: true } : {}),
        ...signal(ctx),
        ...(output !== undefined ? { file: output } : {}),
      };
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
  if (value === 'csv' || value === 'jsonl' || value === 'xlsx') return value;
  throw new CliInputError(
    value === undefined
      ? '--format is required: csv, jsonl or xlsx.'
      : `--format must be csv, jsonl or xlsx, got "${value}".`,
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
