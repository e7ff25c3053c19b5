import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openOrderCache } from '../cache/openCache';
import { ensurePrivateDir, ensurePrivateFile } from './privateFiles';

const umask = process.umask(0o022);
afterAll(() => process.umask(umask));
const mode = (p: string) => statSync(p).mode & 0o7777;
const fresh = () => mkdtempSync(path.join(tmpdir(), 'md-private-'));

describe.skipIf(process.platform === 'win32')('owner-only data files', () => {
  it('creates missing folders 0700, each of them, and tightens an existing one of ours', () => {
    const root = fresh();
    ensurePrivateDir(path.join(root, 'a', 'b'));
    expect([mode(path.join(root, 'a')), mode(path.join(root, 'a', 'b'))]).toEqual([0o700, 0o700]);
    const open = path.join(root, 'open');
    mkdirSync(open, { mode: 0o755 });
    ensurePrivateDir(open);
    expect(mode(open)).toBe(0o700);
  });

  it('leaves a shared sticky folder (like /tmp) as it is', () => {
    const shared = path.join(fresh(), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    ensurePrivateDir(shared);
    expect(mode(shared)).toBe(0o1777);
  });

  it('creates a file 0600 before anything is written, and tightens an existing one', () => {
    const file = path.join(fresh(), 'f');
    ensurePrivateFile(file);
    expect(mode(file)).toBe(0o600);
    writeFileSync(file, 'x');
    chmodSync(file, 0o644);
    ensurePrivateFile(file);
    expect(mode(file)).toBe(0o600);
  });

  it('an order cache, its -wal and -shm are 0600 while open, in a 0700 folder', () => {
    const file = path.join(fresh(), 'cache', 'shop.sqlite');
    const opened = openOrderCache({ file, identity: { baseUrl: 'https://api.example.com', merchantId: 'M-1' } });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    try {
      opened.value.db.exec('CREATE TABLE probe(x); INSERT INTO probe VALUES (1)'); // a write: -wal and -shm exist
      expect(existsSync(`${file}-wal`) && existsSync(`${file}-shm`)).toBe(true);
      expect([mode(path.dirname(file)), mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual([
        0o700, 0o600, 0o600, 0o600,
      ]);
    } finally {
      opened.value.close();
    }
  });
});
