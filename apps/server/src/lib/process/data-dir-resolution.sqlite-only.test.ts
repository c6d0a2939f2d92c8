import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A relative DATA_DIR never depends on the folder a command is started from: from `.env` it is read
 * from the `.env`'s folder, from the environment from the repository root. Started from elsewhere,
 * the CLI (which reads settings as the server does) finds the same database instead of making a new one.
 */
const ROOT = resolve(import.meta.dirname, '../../../../..');
const CLI = join(ROOT, 'apps/server/src/cli/main.ts');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const base = mkdtempSync(join(tmpdir(), 'bo-data-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function listAdminsFrom(cwd: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', TSX, CLI, 'list-admins', '--json'], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ...env },
  });
  expect(r.status, r.stderr).toBe(0);
}

describe('a relative DATA_DIR', () => {
  it("is read from the .env's folder, not from the current folder", () => {
    const project = join(base, 'project');
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(project);
    mkdirSync(elsewhere);
    writeFileSync(join(project, '.env'), 'DATA_DIR=./data\n');
    listAdminsFrom(elsewhere, { ENV_FILE: join(project, '.env') });
    expect(existsSync(join(project, 'data', 'app.sqlite'))).toBe(true);
    expect(existsSync(join(elsewhere, 'data'))).toBe(false);
  });

  it('from the environment is read from the repository root', () => {
    const target = join(base, 'from-env');
    const elsewhere = join(base, 'elsewhere-2');
    mkdirSync(elsewhere);
    listAdminsFrom(elsewhere, { ENV_FILE: 'off', DATA_DIR: relative(ROOT, target) });
    expect(existsSync(join(target, 'app.sqlite'))).toBe(true);
  });
});
