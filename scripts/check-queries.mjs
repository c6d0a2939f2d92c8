#!/usr/bin/env node
/**
 * Where queries live, and no import circles (run by `npm run lint`; docs/CONTRIBUTING.md "Where queries go").
 *
 * 1. A query (Kysely builder call, sql`` template, a handle on `app.db`) belongs in a `*.repository.ts`, in
 *    apps/server/src/lib/context, apps/server/src/db or apps/server/src/plugins (the kit's queries are in
 *    *.repository.ts files beside its declarations). Test code is exempt. Files not moved
 *    yet are listed in scripts/query-baseline.json (file -> sites still allowed); the list may only shrink.
 * 2. No import circles in apps/server/src, apps/web/src and packages/shared/src (type-only imports count too). Circles not
 *    removed yet are listed in scripts/circle-baseline.json; the list may only shrink.
 * 3. The `Database` type (the raw handle, db/database.ts) is named only in apps/server/src/db, apps/server/src/lib/context
 *    and the app's wiring (apps/server/src/app.ts): everything else holds a ReadDb, a Trx or a context.
 * 4. Layers inside apps/server/src/lib (LIB_LAYERS, bottom first): a file imports only from its own layer or below, so
 *    no arrow runs back up. No baseline: an arrow back up is removed by moving the shared piece down.
 *
 * Usage: node scripts/check-queries.mjs [--root DIR]   (exit 1 with one line per problem)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const QUERY_PATTERNS = [
  /\.(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/g,
  /\.with(Recursive)?\(\s*['"`]/g, // a common table expression: `db.with('name', ...)`
  /\bsql(<[^>`\n]*>)?`/g,
  /\bsql\.(raw|ref|lit|id|table|join|val)\(/g,
  /\b(app|server|fastify|instance)\.db\b/g,
  /\{[^}\n]*\bdb\b[^}\n]*\}\s*=\s*(app|server|fastify|instance|req\.server)\b/g, // `const { db } = app`
];
const QUERY_HOMES = ['apps/server/src/lib/context/', 'apps/server/src/db/', 'apps/server/src/plugins/'];
const CIRCLE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
/**
 * lib/'s layers, bottom first: a folder of lib/ (or one of its own files, `name.ts`); '*' is every file directly in lib/
 * not named elsewhere (gate: the site gate's signed pass tokens and snapshots, issue 39). The context queues mail (outbox) and deletes stored objects, so mail and storage lie below it;
 * the kit declares resources on the context; identity and OAuth proofs serve sign-in; tokens read sign-in's principals.
 */
export const LIB_LAYERS = [
  ['*', 'devices', 'html', 'images', 'integrations', 'logs', 'process', 'storage', 'uploads', 'gate'],
  ['mail'],
  ['context'],
  ['jobs', 'media', 'work-runs', 'edit-leases', 'personal-data'],
  ['kit'],
  ['compliance'],
  ['identity', 'oauth'],
  ['sign-in'],
  ['tokens.ts', 'bootstrap.ts'],
];
/** Where the raw `Database` type may be named: the database itself, the context that holds it, and the app's wiring. */
const DATABASE_HOMES = ['apps/server/src/db/', 'apps/server/src/lib/context/'];
const DATABASE_WIRING = ['apps/server/src/app.ts'];
const SOURCE = /\.(ts|tsx|mts)$/;
const isTestCode = (f) => /\.(test|test-helpers|testkit)\.tsx?$/.test(f) || /(^|\/)(test|__tests__)\//.test(f);
const isQueryHome = (f) => f.endsWith('.repository.ts') || QUERY_HOMES.some((p) => f.startsWith(p));

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The code without whole-line comments (a query named in a comment is not a query). */
function codeOf(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => (line.trimStart().startsWith('//') ? '' : line))
    .join('\n');
}

export function querySites(text) {
  const code = codeOf(text);
  const sites = [];
  for (const re of QUERY_PATTERNS) {
    for (const m of code.matchAll(re)) sites.push({ line: code.slice(0, m.index).split('\n').length, text: m[0] });
  }
  return sites.sort((a, b) => a.line - b.line);
}

function readJson(path, fallback) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : fallback;
}

export function checkQueries(root) {
  const baseline = readJson(join(root, 'scripts/query-baseline.json'), {});
  const problems = [];
  const seen = new Set();
  for (const abs of walk(join(root, 'apps/server/src'))) {
    const file = relative(root, abs).split(sep).join('/');
    if (isTestCode(file) || isQueryHome(file)) continue;
    const sites = querySites(readFileSync(abs, 'utf8'));
    const allowed = baseline[file];
    if (allowed !== undefined) seen.add(file);
    if (sites.length === 0 && allowed === undefined) continue;
    const where = `${file}:${sites[0]?.line ?? 1}`;
    const home =
      'queries belong in a *.repository.ts (or lib/context, db/): call a repository function that takes the db/transaction handle';
    if (allowed === undefined) problems.push(`${where}: ${sites.length} query site(s) (${sites[0].text}) outside a repository; ${home}`);
    else if (sites.length > allowed)
      problems.push(`${where}: ${sites.length} query sites, the baseline allows ${allowed}; ${home} (the baseline may only shrink)`);
    else if (sites.length < allowed)
      problems.push(
        sites.length === 0
          ? `${file}: no query sites left: remove it from scripts/query-baseline.json`
          : `${file}: ${sites.length} query sites: lower the baseline to ${sites.length} in scripts/query-baseline.json`,
      );
  }
  for (const file of Object.keys(baseline))
    if (!seen.has(file)) problems.push(`${file}: no such file: remove it from scripts/query-baseline.json`);
  return problems;
}

