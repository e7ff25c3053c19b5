import { useT } from '../../i18n/t';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useOrdersStore } from '../../stores/ordersStore';
import { startDownload } from './startDownload';

/**
 * "Export view (CSV)" / "(Excel)": every cached order matching the filters, through the core's export. The app asks where to
 * save (the system dialog) and says what was written; the browser host answers a one-time address, fetched here as
 * a download. One request: an indeterminate progress bar while it runs, the result after.
 */
export function ExportView({ blocked }: { /** The filters have a problem to fix first. */ blocked: boolean }) {
  const exporting = useOrdersStore((s) => s.exporting);
  const disabled = useOrdersStore((s) => blocked || s.list.status !== 'ready' || s.list.rows.length === 0);
  const running = exporting.status === 'running';

  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const t = useT();

  async function run(chosen: 'csv' | 'xlsx') {
    setFormat(chosen);
    const answer = await useOrdersStore.getState().exportView(chosen);
    if (answer && 'download' in answer) startDownload(answer.download);
  }

  const answer = exporting.answer;
  return (
    <div className="orders-export">
      <button type="button" onClick={() => void run('csv')} disabled={disabled || running}>
        {t('export.csv')}
      </button>
      <button type="button" onClick={() => void run('xlsx')} disabled={disabled || running}>
        {t('export.excel')}
      </button>
      {running && <progress className="orders-export-progress" aria-label={t('export.progress')} />}
      <span role="status" className="orders-export-status">
        {running && t('export.running')}
        {answer && 'download' in answer && t('export.downloading', { format })}
        {answer &&
          'file' in answer &&
          t('export.written', { orders: answer.orders, rows: answer.rows, file: answer.file })}
        {answer && 'cancelled' in answer && t('export.cancelled')}
      </span>
      {exporting.status === 'failed' && exporting.error && (
        <ErrorNotice error={exporting.error} title={t('export.failed')} />
      )}
    </div>
  );
}
