import type { MessageId } from '../i18n/catalogs';

/** Every keyboard shortcut, as the help sheet (`?`) lists them; screens handle their own keys. */
export interface Shortcut {
  /** The keys as pressed (the same in every language)… */
  keys: string;
  /** …or, when the keys' description has words in it, its message. */
  keysId?: MessageId;
  does: MessageId;
}

export const shortcutGroups: ReadonlyArray<{ group: MessageId; shortcuts: readonly Shortcut[] }> = [
  {
    group: 'help.group.everywhere',
    shortcuts: [
      { keys: 'Ctrl+K / ⌘K', keysId: 'help.key.palette', does: 'help.does.palette' },
      { keys: '?', does: 'help.does.help' },
      { keys: '/', does: 'help.does.search' },
      { keys: 'Tab (first)', keysId: 'help.key.firstTab', does: 'help.does.skip' },
      { keys: 'Esc', does: 'help.does.closeDialog' },
    ],
  },
  {
    group: 'help.group.orders',
    shortcuts: [
      { keys: '↑ / ↓', does: 'help.does.moveSelection' },
      { keys: 'Enter', does: 'help.does.openSelected' },
    ],
  },
  {
    group: 'help.group.orderDetail',
    shortcuts: [
      { keys: 'j / k', does: 'help.does.nextPrevOrder' },
      { keys: 'Esc', does: 'help.does.backToList' },
    ],
  },
  {
    group: 'help.group.attention',
    shortcuts: [
      { keys: '↑ / ↓ or j / k', keysId: 'help.key.arrowsOrJk', does: 'help.does.moveSelection' },
      { keys: 'Enter', does: 'help.does.openOrder' },
    ],
  },
  {
    group: 'help.group.afterSales',
    shortcuts: [
      { keys: 'j / k', does: 'help.does.nextPrevRequest' },
      { keys: '↑ / ↓', does: 'help.does.moveAllRows' },
      { keys: 'a', does: 'help.does.approve' },
      { keys: 'r', does: 'help.does.reject' },
      { keys: 'Enter / Esc', does: 'help.does.confirmCancel' },
    ],
  },
];

/** True when a key press belongs to a text field (typing "k" in a search must not move to the next order). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}
