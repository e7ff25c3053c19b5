import type { ExportFormat } from '../../core/cache/exportOrders';
import type { ExportDestination } from '../../appHost/handlers/ordersExport';

/** The part of Electron's `dialog.showSaveDialog` (bound to the window) the export uses. */
export type ShowSaveDialog = (options: {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
  properties: Array<'createDirectory' | 'showOverwriteConfirmation'>;
}) => Promise<{ canceled: boolean; filePath?: string }>;

const FILTERS: Record<ExportFormat, { name: string; extensions: string[] }> = {
  csv: { name: 'CSV (spreadsheet)', extensions: ['csv'] },
  jsonl: { name: 'JSON Lines', extensions: ['jsonl'] },
};

/**
 * Main's export destination: the system's save dialog, so the path is one the merchant chose there, never one the
 * renderer sent. `defaultFolder` is where the dialog opens (Electron's `app.getPath('documents')`).
 */
export function saveDialogExportDestination(show: ShowSaveDialog, defaultFolder: string): ExportDestination {
  return {
    kind: 'save-dialog',
    async chooseFile(suggestedName, format) {
      const r = await show({
        title: 'Export orders',
        defaultPath: `${defaultFolder.replace(/[\\/]+$/, '')}/${suggestedName}`,
        filters: [FILTERS[format]],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      return r.canceled || !r.filePath ? null : r.filePath;
    },
  };
}
