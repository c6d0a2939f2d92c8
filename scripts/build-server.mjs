/**
 * Compiles the server for `npm start` (issue 15): apps/server/src → apps/server/dist as ES modules,
 * so the running process executes JavaScript instead of compiling TypeScript through tsx. Packages
 * stay in node_modules (native ones cannot be bundled); only @bo/shared, which ships TypeScript, is
 * bundled in. Lazily imported modules (ExcelJS, S3, Redis) stay separate chunks, loaded when used.
 *
 * Laid out so the paths the code builds from import.meta still hold: migrations in dist/migrations
 * (db/migrate.ts reads that folder), the workers (ExcelJS, the HTML sanitiser) beside main.mjs (their pools resolve
 * `./<name>.worker.mjs`), the website's stylesheets in dist/assets (site/site-assets.ts), and
 * dist/../../web/dist is the web build as src/../../web/dist is.
 *
 * Usage: node scripts/build-server.mjs [--outdir DIR]   (about a second; `npm start` runs it when the
 * server's sources changed, scripts/build-plan.mjs)
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'apps/server/src');
const outArg = process.argv.indexOf('--outdir');
const OUT = outArg > 0 ? resolve(process.argv[outArg + 1]) : join(ROOT, 'apps/server/dist');

const migrations = readdirSync(join(SRC, 'db/migrations')).filter((f) => /^\d{4}-.*\.ts$/.test(f) && !f.endsWith('.test.ts'));
const entryPoints = {
  main: join(SRC, 'main.ts'),
  cli: join(SRC, 'cli/main.ts'),
  'staff-excel.worker': join(SRC, 'modules/staff-excel/staff-excel.worker.mjs'),
  'staff-import.worker': join(SRC, 'modules/staff/staff-import.worker.mjs'),
  'sanitize.worker': join(SRC, 'lib/html/sanitize.worker.mjs'),
  ...Object.fromEntries(migrations.map((f) => [`migrations/${f.replace(/\.ts$/, '')}`, join(SRC, 'db/migrations', f)])),
};

/**
 * Packages loaded from node_modules at run time: native ones, those that read their own files
 * (swagger-ui's assets), and big ones only some requests need (loaded lazily). The rest of the
 * JavaScript (Fastify, zod, Kysely, jose…) is bundled in: Node then resolves and reads a few files at
 * start-up instead of hundreds.
 */
const EXTERNAL = [
  'better-sqlite3',
  'sharp',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  '@fastify/static',
  'exceljs',
  '@aws-sdk/client-s3',
  'ioredis',
  'pg',
  'tsx',
  'nodemailer',
];
const isExternal = (path) => path.startsWith('node:') || EXTERNAL.some((p) => path === p || path.startsWith(`${p}/`));
const packages = {
  name: 'packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@bo/shared/'))
        return { path: join(ROOT, 'packages/shared/src', `${args.path.slice('@bo/shared/'.length)}.ts`) };
      if (isExternal(args.path)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  // Chunks beside main.mjs: code that builds paths from import.meta finds the same layout in any file.
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  // The workers register tsx only when they run as TypeScript sources (see their first lines).
  define: { __BO_COMPILED__: 'true' },
  plugins: [packages],
  // Bundled CommonJS packages require() Node's built-ins: give the ES modules a require to do it with.
  banner: { js: "import { createRequire as __boRequire } from 'node:module'; const require = __boRequire(import.meta.url);" },
  logLevel: 'warning',
});
const siteAssets = join(SRC, 'site/assets');
if (existsSync(siteAssets)) cpSync(siteAssets, join(OUT, 'assets'), { recursive: true });
console.log(`server compiled to ${OUT}`);
