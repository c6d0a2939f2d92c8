import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { parseRoles } from '../lib/context/actor.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { createPostgresDatabase, testDialect } from '../../test/helpers.ts';
import { runCli } from './main.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

let dataDir: string;
let pg: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bo-cli-'));
  pg = testDialect === 'postgres' ? await createPostgresDatabase() : null;
  env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'cli-test-secret-0123456789abcdef0123',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
});
afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One command in process, as `npm run cli -- …` runs it, with its output and exit code. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { print: (t) => out.push(t), fail: (t) => err.push(t), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function withDb<T>(fn: (db: ReturnType<typeof createDatabase>['db']) => Promise<T>): Promise<T> {
  const { db } = createDatabase(pg ? pg.url : `sqlite:${join(dataDir, 'app.sqlite')}`);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

const adminRow = (email: string) =>
  withDb((db) => db.selectFrom('admins').selectAll().where('email', '=', email).executeTakeFirstOrThrow());
const cliAudit = (action: string) =>
  withDb((db) =>
    db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('user_agent', '=', 'cli').orderBy('id', 'desc').execute(),
  );

describe('the operator CLI', () => {
  it('runs as `npm run cli`: help, and exit code 1 with one line for an unknown command or flag', async () => {
    const help = await run('npm', ['run', '--silent', 'cli', '--', 'help'], { cwd: ROOT, env: { ...process.env, ...env } });
    expect(help.stdout).toContain('grant-role --email E --role R');
    await expect(
      run('npm', ['run', '--silent', 'cli', '--', 'launch-rockets'], { cwd: ROOT, env: { ...process.env, ...env } }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('error: unknown command launch-rockets'),
    });
    expect((await cli('list-admins', '--colour')).code).toBe(1);
  });

  it('creates an admin with a one-time password, grants and revokes ROLE_MAINTAINER, lists admins; each audited as "cli"', async () => {
    const created = await cli('create-admin', '--email', 'Ops@Example.com', '--name', '維運', '--role', 'ROLE_BASE');
    expect(created.code, created.err).toBe(0);
    const password = /one-time password: (\S+)/.exec(created.out)![1]!;
    const row = await adminRow('ops@example.com');
    expect(await verifyPassword(row.password_hash, password)).toBe(true);
    expect(row.has_change_default_password).toBe(0);
    expect((await cli('create-admin', '--email', 'ops@example.com')).err).toContain('already has the e-mail');

    expect((await cli('grant-role', '--email', 'ops@example.com', '--role', 'ROLE_MAINTAINER')).code).toBe(0);
    expect(parseRoles((await adminRow('ops@example.com')).roles)).toEqual(['ROLE_BASE', 'ROLE_MAINTAINER']);
    const unknown = await cli('grant-role', '--email', 'ops@example.com', '--role', 'ROLE_GOD');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('unknown role ROLE_GOD');
    expect((await cli('grant-role', '--email', 'nobody@example.com', '--role', 'ROLE_BASE')).err).toContain('no admin has the e-mail');
    expect((await cli('revoke-role', '--email', 'ops@example.com', '--role', 'ROLE_MAINTAINER')).code).toBe(0);
    expect(parseRoles((await adminRow('ops@example.com')).roles)).toEqual(['ROLE_BASE']);

    const list = await cli('list-admins', '--json');
    expect(JSON.parse(list.out)).toContainEqual(expect.objectContaining({ email: 'ops@example.com', roles: ['ROLE_BASE'] }));
    const entries = await cliAudit('grant_role');
    expect(entries[0]).toMatchObject({ actor_id: null, ip: 'cli', target_type: 'admin' });
    expect(JSON.parse(entries[0]!.after!).roles).toContain('ROLE_MAINTAINER');
    expect(await cliAudit('create')).toHaveLength(1);
  });

  it('never revokes the last active super admin', async () => {
    await cli('create-admin', '--email', 'boss@example.com', '--role', 'ROLE_SUPER_ADMIN');
    const refused = await cli('revoke-role', '--email', 'boss@example.com', '--role', 'ROLE_SUPER_ADMIN');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('last active super admin');
    await cli('create-admin', '--email', 'boss2@example.com', '--role', 'ROLE_SUPER_ADMIN');
    expect((await cli('revoke-role', '--email', 'boss@example.com', '--role', 'ROLE_SUPER_ADMIN')).code).toBe(0);
  });

  it('resets a password: a one-time password that signs out the devices, or the reset mail through the outbox', async () => {
    const printed = await cli('reset-password', '--email', 'ops@example.com');
    const password = /: (\S+)\s+\(to be changed/.exec(printed.out)![1]!;
    expect(await verifyPassword((await adminRow('ops@example.com')).password_hash, password)).toBe(true);
    const mailed = await cli('reset-password', '--email', 'ops@example.com', '--mail');
    expect(mailed.code, mailed.err).toBe(0);
    expect(mailed.out).toContain('waiting in the outbox');
    const mails = await withDb((db) => db.selectFrom('mail_outbox').select(['template', 'to_address']).execute());
    expect(mails).toContainEqual({ template: 'password_reset', to_address: 'ops@example.com' });
    expect((await adminRow('ops@example.com')).password_hash).toBe('');
    // Issue 26: no SMTP_URL, so the mail cannot go out: the operator gets the mail's one-time link to hand over.
    expect(mailed.out).toContain('waiting in the outbox (no SMTP_URL)');
    expect(mailed.out).toMatch(
      /hand this one-time link to ops@example\.com \(valid until \S+\): http\S+send-reset-password-email\?token=\S+/,
    );
    expect(await cliAudit('hand_over_link')).toHaveLength(1);
  });

  it('exports the audit log as CSV and xlsx', async () => {
    const csv = join(dataDir, 'audit.csv');
    expect((await cli('export-audit', '--out', csv)).code).toBe(0);
    expect(readFileSync(csv, 'utf8')).toContain('grant_role');
    const xlsx = join(dataDir, 'audit.xlsx');
    expect((await cli('export-audit', '--out', xlsx, '--from', '2020-01-01')).code).toBe(0);
    expect(readFileSync(xlsx).subarray(0, 2).toString()).toBe('PK');
    expect((await cli('export-audit', '--out', join(dataDir, 'audit.txt'))).code).toBe(1);
    expect((await cli('export-audit', '--out', csv, '--from', 'yesterday')).code).toBe(1);
  });
});
