/**
 * Builds the parts of the app, one line per step (the tools' own output only when a step fails).
 *   node scripts/build.mjs            (`npm run build`) every part
 *   import { buildParts } from it      `npm start` / `npm run cli`: the parts build-plan.mjs says changed
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { planBuild, ROOT, writeStamp } from './build-plan.mjs';

/** The command that builds each part (cwd, arguments for this Node). */
const COMMANDS = {
  // --logLevel warn: no file-by-file listing; warnings and errors still show.
  web: { cwd: join(ROOT, 'apps/web'), args: [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'] },
  server: { cwd: ROOT, args: [join(ROOT, 'scripts/build-server.mjs')] },
};

/** The build running now, so a signal can stop it with this process. */
let running = null;

/**
 * While building, SIGINT, SIGTERM or npm going away (it exits on SIGTERM without passing it on:
 * this process's parent changes) stop the running build and this process. Answers the undo.
 */
export function stopBuildOnSignals() {
  const stop = () => {
    running?.kill('SIGTERM');
    process.exit(1);
  };
  const parent = process.ppid;
  const watch = setInterval(() => process.ppid !== parent && stop(), 250);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
  return () => {
    clearInterval(watch);
    for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stop);
  };
}

function run(part) {
  const { cwd, args } = COMMANDS[part.name];
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    running = child;
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code, signal) => {
      running = null;
      resolvePromise({ ok: code === 0, output, code: code ?? signal });
    });
  });
}

/**
 * Builds the planned parts that need it; `say` gets one line per part. Answers false (after printing
 * the tool's output) when a build fails: the previous output is then gone or incomplete.
 */
export async function buildParts(plan, say) {
  for (const step of plan) {
    if (!step.build) {
      say(`${step.part.label}: up to date (${step.part.output})`);
      continue;
    }
    const started = performance.now();
    say(`${step.part.label}: building (${step.reason})…`);
    const result = await run(step.part);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!result.ok) {
      process.stderr.write(result.output);
      say(`${step.part.label}: build failed after ${seconds} s (exit ${result.code})`);
      return false;
    }
    // The tools print only warnings at these log levels: keep each one's first line (not Vite's
    // bulleted advice under it, its reporter's heading, or build-server's closing line).
    const warnings = result.output
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^(- |\[plugin |server compiled to )/.test(l));
    for (const w of warnings) say(`  ${w}`);
    writeStamp(ROOT, step.part.name, step.current);
    say(`${step.part.label}: built in ${seconds} s (${step.part.output})`);
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopBuildOnSignals();
  const ok = await buildParts(planBuild({ force: true }), (line) => console.log(line));
  process.exit(ok ? 0 : 1);
}
