import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate, contextMenuItems, type ContextParams, type MenuItem } from './menuTemplates';

const labels = (items: MenuItem[]) => items.map((i) => i.label ?? i.role ?? i.type);
const find = (items: MenuItem[], label: string) => items.find((i) => i.label === label || i.role === label);
const flat = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flat(i.submenu ?? [])]);

describe('the application menu', () => {
  it('macOS: the app menu with About, Settings… ⌘, , Hide and Quit; then Edit, View, Window, Help', () => {
    const menu = applicationMenuTemplate({ platform: 'darwin', development: false, appName: 'Merchant Desk' });
    expect(labels(menu)).toEqual(['Merchant Desk', 'Edit', 'View', 'Window', 'Help']);
    const app = menu[0]!.submenu!;
    expect(find(app, 'About Merchant Desk')?.command).toBe('about');
    expect(find(app, 'Settings…')).toMatchObject({ accelerator: 'CmdOrCtrl+,', command: 'settings' });
    for (const role of ['hide', 'hideOthers', 'unhide', 'quit', 'services'])
      expect(find(app, role), role).toBeDefined();
    expect(find(menu[1]!.submenu!, 'paste')).toBeDefined();
    expect(find(menu[4]!.submenu!, 'Open Log Folder')?.command).toBe('open-log-folder');
  });

  it('Windows: File (Settings… Ctrl+, and Exit), Edit, View, Window, Help with About and the log folder', () => {
    const menu = applicationMenuTemplate({ platform: 'win32', development: false, appName: 'Merchant Desk' });
    expect(labels(menu)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    expect(find(menu[0]!.submenu!, 'Settings…')?.accelerator).toBe('CmdOrCtrl+,');
    const help = menu[4]!.submenu!;
    expect(labels(help)).toEqual(
      expect.arrayContaining(['Open Log Folder', 'Check for Updates…', 'About Merchant Desk']),
    );
  });

  it.each(['darwin', 'win32', 'linux'] as const)(
    '%s: no Reload or DevTools in a release build, both in development',
    (platform) => {
      const roles = (development: boolean) =>
        flat(applicationMenuTemplate({ platform, development, appName: 'M' })).map((i) => i.role);
      expect(roles(false)).not.toContain('toggleDevTools');
      expect(roles(false)).not.toContain('reload');
      expect(roles(true)).toContain('toggleDevTools');
    },
  );

  it('offers "Restart to Update" once an update is downloaded', () => {
    const menu = applicationMenuTemplate({ platform: 'darwin', development: false, appName: 'M', updateReady: true });
    expect(find(menu[0]!.submenu!, 'Restart to Update')?.command).toBe('check-for-updates');
  });
});

describe('the context menu', () => {
  const params = (over: Partial<ContextParams>): ContextParams => ({
    isEditable: false,
    selectionText: '',
    misspelledWord: '',
    dictionarySuggestions: [],
    editFlags: { canCut: false, canCopy: false, canPaste: false, canSelectAll: false },
    ...over,
  });

  it('over a misspelled word in a field: suggestions, Add to Dictionary, then the edit commands', () => {
    const items = contextMenuItems(
      params({
        isEditable: true,
        misspelledWord: 'refnud',
        dictionarySuggestions: ['refund', 'refunds'],
        editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true },
      }),
    );
    expect(items.slice(0, 4)).toEqual([
      { kind: 'suggestion', word: 'refund' },
      { kind: 'suggestion', word: 'refunds' },
      { kind: 'add-to-dictionary', word: 'refnud' },
      { kind: 'separator' },
    ]);
    expect(items.filter((i) => i.kind === 'role')).toEqual([
      { kind: 'role', role: 'cut', label: 'Cut', enabled: false },
      { kind: 'role', role: 'copy', label: 'Copy', enabled: false },
      { kind: 'role', role: 'paste', label: 'Paste', enabled: true },
      { kind: 'role', role: 'selectAll', label: 'Select All', enabled: true },
    ]);
  });

  it('over selected page text: Copy only; over nothing: no menu', () => {
    const copyOnly = contextMenuItems(
      params({
        selectionText: 'ORD-1',
        editFlags: { canCut: false, canCopy: true, canPaste: false, canSelectAll: true },
      }),
    );
    expect(copyOnly).toEqual([{ kind: 'role', role: 'copy', label: 'Copy', enabled: true }]);
    expect(contextMenuItems(params({}))).toEqual([]);
  });
});
