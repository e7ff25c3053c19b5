#!/usr/bin/env node
// Draws the app icons into resources/ as PNGs, with nothing but node:zlib (no image packages):
//   resources/icon.png              256×256 app/window icon (blue rounded square, white "M")
//   resources/trayTemplate.png       16×16 tray icon, black + alpha (macOS "template image": the OS tints it)
//   resources/trayTemplate@2x.png    32×32 the same for HiDPI
//   resources/tray/<state>Template(@2x).png           per tray state (idle, syncing, attention, offline, error):
//                                                      macOS template images (black + alpha; the badge is a shape)
//   resources/tray/<state>-light|dark(@2x).png        the same for Windows and Linux: a dark glyph for light
//                                                      taskbars, a light one for dark taskbars; coloured badges
//   resources/icon.ico              Windows app/installer icon: 16–256 px PNG entries (Windows Vista and later)
//   resources/icon.icns             macOS app/dmg icon: 16–1024 px PNG entries (macOS 10.7 and later)
// electron-builder.yml points at the .ico and .icns, so packaging converts nothing.
// Run: node scripts/make-icons.mjs   (the outputs are committed; re-run only to change the design)
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'resources');

// ---- PNG encoding -------------------------------------------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** rgba: Uint8Array of size*size*4, non-premultiplied. */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- Drawing (coverage by 4×4 supersampling, shapes in a 0..1 unit square) -------------------------------
function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
function inRoundedSquare(x, y, inset, radius) {
  const lo = inset + radius;
  const hi = 1 - inset - radius;
  const cx = Math.min(Math.max(x, lo), hi);
  const cy = Math.min(Math.max(y, lo), hi);
  return Math.hypot(x - cx, y - cy) <= radius;
}
// The "M", drawn as a polyline.
const M = [
  [0.27, 0.7],
  [0.27, 0.31],
  [0.5, 0.56],
  [0.73, 0.31],
  [0.73, 0.7],
];
function onPolyline(x, y, points, halfWidth) {
  for (let i = 0; i + 1 < points.length; i++)
    if (distanceToSegment(x, y, points[i], points[i + 1]) <= halfWidth) return true;
  return false;
}
function render(size, shade) {
  const rgba = new Uint8Array(size * size * 4);
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const [cr, cg, cb, ca] = shade((px + (sx + 0.5) / S) / size, (py + (sy + 0.5) / S) / size);
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return rgba;
}

// App icon: vertical blue gradient rounded square, white M.
function appIcon(x, y) {
  if (!inRoundedSquare(x, y, 0.04, 0.2)) return [0, 0, 0, 0];
  if (onPolyline(x, y, M, 0.055)) return [255, 255, 255, 1];
  const t = y; // 0 top → 1 bottom
  return [Math.round(59 - 30 * t), Math.round(130 - 52 * t), Math.round(246 - 30 * t), 1]; // #3b82f6 → #1d4ed8
}
// Tray template: black M only, thicker so it reads at 16 px.
function trayIcon(x, y) {
  return onPolyline(
    x,
    y,
    M.map(([px, py]) => [0.5 + (px - 0.5) * 1.25, 0.5 + (py - 0.5) * 1.25]),
    0.085,
  )
    ? [0, 0, 0, 1]
    : [0, 0, 0, 0];
}

