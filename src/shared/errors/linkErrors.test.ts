import { describe, expect, it } from 'vitest';
import { browserNotOpened, clipboardNotCleared, clipboardWriteFailed } from './linkErrors';

describe('login link errors', () => {
  it('say what happened and what to do, without the tool’s raw output', () => {
    const raw = "xclip exited with 1: Error: Can't open display: (null)";
    const error = clipboardWriteFailed(raw);
    expect(error).toMatchObject({ kind: 'io', code: 'clipboard-no-display' });
    expect(error.message).toMatch(/cannot reach your desktop’s clipboard/);
    expect(error.action).toMatch(/Open in browser/);
    expect(`${error.message} ${error.action}`).not.toMatch(/xclip|exited|\(null\)/);
    expect(clipboardWriteFailed('xsel exited with 2').code).toBe('clipboard-failed');
    expect(clipboardNotCleared(raw)).not.toMatch(/xclip|exited/);
  });

  it('say that a link was not opened when the browser could not be started', () => {
    const error = browserNotOpened('xdg-open exited with 3');
    expect(error.message).toMatch(/browser could not be started/);
    expect(error.action).toMatch(/Copy login link/);
    expect(error.message).not.toMatch(/xdg-open/);
  });
});
