/**
 * Marks the screens draw that are not words in any language (no catalog entry): the lint rule against literal
 * text accepts them by name, so every literal left in JSX is a word someone forgot to translate.
 */
export const MARK = {
  /** A value that is not there. */
  none: '—',
  /** Still counting. */
  pending: '…',
  edit: '✎',
  remove: '×',
  sortDesc: ' ↓',
  sortAsc: ' ↑',
  sortable: ' ↕',
} as const;
