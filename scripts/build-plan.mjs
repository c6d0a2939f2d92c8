/**
 * What `npm start` (and `npm run cli`) must build: a part is rebuilt when its output is missing or
 * its sources differ from those of its last build. The sources are fingerprinted by content (a
 * checkout or `touch` that changes nothing rebuilds nothing); the fingerprint of each successful
 * build is kept in node_modules/.cache/bo-build/<part>.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Inputs every part shares: the shared package, the installed versions, the compiler settings. */
const COMMON = ['packages/shared/src', 'package-lock.json', 'tsconfig.base.json'];

export const PARTS = [
  { name: 'web', label: 'web app', output: 'apps/web/dist', inputs: ['apps/web', 'scripts/precompress.ts', ...COMMON] },
  { name: 'server', label: 'server', output: 'apps/server/dist', inputs: ['apps/server/src', 'scripts/build-server.mjs', ...COMMON] },
];

/** Never inputs: outputs, installed packages, caches, and tests (no build includes them). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.vite', 'test-results']);
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true })
    .filter((e) => (e.isDirectory() ? !SKIPPED_FOLDERS.has(e.name) : !isTestFile(e.name)))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(root, `${path}/${e.name}`) : [`${path}/${e.name}`]));
}

/** A hash of the inputs' paths and contents (files or folders, relative to root). */
export function fingerprint(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? filesUnder(root, input) : [input];
    for (const f of files)
      hash
        .update(f)
        .update('\0')
        .update(readFileSync(join(root, f)))
        .update('\0');
  }
  return hash.digest('hex');
}

/** The decision for one part, from facts alone (the unit test's subject). */
export function decide({ outputExists, built, current, force = false }) {
  if (force) return { build: true, reason: 'asked to build' };
  if (!outputExists) return { build: true, reason: 'not built yet' };
  if (!built) return { build: true, reason: 'no record of the sources it was built from' };
  if (built !== current) return { build: true, reason: 'sources changed since the last build' };
  return { build: false, reason: 'up to date' };
}

const stampFile = (root, name) => join(root, 'node_modules/.cache/bo-build', `${name}.json`);

export function readStamp(root, name) {
  try {
    return JSON.parse(readFileSync(stampFile(root, name), 'utf8')).fingerprint ?? null;
  } catch {
    return null;
  }
}

export function writeStamp(root, name, value) {
  mkdirSync(join(root, 'node_modules/.cache/bo-build'), { recursive: true });
  writeFileSync(stampFile(root, name), JSON.stringify({ fingerprint: value, builtAt: new Date().toISOString() }));
}

/** Each part with its fingerprint and what to do about it. */
export function planBuild({ root = ROOT, parts = PARTS, force = false } = {}) {
  return parts.map((part) => {
    const current = fingerprint(root, part.inputs);
    const facts = { outputExists: existsSync(join(root, part.output)), built: readStamp(root, part.name), current, force };
    return { part, current, ...decide(facts) };
  });
}
