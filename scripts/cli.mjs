/**
 * `npm run -s cli -- <command>`: the operator CLI compiled with the server (apps/server/dist/cli.mjs),
 * compiling the server first only when its sources changed. Build lines go to stderr, so a command's
 * output (`list-admins --json`) is alone on stdout.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PARTS, planBuild, ROOT } from './build-plan.mjs';
import { buildParts } from './build.mjs';

const plan = planBuild({ parts: PARTS.filter((p) => p.name === 'server') });
if (plan.some((step) => step.build) && !(await buildParts(plan, (line) => console.error(line)))) process.exit(1);
const { cliMain } = await import(pathToFileURL(join(ROOT, 'apps/server/dist/cli.mjs')).href);
cliMain(process.argv.slice(2));
