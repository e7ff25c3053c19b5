import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHostLog } from './hostLog';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('the core host log', () => {
  it('is owner-only, in an owner-only directory, and appends timestamped lines', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-hostlog-'));
    const file = path.join(dir, 'logs', 'core-host.log');
    const log = openHostLog(file);
    log.write('core host: ready (pid 1)');
    await log.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, 'utf8')).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z core host: ready \(pid 1\)\n$/);
  });

  it('makes an existing, wider file owner-only and keeps its lines', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-hostlog-'));
    const file = path.join(dir, 'core-host.log');
    writeFileSync(file, 'earlier\n');
    chmodSync(file, 0o644);
    const log = openHostLog(file);
    log.write('later');
    await log.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^earlier\n.* later\n$/);
  });
});
