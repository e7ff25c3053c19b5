import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import { useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { Menu } from '../../components/ui/Menu';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useOrdersStore } from '../../stores/ordersStore';
import { runExport } from './runExport';

/**
 * "Export" → "Export view (CSV)" / "(Excel)" (a menu, so the list's header keeps one button): every cached order
 * matching the filters, through the core's export. The app asks where to save (the system dialog); the browser host
 * answers a one-time address, fetched as a download. An indeterminate progress bar while it runs; the result is a
 * toast (runExport), a failure a notice here.
 */
export function ExportView({ blocked }: { /** The filters have a problem to fix first. */ blocked: boolean }) {
  const exporting = useOrdersStore((s) => s.exporting);
  const disabled = useOrdersStore((s) => blocked || s.list.status !== 'ready' || s.list.rows.length === 0);
  const running = exporting.status === 'running';
  const t = useT();

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
          { label: t('export.csv'), icon: FileText, onSelect: () => void runExport('csv') },
          { label: t('export.excel'), icon: FileSpreadsheet, onSelect: () => void runExport('xlsx') },
        ]}
      />
      {running && <progress className="orders-export-progress" aria-label={t('export.progress')} />}
      <span role="status" className="orders-export-status">
        {running && t('export.running')}
      </span>
      {exporting.status === 'failed' && exporting.error && (
        <ErrorNotice error={exporting.error} title={t('export.failed')} />
      )}
    </div>
  );
}
