/**
 * Photo upload benchmark (bench/README.md): a 4000×3000 JPEG made here with sharp, through
 *   1. the variant pipeline alone, JPEG only (six variants),
 *   2. the variant pipeline alone, JPEG + WebP (twelve variants),
 *   3. POST /api/admin/photo/upload end to end (multipart parse, checks, variants, storage, row, audit),
 * each warmed up once, then BENCH_RUNS times (default 5); prints median and best in ms.
 *
 *   npm run -w bench photo-upload
 *
 * Prints figures; it asserts nothing and is never part of npm test.
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { api, buildAdmin, createTestApp, login } from '../apps/server/test/helpers.ts';
import { multipart } from '../apps/server/test/multipart.ts';
import { inspectImage, renderVariants } from '../apps/server/src/lib/images/image-variants.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** A photo-like picture: smooth shapes over fine grain, so the encoders have real detail to work on. */
async function makePhoto(): Promise<Buffer> {
  const grain = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 24 } },
  })
    .blur(0.8)
    .raw()
    .toBuffer();
  const shapes = Buffer.from(`<svg width="4000" height="3000" xmlns="http://www.w3.org/2000/svg">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#f6f1e1"/></linearGradient></defs>
    <rect width="4000" height="1800" fill="url(#sky)" opacity="0.75"/>
    <rect y="1800" width="4000" height="1200" fill="#7a6a52" opacity="0.8"/>
    <rect x="600" y="700" width="900" height="1500" fill="#b7b7b7" opacity="0.85"/>
    <rect x="1700" y="400" width="700" height="1800" fill="#8e9aa6" opacity="0.85"/>
    <circle cx="3200" cy="600" r="300" fill="#ffd966" opacity="0.9"/></svg>`);
  return sharp(grain, { raw: { width: 4000, height: 3000, channels: 3 } })
    .composite([{ input: shapes }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function time(label: string, fn: () => Promise<unknown>) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(52)} median ${ms[Math.floor(ms.length / 2)].toFixed(0).padStart(5)} ms   best ${ms[0].toFixed(0).padStart(5)} ms`,
  );
}

const photo = await makePhoto();
const maxPixels = 50_000_000;
const info = await inspectImage(photo, { maxPixels, maxFrames: 100, maxAnimationPixels: 10_000_000 });
console.log(
  `input: ${info.width}×${info.height} JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MiB; cores ${availableParallelism()}; libvips threads per image ${sharp.concurrency()}`,
);

await time('variants, JPEG only (6)', () => renderVariants(photo, info, { maxPixels, webp: false }));
await time('variants, JPEG + WebP (12), WebP effort 2 (default)', () => renderVariants(photo, info, { maxPixels }));
await time('variants, JPEG + WebP (12), WebP effort 4 (libwebp default)', () => renderVariants(photo, info, { maxPixels, webpEffort: 4 }));

// A fresh app on a temporary SQLite database and data folder, as the tests build it.
const t = await createTestApp({ NODE_ENV: 'production' });
const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'] }));
const body = multipart({}, { name: 'site.jpg', data: photo, type: 'image/jpeg' });
await time('POST /api/admin/photo/upload (end to end, local disk)', async () => {
  const res = await api(t.app, token).post('/api/admin/photo/upload', body.payload, body.headers);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
});
await t.close();
