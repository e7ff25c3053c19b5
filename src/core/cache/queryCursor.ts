import { err, ok, type Result } from '../result';
import type { CachePaging } from './querySchema';

/** Where the previous page ended: its last row's sort key and rid, under the sort it was read in. */
export interface CursorState {
  sort: CachePaging['sort'];
  direction: CachePaging['direction'];
  key: number;
  rid: number;
}

/** Opaque to callers: base64url of a small JSON array. */
export function encodeCursor(c: CursorState): string {
  return Buffer.from(JSON.stringify([c.sort, c.direction, c.key, c.rid])).toString('base64url');
}

/** The cursor's state, or undefined when the text is not a cursor this code wrote. */
export function decodeCursor(text: string): CursorState | undefined {
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(v) || v.length !== 4) return undefined;
    const [sort, direction, key, rid] = v as unknown[];
    if ((sort !== 'created' && sort !== 'paid' && sort !== 'due') || (direction !== 'desc' && direction !== 'asc'))
      return undefined;
    if (!Number.isSafeInteger(key) || !Number.isSafeInteger(rid)) return undefined;
    return { sort, direction, key: key as number, rid: rid as number };
  } catch {
    return undefined;
  }
}

/** A cursor that cannot continue this query: unreadable, or written under another sort or direction. */
export interface CursorMismatch {
  kind: 'cursor-mismatch';
  message: string;
}

/** The cursor of `paging` checked against its sort: the state, or why it cannot be used. */
export function readCursor(paging: CachePaging): Result<CursorState | undefined, CursorMismatch> {
  if (paging.cursor === undefined) return ok(undefined);
  const c = decodeCursor(paging.cursor);
  if (!c) return err({ kind: 'cursor-mismatch', message: 'the cursor is not one this cache wrote' });
  if (c.sort !== paging.sort || c.direction !== paging.direction)
    return err({ kind: 'cursor-mismatch', message: 'the cursor belongs to another query (sort or direction differs)' });
  return ok(c);
}
