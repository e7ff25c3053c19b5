import { ChevronDown, Download, FileSpreadsheet, FileText, X } from 'lucide-react';
import { MAX_SELECTED_ORDERS } from '../../../shared/domain/orderSelectionLimit';
import { Button } from '../../components/ui/Button';
import { Menu } from '../../components/ui/Menu';
import { useT } from '../../i18n/t';
import { selectedCount, tooManyToExport, useOrderSelection } from '../../stores/orderSelection';
import { useOrdersStore } from '../../stores/ordersStore';
import { runExport } from './runExport';

/**
 * Polaris's bulk actions: shown while orders are ticked — how many ("3 selected"), "Select all N orders" when more
 * match than are ticked, "Export selected" (CSV or Excel: exactly the ticked orders; all matching: the view), and
 * "Clear selection".
 */
export function SelectionBar() {
  const selection = useOrderSelection();
  const matching = useOrdersStore((s) => s.count.data);
  const running = useOrdersStore((s) => s.exporting.status === 'running');
  const t = useT();
  const count = selectedCount(selection, matching);
  if (count === 0) return null;

  const tooMany = tooManyToExport(selection);
  const exportAs = (format: 'csv' | 'xlsx') =>
    void runExport(format, selection.allMatching ? undefined : [...selection.ids]);

  return (
    <div className="selection-bar" role="region" aria-label={t('selection.bar')}>
      <span className="selection-count" role="status">
        {selection.allMatching ? t('selection.allMatching', { count }) : t('selection.count', { count })}
      </span>
      {!selection.allMatching && matching !== null && matching > count && (
        <Button size="sm" variant="plain" onClick={() => useOrderSelection.getState().selectAllMatching()}>
          {t('selection.selectAllMatching', { count: matching })}
        </Button>
      )}
      <Menu
        align="start"
        trigger={
          <Button size="sm" icon={Download} disabled={running || tooMany}>
            {t('selection.export')}
            <ChevronDown size={14} aria-hidden="true" />
          </Button>
        }
        actions={[
          { label: t('selection.exportCsv'), icon: FileText, onSelect: () => exportAs('csv') },
          { label: t('selection.exportExcel'), icon: FileSpreadsheet, onSelect: () => exportAs('xlsx') },
        ]}
      />
      <Button size="sm" variant="plain" icon={X} onClick={() => useOrderSelection.getState().clear()}>
        {t('selection.clear')}
      </Button>
      {tooMany && (
        <p className="selection-limit" role="alert">
          {t('selection.tooMany', { max: MAX_SELECTED_ORDERS })}
        </p>
      )}
    </div>
  );
}
