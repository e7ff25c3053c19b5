import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
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
            Export
            <ChevronDown size={14} aria-hidden="true" />
          </Button>
        }
        actions={[
          { label: 'Export view (CSV)', icon: FileText, onSelect: () => void run('csv') },
          { label: 'Export view (Excel)', icon: FileSpreadsheet, onSelect: () => void run('xlsx') },
        ]}
      />
      {running && <progress className="orders-export-progress" aria-label="Exporting the view" />}
      <span role="status" className="orders-export-status">
        {running && 'Exporting…'}
        {answer &&
          'download' in answer &&
          `Export ready: your browser is downloading the ${format === 'csv' ? 'CSV' : 'Excel'} file.`}
        {answer &&
          'file' in answer &&
          `Exported ${answer.orders.toLocaleString()} orders (${answer.rows.toLocaleString()} rows) to ${answer.file}.`}
        {answer && 'cancelled' in answer && 'Export cancelled: nothing was written.'}
      </span>
      {exporting.status === 'failed' && exporting.error && (
        <ErrorNotice error={exporting.error} title="The export failed" />
      )}
    </div>
  );
}
