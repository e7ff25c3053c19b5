/** Every keyboard shortcut, as the help sheet (`?`) lists them; screens handle their own keys. */
export interface Shortcut {
  keys: string;
  does: string;
}

export const shortcutGroups: ReadonlyArray<{ title: string; shortcuts: readonly Shortcut[] }> = [
  {
    title: 'Everywhere',
    shortcuts: [
      {
        keys: 'Ctrl+K / ⌘K',
        does: 'Command palette: go to an order (number, ID, buyer), a saved buyer, a screen, an action',
      },
      { keys: '?', does: 'This list of shortcuts' },
      { keys: '/', does: 'Search (the orders search on screens without one)' },
      { keys: 'Tab (first)', does: 'Skip to the screen’s list' },
      { keys: 'Esc', does: 'Close a dialog' },
    ],
  },
  {
    title: 'Orders',
    shortcuts: [
      { keys: '↑ / ↓', does: 'Move the selection' },
      { keys: 'Enter', does: 'Open the selected order' },
    ],
  },
  {
    title: 'Order detail',
    shortcuts: [
      { keys: 'j / k', does: 'Next / previous order of the list' },
      { keys: 'Esc', does: 'Back to the list' },
    ],
  },
  {
    title: 'Needs attention',
    shortcuts: [
      { keys: '↑ / ↓ or j / k', does: 'Move the selection' },
      { keys: 'Enter', does: 'Open the order' },
    ],
  },
  {
    title: 'After-sales',
    shortcuts: [
      { keys: 'j / k', does: 'Next / previous request awaiting a decision' },
      { keys: '↑ / ↓', does: 'Move through every row, decided ones too' },
      { keys: 'a', does: 'Approve the selected request (asks first)' },
      { keys: 'r', does: 'Reject the selected request (reason required)' },
      { keys: 'Enter / Esc', does: 'Confirm / cancel a decision' },
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
