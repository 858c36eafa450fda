#!/usr/bin/env node
// Draws the app's home-screen icons (issue 10 §12) as PNGs into packages/app/public/icons/: the
// Doppel mark (the favicon's two circles) on the site's background, at the sizes a web app
// manifest and iOS ask for, plus a maskable one with the mark inside the 80 % safe zone.
// Pure Node (zlib), no dependencies: `node scripts/generate-app-icons.mjs`. The PNGs are
// committed; run this again only when the mark changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages/app/public/icons');
const BACKGROUND = [0xf7, 0xf7, 0xf5];
const ACCENT = [0x3d, 0x5a, 0xfe];
const INK = [0x1c, 0x1c, 0x1a];

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `size`² whose pixel colours `shade(x, y)` gives (x, y in the 28-unit favicon box). */
function png(size, scale, shade) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      // 4×4 supersampling for smooth edges.
      const sum = [0, 0, 0];
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const u = ((x + (sx + 0.5) / 4) / size - 0.5) * 28 * scale + 14;
          const v = ((y + (sy + 0.5) / 4) / size - 0.5) * 28 * scale + 14;
          const colour = shade(u, v);
          for (let i = 0; i < 3; i++) sum[i] += colour[i];
        }
      }
      for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = Math.round(sum[i] / 16);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The favicon's mark: a filled accent circle at (11, 14) and an ink ring at (17, 14), r = 8. */
function mark(u, v) {
  const ring = Math.hypot(u - 17, v - 14);
  if (ring >= 7 && ring <= 9) return INK;
  if (Math.hypot(u - 11, v - 14) <= 8) return ACCENT;
  return BACKGROUND;
}

mkdirSync(out, { recursive: true });
// `scale` is how much of the 28-unit box the icon shows: > 1 leaves a margin around the mark.
const icons = [
  ['icon-192.png', 192, 1.35],
  ['icon-512.png', 512, 1.35],
  ['maskable-512.png', 512, 1.75],
  ['apple-touch-icon.png', 180, 1.35],
];
for (const [name, size, scale] of icons) {
  writeFileSync(join(out, name), png(size, scale, mark));
  console.log(`packages/app/public/icons/${name}`);
}
