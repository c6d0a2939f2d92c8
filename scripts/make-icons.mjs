#!/usr/bin/env node
/**
 * The web app's PNG icons, drawn from apps/web/public/icon.svg with sharp (a dependency of apps/server).
 * Run after changing the SVG and commit the PNGs: `node scripts/make-icons.mjs`.
 *
 *   icon-192.png, icon-512.png   the icon as drawn, rounded corners transparent (manifest, purpose "any")
 *   icon-maskable-512.png        full bleed, the glyph inside the central safe circle (purpose "maskable":
 *                                Android crops it to its own shape)
 *   apple-touch-icon.png         180 px, full bleed (iOS fills transparent corners with black)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(join(root, 'apps/server/package.json'))('sharp');
const publicDir = join(root, 'apps/web/public');
const svg = readFileSync(join(publicDir, 'icon.svg'), 'utf8');

// The glyph already sits inside the maskable safe zone (a circle of 40 % of the size around the
// centre); full bleed only needs the background square without its rounded corners.
const fullBleed = svg.replace(/ rx="\d+"/, '');
if (fullBleed === svg) throw new Error('icon.svg: expected a rounded background <rect rx="…">');

async function png(source, size, file) {
  // Rasterise at the target size (density scales the 512-unit viewBox) rather than scaling a bitmap.
  const out = join(publicDir, file);
  await sharp(Buffer.from(source), { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(out);
  const meta = await sharp(out).metadata();
  console.log(`${file}: ${meta.width}×${meta.height}`);
}

await png(svg, 192, 'icon-192.png');
await png(svg, 512, 'icon-512.png');
await png(fullBleed, 512, 'icon-maskable-512.png');
await png(fullBleed, 180, 'apple-touch-icon.png');
