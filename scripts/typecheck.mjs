/**
 * `npm run typecheck`: each TypeScript project in turn, saying which, with its time. Incremental:
 * each keeps what it learnt in node_modules/.cache/tsc/, so a second run re-checks only what
 * changed (the first run on a clean clone takes minutes; later ones seconds to a minute).
 *   node scripts/typecheck.mjs [project…]   e.g. apps/server
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'];
const chosen = process.argv.slice(2).map((p) => p.replace(/\/$/, ''));
const unknown = chosen.filter((p) => !PROJECTS.includes(p));
if (unknown.length) {
  console.error(`unknown project ${unknown.join(', ')}; one of ${PROJECTS.join(', ')}`);
  process.exit(2);
}
const cache = join(ROOT, 'node_modules/.cache/tsc');
mkdirSync(cache, { recursive: true });
const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');

let failed = 0;
for (const project of chosen.length ? chosen : PROJECTS) {
  const started = performance.now();
  process.stdout.write(`typecheck ${project}… `);
  const buildInfo = join(cache, `${project.replace(/\//g, '-')}.tsbuildinfo`);
  const code = await new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo, '--pretty'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.on('close', (c) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(c === 0 ? `ok (${seconds} s)` : `FAILED (${seconds} s)`);
      if (c !== 0) process.stdout.write(output);
      done(c);
    });
  });
  if (code !== 0) failed++;
}
if (failed) console.log(`${failed} project(s) with type errors`);
process.exit(failed ? 1 : 0);
