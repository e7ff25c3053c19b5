import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { journalFilePath, openDecisionJournal, type NewEntry } from './decisionJournal';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function file(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-journal-'));
  dirs.push(dir);
  return journalFilePath(dir, 'shop');
}
const entry = (over: Partial<NewEntry> = {}): NewEntry => ({
  attemptId: `a-${Math.random()}`,
  orderId: '42',
  approved: true,
  reason: null,
  imageUrls: [],
  sentAtMs: 1_000,
  actor: 'cli (test)',
  ...over,
});

describe('the decision journal', () => {
  it('is owner-only, in an owner-only directory beside the cache, and fsyncs every commit (synchronous=FULL)', () => {
    const f = file();
    const j = openDecisionJournal(f);
    j.begin(entry());
    if (process.platform !== 'win32') {
      expect(statSync(f).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(f)).mode & 0o777).toBe(0o700);
    }
    expect(path.basename(path.dirname(f))).toBe('cache');
    j.close();
    const db = new Database(f);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('holds one unsettled decision per order, across processes (connections); a settled one frees the order', () => {
    const f = file();
    const a = openDecisionJournal(f);
    const b = openDecisionJournal(f);
    const first = entry({ attemptId: 'first', reason: null });
    expect(a.begin(first)).toEqual({ ok: true });
    const other = b.begin(entry({ attemptId: 'second', approved: false, reason: 'no' }));
    expect(other).toMatchObject({ ok: false, error: { kind: 'unsettled', entry: { attemptId: 'first' } } });
    expect(b.unsettled('42')).toMatchObject({ attemptId: 'first', state: 'pending', sentAtMs: 1_000 });
    expect(b.settle('first', 'applied', 'answer', 2_000)).toBe(true);
    expect(a.settle('first', 'not-sent', 'late', 3_000)).toBe(false); // settled once only
    expect(
      a.begin(entry({ attemptId: 'third', approved: false, reason: 'no', imageUrls: ['https://x/1.png'] })),
    ).toEqual({
      ok: true,
    });
    expect(b.forOrder('42').map((e) => [e.attemptId, e.state])).toEqual([
      ['third', 'pending'],
      ['first', 'applied'],
    ]);
    expect(b.forOrder('42')[0]).toMatchObject({ reason: 'no', imageUrls: ['https://x/1.png'], actor: 'cli (test)' });
    a.close();
    b.close();
  });
});
