import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRotatingLog } from './rotatingLog';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = mkdtempSync(path.join(tmpdir(), 'md-rotlog-')));

describe('the rotating log', () => {
  it('rotates past maxBytes, keeps `keep` old files, never more', () => {
    const file = path.join(fresh(), 'logs', 'main.log');
    const log = openRotatingLog(file, { maxBytes: 200, keep: 2, now: () => 0 });
    for (let i = 0; i < 40; i++) log.write(`line ${String(i).padStart(2, '0')} ${'x'.repeat(20)}`);
    expect(readdirSync(path.dirname(file)).sort()).toEqual(['main.log', 'main.log.1', 'main.log.2']);
    for (const f of log.files()) expect(statSync(f).size).toBeLessThanOrEqual(200);
    // The newest line is in the current file, older ones in .1, then .2; the oldest are gone.
    expect(readFileSync(file, 'utf8')).toContain('line 39');
    const older = readFileSync(`${file}.1`, 'utf8');
    expect(older).not.toContain('line 39');
    expect(readFileSync(`${file}.2`, 'utf8') + older + readFileSync(file, 'utf8')).not.toContain('line 00');
    expect(log.files()).toEqual([file, `${file}.1`, `${file}.2`]);
  });

  it('continues an existing file and counts its size', () => {
    const file = path.join(fresh(), 'core-host.log');
    openRotatingLog(file, { maxBytes: 120 }).write('a'.repeat(80));
    const again = openRotatingLog(file, { maxBytes: 120 });
    again.write('b'.repeat(80));
    expect(readFileSync(`${file}.1`, 'utf8')).toContain('a'.repeat(80));
    expect(readFileSync(file, 'utf8')).toContain('b'.repeat(80));
  });

  it('redacts secrets that reach it unplanned', () => {
    const file = path.join(fresh(), 'main.log');
    const log = openRotatingLog(file);
    log.write('request failed: Authorization: Bearer tok_live_123 {"token":"abc"}');
    log.write('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----');
    const text = readFileSync(file, 'utf8');
    for (const secret of ['tok_live_123', '"abc"', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'])
      expect(text).not.toContain(secret);
    expect(text).toContain('Bearer [redacted]');
    expect(text).toContain('[private key]');
  });

  it.skipIf(process.platform === 'win32')('writes owner-only files', () => {
    const file = path.join(fresh(), 'logs', 'main.log');
    openRotatingLog(file).write('x');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never throws when it cannot write (its folder is a file)', () => {
    const blocker = path.join(fresh(), 'logs');
    writeFileSync(blocker, 'not a folder');
    const log = openRotatingLog(path.join(blocker, 'main.log'));
    expect(() => log.write('x')).not.toThrow();
  });
});
