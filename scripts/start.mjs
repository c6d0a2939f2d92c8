/**
 * `npm start`: builds only the parts whose sources changed since their last build (one line per
 * step; a restart on unchanged sources builds nothing), then runs the compiled server in this
 * process, so SIGTERM and SIGINT reach it (apps/server/src/main.ts: graceful stop, exit 0).
 * When something must be built, the settings (.env and the environment), the database and the port
 * are checked first: a problem stops here in seconds, not after the build.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { planBuild, ROOT } from './build-plan.mjs';
import { buildParts, stopBuildOnSignals } from './build.mjs';

const say = (line) => console.log(`  ${line}`);
const plan = planBuild();

if (plan.some((step) => step.build)) {
  const undoSignals = stopBuildOnSignals();
  const { tsImport } = await import('tsx/esm/api');
  const { checkSettings } = await tsImport('../apps/server/src/lib/process/check-settings.ts', import.meta.url);
  const problem = await checkSettings();
  if (problem) {
    console.error(problem);
    process.exit(problem.startsWith('Invalid configuration') ? 78 : 1);
  }
  if (!(await buildParts(plan, say))) process.exit(1);
  undoSignals();
} else {
  say('web app and server: up to date, no build (npm run build rebuilds everything)');
}

await import(pathToFileURL(join(ROOT, 'apps/server/dist/main.mjs')).href);
