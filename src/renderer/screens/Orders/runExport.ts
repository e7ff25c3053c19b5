import { translate } from '../../i18n/t';
import { useOrdersStore } from '../../stores/ordersStore';
import { showToast } from '../../stores/toastStore';
import { startDownload } from './startDownload';

/**
 * Runs an export (the view, or exactly `ids`: a selection) and says its result in a toast: the file written, the
 * download started, or the save dialog cancelled. A failure stays on the screen instead (ExportView's notice), with
 * what to do about it.
 */
export async function runExport(format: 'csv' | 'xlsx', ids?: readonly string[]): Promise<void> {
  const answer = await useOrdersStore.getState().exportView(format, ids);
  if (!answer) return;
  if ('download' in answer) {
    startDownload(answer.download);
    showToast(translate('export.downloading', { format }));
  } else if ('file' in answer) {
    showToast(translate('export.written', { orders: answer.orders, rows: answer.rows, file: answer.file }));
  } else {
    showToast(translate('export.cancelled'), 'info');
  }
}
