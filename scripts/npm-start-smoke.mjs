#!/usr/bin/env node
// CI (.ci/run): the README's `npm start`, run as written on this runner, stopped once the app answers. Runners have no
// Electron binary (it downloads on first launch), so this is the browser path: the address it prints must serve
// the app page to a browser holding its token. Bounded: fails after DEADLINE_MS, and always stops the whole tree.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DEADLINE_MS = 180_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'md-ci-start-'));
const child = spawn('npm', ['start', '--', '--no-open'], {
  env: { ...process.env, MERCHANT_DESK_DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
  // Its own process group: npm, node24.mjs, start.mjs and the app are stopped together.
  detached: true,
});
let output = '';
const keep = (c) => {
  output += c.toString('utf8');
  process.stdout.write(c);
};
child.stdout.on('data', keep);
child.stderr.on('data', keep);
const ended = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

function http(port, method, urlPath, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          cookie: (res.headers['set-cookie']?.[0] ?? '').split(';')[0],
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function addressPrinted() {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const m = output.match(/Merchant Desk UI: http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)/);
    if (m) return { port: Number(m[1]), token: m[2] };
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`npm start ended (${child.exitCode ?? child.signalCode}) without serving the app`);
    if (Date.now() > deadline) throw new Error(`npm start printed no address within ${DEADLINE_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let status = 1;
try {
  const { port, token } = await addressPrinted();
  const host = `127.0.0.1:${port}`;
  const session = await http(
    port,
    'POST',
    '/_md/session',
    { host, origin: `http://${host}`, 'content-type': 'application/json' },
    JSON.stringify({ token }),
  );
  const page = await http(port, 'GET', '/', { host, cookie: session.cookie });
  if (session.status !== 204 || page.status !== 200 || !page.body.includes('id="root"'))
    throw new Error(`the app did not answer: session ${session.status}, page ${page.status}`);
  if (!/First sync done: \d+ orders cached\./.test(output)) throw new Error('no first sync of the sandbox orders');
  console.log(`\n[ci] npm start: the app answered on ${host} with the sandbox orders synced; stopping it.`);
  status = 0;
} catch (e) {
  console.error(`\n[ci] ${e instanceof Error ? e.message : String(e)}`);
} finally {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const stopped = await Promise.race([ended, new Promise((r) => setTimeout(() => r('timeout'), 10_000))]);
  if (stopped === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
