import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dueMemoryFile, fileDueMemoryStore } from './dueMemoryStore';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'md-due-memory-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const memory = { seen: { '1001 overdue 1700000000000': 1_700_000_000_000 } };

describe('the due-notification memory on disk', () => {
  it('keeps each profile’s memory in its own owner-only file, read back by a new store (a restart)', () => {
    const warnings: string[] = [];
    fileDueMemoryStore(dataDir, (m) => void warnings.push(m)).write('shop/eu', memory);
    const again = fileDueMemoryStore(dataDir);
    expect(again.read('shop/eu')).toEqual(memory);
    expect(again.read('other')).toBeUndefined();
    const file = dueMemoryFile(dataDir, 'shop/eu');
    expect(path.dirname(path.dirname(file))).toBe(dataDir);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
    expect(warnings).toEqual([]);
  });

  it('reads a damaged or foreign file as nothing remembered, keeping only sound entries of a known version', () => {
    const warnings: string[] = [];
    const store = fileDueMemoryStore(dataDir, (m) => void warnings.push(m));
    store.write('p', memory);
    const file = dueMemoryFile(dataDir, 'p');
    writeFileSync(file, '{"version":1,"seen":{"1001 overdue');
    expect(store.read('p')).toBeUndefined();
    expect(warnings).toHaveLength(1);
    writeFileSync(file, JSON.stringify({ version: 2, seen: memory.seen }));
    expect(store.read('p')).toBeUndefined();
    writeFileSync(file, JSON.stringify({ version: 1, seen: { ...memory.seen, 'x y': 1, '1002 overdue 5': 'soon' } }));
    expect(store.read('p')).toEqual(memory);
  });

  it('a write it cannot make is reported, not thrown', () => {
    const warnings: string[] = [];
    writeFileSync(path.join(dataDir, 'due-notified'), 'a file where the folder should be');
    fileDueMemoryStore(dataDir, (m) => void warnings.push(m)).write('p', memory);
    expect(warnings).toEqual([expect.stringMatching(/was not saved/)]);
    expect(readFileSync(path.join(dataDir, 'due-notified'), 'utf8')).toMatch(/a file/);
  });
});
