import { describe, expect, it } from 'vitest';
import { saveDialogExportDestination, type ShowSaveDialog } from './exportDialog';

describe('saveDialogExportDestination', () => {
  it('suggests the name in the default folder with the format as the only filter; answers the chosen path', async () => {
    const asked: Parameters<ShowSaveDialog>[0][] = [];
    const d = saveDialogExportDestination(
      async (o) => (asked.push(o), { canceled: false, filePath: '/x/y.csv' }),
      '/home/me/Documents/',
    );
    if (d.kind !== 'save-dialog') throw new Error('expected a save dialog');
    expect(await d.chooseFile('orders-shop-2026-11-23.csv', 'csv')).toBe('/x/y.csv');
    expect(asked[0]).toMatchObject({
      defaultPath: '/home/me/Documents/orders-shop-2026-11-23.csv',
      filters: [{ extensions: ['csv'] }],
    });
  });

  it('a cancelled dialog (or one with no path) is null', async () => {
    for (const answer of [{ canceled: true, filePath: '/x' }, { canceled: false }]) {
      const d = saveDialogExportDestination(async () => answer, '/d');
      if (d.kind !== 'save-dialog') throw new Error('expected a save dialog');
      expect(await d.chooseFile('a.jsonl', 'jsonl')).toBeNull();
    }
  });
});