/** The relative imports and re-exports of a file, type-only ones too: they tie the files together all the same. */
export function importsOf(text) {
  const re = /\b(?:import|export)\s+(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...codeOf(text).matchAll(re)].map((m) => m[1] ?? m[2]);
}

function resolveImport(fromAbs, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromAbs), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (SOURCE.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** The circle through the component's first file, in import order (first file repeated at the end), then its other files. */
function cyclePath(graph, scc) {
  const inside = new Set(scc);
  const start = scc[0];
  const from = new Map([[start, null]]);
  const queue = [start];
  let last = null;
  while (queue.length && last === null) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        last = v;
        break;
      }
      if (inside.has(w) && !from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  const path = [];
  for (let v = last; v !== null; v = from.get(v)) path.unshift(v);
  return { path: [...path, start], files: scc };
}

/** Strongly connected components of more than one file (or a file importing itself): a circle's path and its files, sorted. */
export function importCircles(root, dirs = CIRCLE_ROOTS) {
  const graph = new Map();
  for (const dir of dirs)
    for (const abs of walk(join(root, dir))) {
      const file = relative(root, abs).split(sep).join('/');
      const deps = importsOf(readFileSync(abs, 'utf8'))
        .map((s) => resolveImport(abs, s))
        .filter(Boolean)
        .map((d) => relative(root, d).split(sep).join('/'));
      graph.set(file, deps);
    }
  // Tarjan, iterative enough for this size: recursion depth is the longest import chain.
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(cyclePath(graph, scc.sort()));
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return circles;
}

export function checkCircles(root, dirs = CIRCLE_ROOTS) {
  const baseline = readJson(join(root, 'scripts/circle-baseline.json'), []);
  const problems = [];
  const circles = importCircles(root, dirs);
  for (const { path, files } of circles) {
    if (baseline.some((b) => files.every((f) => b.includes(f)))) continue;
    const more = files.length > path.length - 1 ? ` (and ${files.filter((f) => !path.includes(f)).join(', ')})` : '';
    problems.push(
      `import circle: ${path.join(' -> ')}${more}: move what both sides need into a module of its own (the circle baseline may only shrink)`,
    );
  }
  for (const b of baseline)
    if (!circles.some(({ files }) => files.length === b.length && files.every((f) => b.includes(f))))
      problems.push(
        `import circle baseline entry [${b.join(', ')}] is gone or smaller: remove it or replace it with what is left in scripts/circle-baseline.json`,
      );
  return problems;
}

/** Lines naming the `Database` type imported from db/database.ts (code only, comments ignored). */
export function databaseTypeSites(text) {
  const code = codeOf(text);
  const imported = [...code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]*db\/database(?:\.ts)?['"]/g)].some((m) =>
    m[1].split(',').some((n) => /^(type\s+)?Database(\s+as\s+\w+)?$/.test(n.trim())),
  );
  if (!imported) return [];
  return code
    .split('\n')
    .map((line, i) => ({ line: i + 1, text: line }))
    .filter(({ text }) => /\bDatabase\b/.test(text));
}

export function checkDatabaseType(root) {
  const problems = [];
  for (const abs of walk(join(root, 'apps/server/src'))) {
    const file = relative(root, abs).split(sep).join('/');
    if (isTestCode(file) || DATABASE_HOMES.some((p) => file.startsWith(p)) || DATABASE_WIRING.includes(file)) continue;
    const sites = databaseTypeSites(readFileSync(abs, 'utf8'));
    if (sites.length)
      problems.push(
        `${file}:${sites[0].line}: the Database type outside db/ and lib/context/: take a ReadDb (reads), a Trx (writes) or a context`,
      );
  }
  return problems;
}

const LIB = 'apps/server/src/lib/';

/** The layer of a file in lib/ (its index in LIB_LAYERS and its unit's name), or null outside lib/. */
export function libLayerOf(file, layers = LIB_LAYERS) {
  if (!file.startsWith(LIB)) return null;
  const rest = file.slice(LIB.length);
  const unit = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest;
  let index = layers.findIndex((names) => names.includes(unit));
  if (index < 0 && !rest.includes('/')) index = layers.findIndex((names) => names.includes('*'));
  return { unit, index };
}

export function checkLayers(root, layers = LIB_LAYERS) {
  const problems = [];
  for (const abs of walk(join(root, LIB))) {
    const file = relative(root, abs).split(sep).join('/');
    if (isTestCode(file)) continue;
    const from = libLayerOf(file, layers);
    if (from.index < 0) {
      problems.push(`${file}: lib/${from.unit} has no layer: add it to LIB_LAYERS in scripts/check-queries.mjs`);
      continue;
    }
    for (const spec of importsOf(readFileSync(abs, 'utf8'))) {
      const target = resolveImport(abs, spec);
      if (!target) continue;
      const to = libLayerOf(relative(root, target).split(sep).join('/'), layers);
      if (!to || to.unit === from.unit || to.index <= from.index) continue;
      problems.push(
        `${file}: imports ${spec}: lib/${to.unit} is a layer above lib/${from.unit} (an arrow running back up); move the shared piece down`,
      );
    }
  }
  return problems;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const i = process.argv.indexOf('--root');
  const root = i > 0 ? resolve(process.argv[i + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = [...checkQueries(root), ...checkCircles(root), ...checkDatabaseType(root), ...checkLayers(root)];
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`check-queries: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('check-queries: queries in repositories, no new import circles, Database only in db/ and lib/context/, lib/ layers hold');
}
