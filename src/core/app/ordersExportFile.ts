import { chmodSync, createWriteStream, renameSync, rmSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { ExportSummary } from '../cache/exportOrders';
import { err, type Result } from '../result';
import type { AppError } from '../../shared/errors/appError';
import type { Session } from './session';
import { exportCachedOrders, exportWriteFailed, type ExportFileOptions } from './ordersExport';

/**
 * The export into a file: written to a temporary file beside it (created owner-only: it holds buyer data), renamed
 * over it once complete, so a failed or cancelled export leaves the file as it was and no partial file. The CLI's
 * `cache export --output` and the desktop's "Export view" both write through here.
 */
export async function exportCachedOrdersToFile(
  session: Session,
  input: unknown,
  file: string,
  options: ExportFileOptions & { named?: string },
): Promise<Result<ExportSummary, AppError>> {
  const target = path.resolve(file);
  const named = options.named ?? target;
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
  let out: WriteStream;
  try {
    out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    await new Promise<void>((resolve, reject) => out.once('open', () => resolve()).once('error', reject));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err({
      kind: 'io',
      ...(code ? { code } : {}),
      message: `Cannot write ${target}: ${code ?? String(e)}.`,
      action: 'Check the folder exists and is writable.',
    });
  }
  let done = false;
  try {
    const { named: _named, ...exportOptions } = options;
    const result = await exportCachedOrders(session, input, out, { ...exportOptions, file: named });
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (!result.ok) return result;
    chmodSync(partial, 0o600); // the umask may have narrowed the mode further, never widened it; keep it exact
    renameSync(partial, target);
    done = true;
    return result;
  } catch (e) {
    return err(exportWriteFailed((e as NodeJS.ErrnoException).code ?? String(e), named));
  } finally {
    if (!done) {
      out.destroy();
      rmSync(partial, { force: true });
    }
  }
}