// Per-state tray icons: the M, and a badge in the lower right with a clear gap around it so it reads at 16 px.
// syncing: a ring; attention: a dot; error: a triangle; offline: the M faded, no badge; idle: the M alone.
const BADGE = { cx: 0.78, cy: 0.78, r: 0.21 };
const TRAY_M = M.map(([px, py]) => [0.5 + (px - 0.5) * 1.1 - 0.06, 0.5 + (py - 0.5) * 1.1 - 0.06]);
function inBadge(state, x, y) {
  const d = Math.hypot(x - BADGE.cx, y - BADGE.cy);
  if (state === 'syncing') return d <= BADGE.r && d >= BADGE.r - 0.09;
  if (state === 'attention') return d <= BADGE.r;
  if (state === 'error') {
    // An upward triangle inside the badge circle.
    const top = BADGE.cy - BADGE.r;
    const bottom = BADGE.cy + BADGE.r * 0.8;
    if (y < top || y > bottom) return false;
    const half = ((y - top) / (bottom - top)) * BADGE.r;
    return Math.abs(x - BADGE.cx) <= half;
  }
  return false;
}
const hasBadge = (state) => state === 'syncing' || state === 'attention' || state === 'error';
/** glyph, badge: [r, g, b]; returns a shader for one state. */
function stateIcon(state, glyph, badge) {
  return (x, y) => {
    if (hasBadge(state)) {
      if (inBadge(state, x, y)) return [...badge, 1];
      // The gap: nothing of the M within a ring around the badge.
      if (Math.hypot(x - BADGE.cx, y - BADGE.cy) <= BADGE.r + 0.08) return [0, 0, 0, 0];
    }
    if (!onPolyline(x, y, TRAY_M, 0.08)) return [0, 0, 0, 0];
    return [...glyph, state === 'offline' ? 0.45 : 1];
  };
}
const TRAY_STATES = ['idle', 'syncing', 'attention', 'offline', 'error'];
const BADGE_COLOURS = {
  light: { syncing: [37, 99, 235], attention: [234, 88, 12], error: [220, 38, 38] },
  dark: { syncing: [96, 165, 250], attention: [251, 146, 60], error: [248, 113, 113] },
};
const trayFiles = [];
for (const state of TRAY_STATES) {
  for (const [suffix, size] of [
    ['', 16],
    ['@2x', 32],
  ]) {
    trayFiles.push([`tray/${state}Template${suffix}.png`, size, stateIcon(state, [0, 0, 0], [0, 0, 0])]);
    trayFiles.push([
      `tray/${state}-light${suffix}.png`,
      size,
      stateIcon(state, [31, 41, 55], BADGE_COLOURS.light[state] ?? [0, 0, 0]),
    ]);
    trayFiles.push([
      `tray/${state}-dark${suffix}.png`,
      size,
      stateIcon(state, [249, 250, 251], BADGE_COLOURS.dark[state] ?? [0, 0, 0]),
    ]);
  }
}

// ---- Icon containers (both may hold PNG images as they are) ----------------------------------------------
/** ICO: a 6-byte header, one 16-byte entry per image (0 in a size byte means 256), then the PNGs. */
function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}
/** ICNS: 'icns' + total length, then per image a four-letter type + length (both including the 8-byte head). */
const ICNS_TYPES = { 16: 'icp4', 32: 'icp5', 64: 'icp6', 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
function encodeIcns(images) {
  const blocks = images.map(({ size, png }) => {
    const head = Buffer.alloc(8);
    head.write(ICNS_TYPES[size], 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + blocks.reduce((n, b) => n + b.length, 0), 4);
  return Buffer.concat([head, ...blocks]);
}

mkdirSync(outDir, { recursive: true });
const write = (file, bytes, what) => {
  writeFileSync(path.join(outDir, file), bytes);
  console.log(`resources/${file}  ${what}  ${bytes.length} bytes`);
};
const appPngs = new Map();
const appPng = (size) => {
  if (!appPngs.has(size)) appPngs.set(size, encodePng(size, render(size, appIcon)));
  return appPngs.get(size);
};
write('icon.png', appPng(256), '256×256');
write('trayTemplate.png', encodePng(16, render(16, trayIcon)), '16×16');
write('trayTemplate@2x.png', encodePng(32, render(32, trayIcon)), '32×32');
const icoSizes = [16, 24, 32, 48, 64, 128, 256];
write('icon.ico', encodeIco(icoSizes.map((size) => ({ size, png: appPng(size) }))), icoSizes.join('/'));
const icnsSizes = [16, 32, 64, 128, 256, 512, 1024];
write('icon.icns', encodeIcns(icnsSizes.map((size) => ({ size, png: appPng(size) }))), icnsSizes.join('/'));
mkdirSync(path.join(outDir, 'tray'), { recursive: true });
for (const [file, size, shade] of trayFiles) write(file, encodePng(size, render(size, shade)), `${size}×${size}`);
