import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import { useT } from '../../i18n/t';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Menu } from '../../components/ui/Menu';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useOrdersStore } from '../../stores/ordersStore';
import { startDownload } from './startDownload';

/**
 * "Export" → "Export view (CSV)" / "(Excel)" (a menu, so the list's header keeps one button): every cached order matching the filters, through the core's export. The app asks where to
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
      <Menu
        trigger={
          <Button size="sm" icon={Download} disabled={disabled || running}>
            {t('design.export')}
            <ChevronDown size={14} aria-hidden="true" />
          </Button>
        }
        actions={[
          { label: t('export.csv'), icon: FileText, onSelect: () => void run('csv') },
          { label: t('export.excel'), icon: FileSpreadsheet, onSelect: () => void run('xlsx') },
        ]}
      />
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
