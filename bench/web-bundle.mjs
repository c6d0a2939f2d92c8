#!/usr/bin/env node
// Gzip sizes of the production web build: the sign-in route, the first signed-in screen, and each
// lazy chunk. Run `npm run build -w apps/web` first, then `node bench/web-bundle.mjs`.
// Budgets (printed, never asserted as timing): sign-in ≤ 250 KB gzip, first signed-in screen
// ≤ 450 KB gzip, no chunk over 500 KB minified.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('apps/web/dist/.vite/manifest.json is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const KB = (n) => `${(n / 1024).toFixed(1)} KB`;
const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const buf = readFileSync(join(dist, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizes.get(file);
}

/** Static closure of a manifest key: the chunk and everything it imports statically (what loads with it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const filesOf = (keys) => {
  const files = new Set();
  for (const k of keys) {
    const m = manifest[k];
    if (!m) continue;
    files.add(m.file);
    for (const c of m.css ?? []) files.add(c);
  }
  return files;
};
const total = (files, ext) => [...files].filter((f) => f.endsWith(ext)).reduce((a, f) => a + size(f).gzip, 0);
const keyFor = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const signInKey = keyFor('features/account/sign-in-page.tsx');
const layoutKey = keyFor('app/layouts/admin-layout.tsx');
const overviewKey = keyFor('features/account/overview-page.tsx');

const signIn = filesOf(new Set([...entry, ...closure(signInKey)]));
const firstScreen = filesOf(new Set([...entry, ...closure(layoutKey), ...closure(overviewKey)]));
const signInJs = total(signIn, '.js');
const firstJs = total(firstScreen, '.js');

console.log('Web bundle (gzip -9 of apps/web/dist)');
console.log(`  sign-in route (/):            JS ${KB(signInJs)}  CSS ${KB(total(signIn, '.css'))}   budget 250 KB  ${signInJs <= 250 * 1024 ? 'OK' : 'OVER'}`);
console.log(`  first signed-in screen:       JS ${KB(firstJs)}  CSS ${KB(total(firstScreen, '.css'))}   budget 450 KB  ${firstJs <= 450 * 1024 ? 'OK' : 'OVER'}`);
console.log(`  entry chunk alone:            JS ${KB(size(manifest[entryKey].file).gzip)} (${KB(size(manifest[entryKey].file).raw)} minified)`);

console.log('\nLazy chunks: own gzip | added on top of the entry (opened first) | added after the first signed-in screen');
const entryFiles = filesOf(entry);
const firstFiles = firstScreen;
const lazy = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry).sort();
for (const k of lazy) {
  const own = size(manifest[k].file);
  const files = [...filesOf(closure(k))].filter((f) => f.endsWith('.js'));
  const extra = files.filter((f) => !entryFiles.has(f)).reduce((a, f) => a + size(f).gzip, 0);
  const afterFirst = files.filter((f) => !firstFiles.has(f)).reduce((a, f) => a + size(f).gzip, 0);
  console.log(`  ${k.replace(/^src\//, '').padEnd(62)} ${KB(own.gzip).padStart(9)} | +${KB(extra).padStart(9)} | +${KB(afterFirst).padStart(9)}`);
}

const all = Object.values(manifest).map((m) => m.file).filter((f, i, a) => f.endsWith('.js') && a.indexOf(f) === i);
const biggest = all.map((f) => ({ f, ...size(f) })).sort((a, b) => b.raw - a.raw);
console.log(`\nLargest chunk: ${biggest[0].f} ${KB(biggest[0].raw)} minified (${KB(biggest[0].gzip)} gzip); limit 500 KB  ${biggest[0].raw <= 500 * 1024 ? 'OK' : 'OVER'}`);
console.log(`All JS: ${all.length} chunks, ${KB(all.reduce((a, f) => a + size(f).gzip, 0))} gzip`);
