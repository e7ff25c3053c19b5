import { describe, expect, it } from 'vitest';
import { spawnTool } from '../../src/browserHost/clipboard/runTool';

// The real runner over real child processes — Node scripts standing in for the clipboard tools, so nothing here
// touches the OS clipboard.

const node = (script: string) => ({ command: process.execPath, args: ['-e', script] });

describe('spawnTool', () => {
  it('a writer gets the text on stdin, not on its command line', async () => {
    const script =
      "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{require('fs').writeFileSync(process.env.OUT_FILE,JSON.stringify({s,argv:process.argv}))})";
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'md-clip-')), 'seen.json');
    process.env.OUT_FILE = out;
    try {
      expect(await spawnTool(node(script), 'https://x/items/1?authorizationCode=c')).toEqual({
        kind: 'ok',
        stdout: '',
      });
    } finally {
      delete process.env.OUT_FILE;
    }
    const seen = JSON.parse(readFileSync(out, 'utf8')) as { s: string; argv: string[] };
    expect(seen.s).toBe('https://x/items/1?authorizationCode=c');
    expect(seen.argv.join(' ')).not.toContain('authorizationCode');
  });

  it('a writer that leaves a child holding its pipes (as xclip does) is done when it exits', async () => {
    // The stand-in for xclip's background child lives far longer than a test may take; killed afterwards.
    const script =
      "const {spawn}=require('child_process');process.stdin.resume();process.stdin.on('end',()=>{const c=spawn(process.execPath,['-e','setTimeout(()=>{},120000)'],{stdio:'inherit',detached:true});c.unref();require('fs').writeFileSync(process.env.PID_FILE,String(c.pid));process.exit(0)})";
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const pidFile = path.join(mkdtempSync(path.join(tmpdir(), 'md-clip-')), 'pid');
    process.env.PID_FILE = pidFile;
    try {
      expect(await spawnTool(node(script), 'text')).toEqual({ kind: 'ok', stdout: '' });
    } finally {
      delete process.env.PID_FILE;
      process.kill(Number(readFileSync(pidFile, 'utf8')));
    }
  });

  it("a reader's stdout is the answer", async () => {
    expect(await spawnTool(node("process.stdout.write('held text')"))).toEqual({ kind: 'ok', stdout: 'held text' });
  });

  it('a missing command is `missing`; a failing one says its status and first stderr line', async () => {
    expect(await spawnTool({ command: 'md-no-such-clipboard-tool', args: [] }, 'x')).toEqual({ kind: 'missing' });
    const failed = await spawnTool(node('console.error("Error: Can\'t open display\\nmore");process.exit(1)'), 'x');
    expect(failed).toEqual({
      kind: 'failed',
      detail: expect.stringMatching(/exited with 1: Error: Can't open display$/),
    });
  });
});
