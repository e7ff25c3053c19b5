import { useId, useMemo, useState } from 'react';
import { invoke } from '../ipc';
import { formatRoute, navigate } from '../router';
import { Modal } from '../components/Modal';
import { useAppStore } from '../stores/appStore';
import { useProfilesStore } from '../stores/profilesStore';
import { useSyncStore } from '../stores/syncStore';
import { paletteCommands, type PaletteCommand } from './paletteCommands';
import { usePaletteLookups } from './usePaletteLookups';
import { useT } from '../i18n/t';
import { errorWords } from '../i18n/errorText';
import { useLocaleStore } from '../i18n/localeStore';

/**
 * Ctrl/Cmd+K: type an order number or ID, a buyer, a screen or an action (the cache's search and the saved buyers
 * are looked up as you type); ↑/↓ choose, Enter runs, Esc closes. */
export function CommandPalette({ open, onClose, onHelp }: { open: boolean; onClose: () => void; onHelp: () => void }) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="palette">
      <PaletteBody titleId={titleId} onClose={onClose} onHelp={onHelp} />
    </Modal>
  );
}

function PaletteBody({ titleId, onClose, onHelp }: { titleId: string; onClose: () => void; onHelp: () => void }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const list = useProfilesStore((s) => s.list.data);
  const listId = useId();
  const lookups = usePaletteLookups(typed);
  const commands = useMemo(() => {
    const fixed = paletteCommands(
      typed,
      (list?.profiles ?? []).map((p) => ({ id: p.id, name: p.name, active: p.id === list?.activeProfileId })),
    );
    // An order number first, then the screens and actions matching, then what the lookups found (they arrive a
    // moment later: appended, they never move what Enter would run).
    return [...fixed, ...lookups];
  }, [typed, list, lookups]);
  const current = Math.min(selected, Math.max(0, commands.length - 1));

  async function run(command: PaletteCommand | undefined): Promise<void> {
    if (!command) return;
    switch (command.kind) {
      case 'screen':
        navigate(formatRoute(command.screen));
        return onClose();
      case 'profile':
        await useProfilesStore.getState().use(command.profileId);
        return onClose();
      case 'order': {
        const found = await invoke('orders:queryPage', { orderNum: command.orderNum, limit: 1 });
        const order = found.ok ? found.data.list[0] : undefined;
        if (!found.ok) return setMessage(errorWords(found.error, t, locale).text);
        if (!order) return setMessage(t('palette.noOrder', { orderNum: command.orderNum }));
        navigate(formatRoute('order', [order.id]));
        return onClose();
      }
      case 'open-order':
        navigate(formatRoute('order', [command.orderId]));
        return onClose();
      case 'buyer':
        navigate(formatRoute('buyers', [], { q: command.merchantUserNo }));
        return onClose();
      case 'action':
        if (command.action === 'sync') void useSyncStore.getState().syncNow();
        else if (command.action === 'help') return onHelp();
        else useAppStore.getState().setTheme(command.action.slice('theme-'.length) as 'light' | 'dark' | 'system');
        return onClose();
    }
  }

  return (
    <div className="palette-body">
      <h2 id={titleId} className="visually-hidden">
        {t('palette.title')}
      </h2>
      <input
        autoFocus
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={commands.length > 0 ? `${listId}-${current}` : undefined}
        aria-label={t('palette.inputLabel')}
        placeholder={t('palette.placeholder')}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setSelected(0);
          setMessage(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setSelected(Math.min(current + 1, commands.length - 1));
          else if (e.key === 'ArrowUp') setSelected(Math.max(current - 1, 0));
          else if (e.key === 'Enter') void run(commands[current]);
          else return;
          e.preventDefault();
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('palette.commands')} className="palette-list">
        {commands.map((command, i) => (
          <li
            key={command.label}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === current}
            className="palette-item"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void run(command)}
          >
            {command.label}
          </li>
        ))}
        {commands.length === 0 && <li className="muted">{t('palette.nothing')}</li>}
      </ul>
      {message && (
        <p role="alert" className="palette-message">
          {message}
        </p>
      )}
    </div>
  );
}
