#!/usr/bin/env node
// Package sizes as a Markdown table (CI appends it to the job summary): each installer / archive in dist/, and per
// unpacked app its app.asar, app.asar.unpacked (the native modules) and the native binaries it holds — so a
// package that picks up another system's binaries, C sources or a stray dependency shows up as a number.
// Usage: node scripts/release/package-sizes.mjs [DIST_DIR]
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(process.argv[2] ?? 'dist');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function sizeOf(target) {
  if (!existsSync(target)) return 0;
  const s = statSync(target);
  if (!s.isDirectory()) return s.size;
  let total = 0;
  for (const e of readdirSync(target, { recursive: true, withFileTypes: true }))
    if (e.isFile()) total += statSync(path.join(e.parentPath, e.name)).size;
  return total;
}

/** The resources folder of each unpacked app electron-builder left (win-unpacked, mac-arm64/….app, …). */
function unpackedApps() {
  if (!existsSync(dist)) return [];
  const found = [];
  for (const dir of readdirSync(dist)) {
    const full = path.join(dist, dir);
    if (!statSync(full).isDirectory()) continue;
    if (existsSync(path.join(full, 'resources', 'app.asar'))) found.push([dir, path.join(full, 'resources')]);
    for (const app of readdirSync(full).filter((n) => n.endsWith('.app')))
      found.push([`${dir}/${app}`, path.join(full, app, 'Contents', 'Resources')]);
  }
  return found;
}

const lines = ['### Package sizes', '', '| File | Size |', '| --- | ---: |'];
if (existsSync(dist))
  for (const name of readdirSync(dist).sort())
    if (/\.(exe|dmg|zip|AppImage)$/.test(name)) lines.push(`| ${name} | ${mb(sizeOf(path.join(dist, name)))} |`);
for (const [name, resources] of unpackedApps()) {
  const unpacked = path.join(resources, 'app.asar.unpacked');
  lines.push(`| ${name}: app.asar | ${mb(sizeOf(path.join(resources, 'app.asar')))} |`);
  lines.push(`| ${name}: app.asar.unpacked | ${mb(sizeOf(unpacked))} |`);
  if (existsSync(unpacked))
    for (const e of readdirSync(unpacked, { recursive: true, withFileTypes: true }))
      if (e.isFile() && e.name.endsWith('.node')) {
        const file = path.join(e.parentPath, e.name);
        lines.push(`| ${name}: ${path.relative(unpacked, file).split(path.sep).join('/')} | ${mb(sizeOf(file))} |`);
      }
}
console.log(lines.join('\n'));
