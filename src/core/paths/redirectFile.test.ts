import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { openThroughRedirectFile } from './redirectFile';

const LINK = 'https://platform.example/items/1?authorizationCode=live%2Bcode&x="<y>"';

describe('openThroughRedirectFile', () => {
  it('hands the opener only an owner-only local page that sends the browser on, and removes it later', async () => {
    let opened = '';
    await openThroughRedirectFile(LINK, (fileUrl) => void (opened = fileUrl), 200);
    expect(opened).toMatch(/^file:\/\//);
    expect(opened).not.toContain('authorizationCode');
    const file = fileURLToPath(opened);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
    const page = readFileSync(file, 'utf8');
    expect(page).toContain(
      'content="0;url=https://platform.example/items/1?authorizationCode=live%2Bcode&amp;x=&quot;&lt;y&gt;&quot;"',
    );
    expect(page).toContain('<meta name="referrer" content="no-referrer">');
    await vi.waitFor(() => expect(existsSync(path.dirname(file))).toBe(false), { timeout: 2_000 });
  });
});
