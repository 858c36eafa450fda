#!/usr/bin/env node
// Draws the web app's icons (issue 10 §12: the manifest and Add to Home Screen) from the Doppel
// mark with Debian's Chromium: packages/app/public/icons/icon-{192,512}.png, a maskable 512 (the
// mark inside the 80 % safe zone) and the 180 px apple-touch-icon. The PNGs are committed; run
// this again only when the mark changes: node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'app', 'public', 'icons');
mkdirSync(out, { recursive: true });
const mark = (scale) => `<svg viewBox="0 0 28 28" width="${scale}%" height="${scale}%"><circle cx="11" cy="14" r="8" fill="#3d5afe"/><circle cx="17" cy="14" r="8" fill="none" stroke="#1c1c1a" stroke-width="2"/></svg>`;
const page = (size, scale, radius) =>
  `<html><body style="margin:0"><div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:#f7f7f5;border-radius:${radius}">${mark(scale)}</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const [name, size, scale] of [
    ['icon-192.png', 192, 78],
    ['icon-512.png', 512, 78],
    ['icon-maskable-512.png', 512, 62],
    ['apple-touch-icon.png', 180, 72],
  ]) {
    const tab = await browser.newPage({ viewport: { width: size, height: size } });
    await tab.setContent(page(size, scale, '0'));
    await tab.screenshot({ path: join(out, name), omitBackground: false });
    await tab.close();
    console.log(`[icons] ${name}`);
  }
} finally {
  await browser.close();
}
