import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The container files, read (no container engine on the test machines): the image runs the compiled
 * server as a non-root user on a current Node LTS, with production dependencies, a readiness
 * HEALTHCHECK, and a build context that holds neither data, secrets nor installed packages.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
/** Instructions with their continuation lines joined, comments dropped. */
const instructions = read('Dockerfile')
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages = instructions.reduce<string[][]>((all, line) => {
  if (line.startsWith('FROM ')) all.push([]);
  all[all.length - 1]?.push(line);
  return all;
}, []);
const image = stages[stages.length - 1];
const ignored = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
/** Node LTS majors the image may use (Node 20 left LTS maintenance in April 2026). */
const LTS = [22, 24];
/** Node 24 aborts in better-sqlite3 12's statement finalizer (README "Other Node versions"): 22 for now. */
const IMAGE_NODE = 22;

describe('the container files', () => {
  it('build in stages from a current Node LTS', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const version = /^ARG NODE_VERSION=(\d+)$/m.exec(instructions.join('\n'))?.[1];
    expect(LTS).toContain(Number(version));
    expect(Number(version)).toBe(IMAGE_NODE);
    for (const stage of stages) expect(stage[0]).toMatch(/^FROM node:\$\{NODE_VERSION\}-\S+/);
  });

  it('run the compiled server and the built web app with production dependencies only, as a non-root user', () => {
    expect(image.at(-1)).toBe('CMD ["node", "apps/server/dist/main.mjs"]');
    expect(instructions.join('\n')).not.toMatch(/tsx|src\/main\.ts/);
    expect(image).toEqual(
      expect.arrayContaining([
        'COPY --from=build /app/apps/server/dist ./apps/server/dist',
        'COPY --from=build /app/apps/web/dist ./apps/web/dist',
      ]),
    );
    // The image's packages come from a stage that installed without dev dependencies.
    const depsStage = /^COPY --from=(\S+) \/app\/node_modules/m.exec(image.join('\n'))?.[1];
    const installs = stages.find((s) => s[0].endsWith(` AS ${depsStage}`))!.filter((l) => l.includes('npm ci'));
    expect(installs.length).toBe(1);
    expect(installs[0]).toContain('--omit=dev');
    const user = image.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    expect(image.join('\n')).toMatch(/ENV [^\n]*ENV_FILE=off/);
  });

  it('check health on the readiness route and stop on SIGTERM', () => {
    const check = image.find((l) => l.startsWith('HEALTHCHECK '));
    expect(check).toContain('/api/health/ready');
    expect(image).toContain('STOPSIGNAL SIGTERM');
  });

  it('copy only files that exist and that .dockerignore lets into the context', () => {
    const sources = instructions
      .filter((l) => l.startsWith('COPY ') && !l.includes('--from='))
      .flatMap((l) => l.split(/\s+/).slice(1, -1))
      .filter((s) => s !== '.');
    expect(sources.length).toBeGreaterThan(3);
    for (const s of sources) {
      expect(existsSync(join(ROOT, s)), s).toBe(true);
      expect(ignored, s).not.toContain(s);
    }
  });

  it('keep installed packages, data, secrets, git history and test output out of the build context', () => {
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', 'data', '.env', '.git', 'test-results', '**/dist']));
  });

  it('name the operator CLI by a path the image holds, in the Dockerfile and the README', () => {
    const built = read('scripts/build-server.mjs');
    const readme = read('README.md');
    const container = readme.slice(readme.indexOf('## Container'), readme.indexOf('\n## ', readme.indexOf('## Container') + 1));
    for (const [where, text] of [
      ['Dockerfile', read('Dockerfile')],
      ['README "Container"', container],
    ] as const) {
      const paths = [...text.matchAll(/node (apps\/server\/dist\/[\w.-]+\.mjs)/g)].map((m) => m[1]);
      expect(paths, where).toContain('apps/server/dist/cli.mjs');
      // No `npm run cli` in the image: scripts/ is not copied into it.
      expect(text, where).not.toMatch(/docker (exec|run)[^\n]*npm run/);
    }
    // The build makes dist/cli.mjs, the image copies dist, and the CLI runs when node is handed the file.
    expect(built).toMatch(/^\s+cli: join\(SRC, 'cli\/main\.ts'\),$/m);
    expect(image).toContain('COPY --from=build /app/apps/server/dist ./apps/server/dist');
    expect(image.some((l) => l.startsWith('COPY') && l.includes('scripts'))).toBe(false);
    expect(read('apps/server/src/cli/main.ts')).toMatch(/^if \(import\.meta\.url === `file:\/\/\$\{process\.argv\[1\]\}`\) cliMain\(/m);
  });

  it('docker-compose builds the API from the Dockerfile and waits for it to be ready', () => {
    const compose = read('docker-compose.yml');
    expect(compose).toMatch(/build: \{ context: \., dockerfile: Dockerfile \}/);
    expect(compose).not.toMatch(/dockerfile_inline|tsx/);
    expect(compose).toMatch(/healthcheck:\n\s+test:\s*\[[^\]]*\/api\/health\/ready/);
    expect(compose).toMatch(/api-1: \{ condition: service_healthy \}/);
  });
});
