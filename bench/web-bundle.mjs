#!/usr/bin/env node
// Gzip sizes of the production web build: the sign-in route, the first signed-in screen (admin layout,
// admin routes and overview), and each
// lazy chunk; then the bytes on the wire as the server sends them (brotli). Run
// `npm run build -w apps/web` first, then `node bench/web-bundle.mjs`.
// Budgets (printed, never asserted as timing): sign-in ≤ 250 KB gzip, first signed-in screen
// ≤ 450 KB gzip, no chunk over 500 KB minified. On the wire (issue 27): the sign-in route's JS and CSS
// ≤ 150 KB, and the first signed-in screen adds ≤ 150 KB to it.
import { readFileSync, existsSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// WEB_DIST: another build to measure (`npx vite build --outDir …` from apps/web).
const dist = process.env.WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/dist');
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
// A module of a screen group (apps/web/vite.config.ts: sign-in, antd, admin) has no manifest entry of
// its own: it is found as the group's chunk, the one of that name the entry's closure imports or loads
// (another chunk may carry the same name: rolldown names a feature's chunk after its module, features/admin/…).
const reachable = (keys) => new Set(keys.flatMap((k) => [k, ...(manifest[k]?.imports ?? []), ...(manifest[k]?.dynamicImports ?? [])]));
const keysFor = (suffix, group, from) => {
  const own = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (own) return [own];
  const near = reachable(from);
  return Object.keys(manifest).filter((k) => group && manifest[k].name === group && near.has(k));
};
const closureOf = (keys) => new Set(keys.flatMap((k) => [...closure(k)]));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const signInKeys = keysFor('features/account/sign-in-page.tsx', 'sign-in', [...entry]);
// The admin routes (every feature's descriptor) load with the admin layout since issue 27.
const firstScreenKeys = [
  ...keysFor('app/layouts/admin-layout.tsx', 'admin', signInKeys),
  ...keysFor('features/account/overview-page.tsx', 'admin', signInKeys),
  ...keysFor('app/admin-routes.tsx', 'admin', signInKeys),
];

const signIn = filesOf(new Set([...entry, ...closureOf(signInKeys)]));
const firstScreen = filesOf(new Set([...entry, ...closureOf(firstScreenKeys)]));
const signInJs = total(signIn, '.js');
const firstJs = total(firstScreen, '.js');

console.log('Web bundle (gzip -9 of apps/web/dist)');
console.log(
  `  sign-in route (/):            JS ${KB(signInJs)}  CSS ${KB(total(signIn, '.css'))}   budget 250 KB  ${signInJs <= 250 * 1024 ? 'OK' : 'OVER'}`,
);
console.log(
  `  first signed-in screen:       JS ${KB(firstJs)}  CSS ${KB(total(firstScreen, '.css'))}   budget 450 KB  ${firstJs <= 450 * 1024 ? 'OK' : 'OVER'}`,
);
console.log(
  `  entry chunk alone:            JS ${KB(size(manifest[entryKey].file).gzip)} (${KB(size(manifest[entryKey].file).raw)} minified)`,
);

console.log('\nLazy chunks: own gzip | added on top of the entry (opened first) | added after the first signed-in screen');
const entryFiles = filesOf(entry);
const firstFiles = firstScreen;
const lazy = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .sort();
for (const k of lazy) {
  const own = size(manifest[k].file);
  const files = [...filesOf(closure(k))].filter((f) => f.endsWith('.js'));
  const extra = files.filter((f) => !entryFiles.has(f)).reduce((a, f) => a + size(f).gzip, 0);
  const afterFirst = files.filter((f) => !firstFiles.has(f)).reduce((a, f) => a + size(f).gzip, 0);
  console.log(
    `  ${k.replace(/^src\//, '').padEnd(62)} ${KB(own.gzip).padStart(9)} | +${KB(extra).padStart(9)} | +${KB(afterFirst).padStart(9)}`,
  );
}

const all = Object.values(manifest)
  .map((m) => m.file)
  .filter((f, i, a) => f.endsWith('.js') && a.indexOf(f) === i);
const biggest = all.map((f) => ({ f, ...size(f) })).sort((a, b) => b.raw - a.raw);
console.log(
  `\nLargest chunk: ${biggest[0].f} ${KB(biggest[0].raw)} minified (${KB(biggest[0].gzip)} gzip); limit 500 KB  ${biggest[0].raw <= 500 * 1024 ? 'OK' : 'OVER'}`,
);
console.log(`All JS: ${all.length} chunks, ${KB(all.reduce((a, f) => a + size(f).gzip, 0))} gzip`);

// What a cold load transfers: index.html compressed on the fly (brotli quality 4, with a nonce in
// place of the placeholder, as apps/server/src/plugins/compression.ts does), each JS and CSS file's
// precompressed .br sibling (the file itself when the build kept none), and the files every page
// asks for (manifest, icon, service worker). API answers (settings, profile) and HTTP headers are
// not counted.
const wire = (file) => (existsSync(join(dist, `${file}.br`)) ? readFileSync(join(dist, `${file}.br`)).length : size(file).raw);
const html = readFileSync(join(dist, 'index.html'), 'utf8').replaceAll('__BO_CSP_NONCE__', 'x'.repeat(24));
const htmlWire = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
const shell = ['manifest.webmanifest', 'icon.svg', 'sw.js'].filter((f) => existsSync(join(dist, f)));
const shellWire = shell.reduce((a, f) => a + wire(f), 0);
const verdict = (bytes, goal) => `   goal ${goal} KB  ${bytes <= goal * 1024 ? 'OK' : 'OVER'}`;
function onTheWire(label, files, goal) {
  const js = [...files].filter((f) => f.endsWith('.js')).reduce((a, f) => a + wire(f), 0);
  const css = [...files].filter((f) => f.endsWith('.css')).reduce((a, f) => a + wire(f), 0);
  const sum = htmlWire + js + css + shellWire;
  console.log(
    `  ${label.padEnd(28)}HTML ${KB(htmlWire)}  JS ${KB(js)}  CSS ${KB(css)}  shell ${KB(shellWire)}  = ${KB(sum)}${goal ? verdict(js + css, goal) : ''}`,
  );
  return sum;
}
console.log(`\nOn the wire, brotli (HTML q4 on the fly; JS, CSS and ${shell.join(', ')} precompressed q11)`);
const signInWire = onTheWire('sign-in route (/):', signIn, 150);
const firstWire = onTheWire('first signed-in screen:', firstScreen);
console.log(`  ${'first screen adds:'.padEnd(28)}${KB(firstWire - signInWire)}${verdict(firstWire - signInWire, 150)}`);
const precompressed = all.filter((f) => existsSync(join(dist, `${f}.br`)));
console.log(
  `  precompressed JS: ${precompressed.length} of ${all.length} chunks have a .br sibling; all JS ${KB(all.reduce((a, f) => a + wire(f), 0))} brotli`,
);
