import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A screen that reads a namespace's words imports the table that adds them: when it is the first
// screen of its lazy chunk to open, nothing else has loaded them and the raw key would show.
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const files = new Map(sources(src).map((path) => [path, readFileSync(path, 'utf8')]));
/** The files that add words to each namespace. */
const tablesOf = new Map<string, Set<string>>();
for (const [path, text] of files)
  for (const m of text.matchAll(/addTranslations\(\s*'([^']+)'/g)) tablesOf.set(m[1], (tablesOf.get(m[1]) ?? new Set()).add(path));

/** Static imports only: a lazy `import()` loads later, so it does not bring the words with the screen. */
const importsOf = (path: string): string[] =>
  [...(files.get(path) ?? '').matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?'(\.[^']+)'/gm)]
    .map((m) => resolve(dirname(path), m[1]))
    .map((p) => [p, `${p}.ts`, `${p}.tsx`, join(p, 'index.ts')].find((c) => files.has(c)) ?? p);

function reachable(from: string): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  for (let f = queue.shift(); f; f = queue.shift())
    for (const next of importsOf(f))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  return seen;
}
/** Namespaces the app loads before any screen (imported from the entry). */
const boot = reachable(join(src, 'main.tsx'));

describe('namespaces and their tables', () => {
  it('finds the tables and the entry', () => {
    expect(tablesOf.size).toBeGreaterThan(30);
    expect(boot.size).toBeGreaterThan(10);
  });

  it('every file that reads a feature namespace loads a table of it with itself', () => {
    const missing: string[] = [];
    for (const [path, text] of files) {
      const names = [...text.matchAll(/useTranslation\(\s*'([^']+)'/g)].map((m) => m[1]);
      if (names.length === 0) continue;
      const loaded = reachable(path);
      for (const ns of new Set(names)) {
        const tables = [...(tablesOf.get(ns) ?? [])];
        if (tables.length && !tables.some((t) => loaded.has(t) || boot.has(t)))
          missing.push(`${relative(src, path)} reads '${ns}' without importing its table`);
      }
    }
    expect(missing).toEqual([]);
  });
});
