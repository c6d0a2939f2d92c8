import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.ts';
import { chainHash, GENESIS_HASH, type ChainedContent } from '../../db/audit-chain-hash.ts';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { AUDIT_CHAIN_JOB } from './audit-chain-job.ts';
import { hourBefore } from './audit-chain-anchors.ts';
import { verifyAuditChain } from './audit-chain-verify.ts';

/**
 * Issue 34 section 5: what protects the chain (docs/audit-log.md "What each protection catches"): hourly
 * anchors, the head and latest anchor in every export, anchors mailed to the super admins, a broken chain
 * alerted. A fixed clock throughout: the anchors are of hours in 2099, after every entry written here.
 */
const SCRIPT = resolve(import.meta.dirname, '../../../../../scripts/verify-audit-export.mjs');
const run = promisify(execFile);
const AT = (hour: number) => new Date(`2099-03-01T${String(hour).padStart(2, '0')}:30:00+08:00`);

let catcher: SmtpCatcher;
/** Mail set up, AUDIT_ANCHOR_MAIL unset: the daily anchor goes to the super admins. */
let t: TestApp;
/** No mail at all. */
let bare: TestApp;
let root: string;
const ROOT = 'root@example.com';
const SECOND = 'second@example.com';
let orgSeq = 0;

async function write(app: TestApp, token: string, n = 1) {
  for (let i = 0; i < n; i++) {
    const res = await api(app.app, token).post('/api/admin/admin-organization', { name: `Seal ${++orgSeq}` });
    expect(res.statusCode, res.body).toBe(200);
  }
}
const newest = (app: TestApp) => app.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const outbox = (app: TestApp, template: string) =>
  app.db.selectFrom('mail_outbox').select(['id', 'to_address']).where('template', '=', template).orderBy('id').execute();
async function exportTo(app: TestApp, token: string, name: string): Promise<string> {
  const res = await api(app.app, token).get('/api/admin/audit-log/export?format=csv&order=asc');
  expect(res.statusCode).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'audit-seal-')), name);
  writeFileSync(file, res.body);
  return file;
}
const check = (file: string, ...args: string[]) =>
  run(process.execPath, [SCRIPT, file, ...args]).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e) => ({ code: e.code as number, out: e.stdout as string }),
  );

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100' });
  root = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], email: ROOT, name: 'Root' }));
  await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], email: SECOND });
  await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], email: 'gone@example.com', status: 'disabled' });
  await buildAdmin(t.db, { roles: ['ROLE_BASE'], email: 'plain@example.com' });
  await write(t, root, 3);
  bare = await createTestApp({});
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await catcher?.close();
});

describe('what protects the audit chain', () => {
  it('anchors the hour before on the minute, once per hour, logged and kept, and shows it on the screen', async () => {
    const head = await newest(t);
    await t.app.minuteTasks.tick(AT(10));
    await t.app.minuteTasks.tick(new Date(AT(10).getTime() + 60_000));
    const anchors = await t.db.selectFrom('audit_anchors').selectAll().where('day', 'like', '2099-03-01T%').execute();
    expect(anchors).toEqual([
      expect.objectContaining({
        day: '2099-03-01T09',
        until: '2099-03-01T02:00:00.000Z',
        last_id: head.id,
        head_hash: head.hash,
        mail_id: null,
      }),
    ]);
    expect(hourBefore(AT(0))).toMatchObject({ key: '2099-02-28T23', label: '2099-02-28 23:00–00:00' });
    // Hourly anchors are mailed only to AUDIT_ANCHOR_MAIL: the super admins get the daily one.
    expect(await outbox(t, 'audit_anchor')).toEqual([]);
    const status = (await api(t.app, root).get('/api/admin/audit-log/chain')).json();
    expect(status).toMatchObject({
      anchor_every: 'hour',
      anchor_delivery: 'super_admins',
      last_anchor: { day: '2099-03-01T09', head_hash: head.hash, mailed: false, left_at: null },
    });
  });

  it('with AUDIT_ANCHOR_MAIL every hourly anchor is mailed there, and the super admins get no anchor mail', async () => {
    const archive = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100', AUDIT_ANCHOR_MAIL: 'vault@example.com' });
    try {
      const token = await login(archive.app, await buildAdmin(archive.db, { roles: ['ROLE_SUPER_ADMIN'], email: 'boss@example.com' }));
      await archive.app.minuteTasks.tick(AT(10));
      expect((await outbox(archive, 'audit_anchor')).map((m) => m.to_address)).toEqual(['vault@example.com']);
      expect((await api(archive.app, token).get('/api/admin/audit-log/chain')).json()).toMatchObject({
        anchor_delivery: 'address',
        last_anchor: { day: '2099-03-01T09', mailed: true },
      });
      expect((await catcher.next('vault@example.com')).subject).toContain('2099-03-01 09:00–10:00');
    } finally {
      await archive.close();
    }
  });

  it('AUDIT_ANCHOR_EVERY=day anchors no hour', async () => {
    const daily = await createTestApp({ AUDIT_ANCHOR_EVERY: 'day' });
    try {
      await daily.app.minuteTasks.tick(AT(10));
      expect(await daily.db.selectFrom('audit_anchors').selectAll().execute()).toEqual([]);
    } finally {
      await daily.close();
    }
  });

  it('mails the daily anchor to every active super admin when AUDIT_ANCHOR_MAIL is unset, and shows when it left', async () => {
    expect(await t.app.dailyJobs.runIfDue(AUDIT_CHAIN_JOB, new Date('2099-03-02T09:00:00+08:00'))).toBe('ran');
    const mails = await outbox(t, 'audit_anchor');
    expect(mails.map((m) => m.to_address).sort()).toEqual([ROOT, SECOND]);
    const anchor = await t.db.selectFrom('audit_anchors').selectAll().where('day', '=', '2099-03-01').executeTakeFirstOrThrow();
    expect(anchor.mail_id).toBe(mails[0].id);
    const got = await catcher.next(ROOT);
    expect(got.html).toContain(anchor.head_hash);
    await expect
      .poll(async () => (await api(t.app, root).get('/api/admin/audit-log/chain')).json().last_anchor, { timeout: 10_000 })
      .toMatchObject({ day: '2099-03-01', mailed: true, left_at: expect.any(String) });
  });

  it('with no mail at all, anchors stay on this server: the job mails no one and the screen is told so', async () => {
    const bareRoot = await login(bare.app, await buildAdmin(bare.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    expect(await bare.app.dailyJobs.runIfDue(AUDIT_CHAIN_JOB, new Date('2099-03-02T09:00:00+08:00'))).toBe('ran');
    expect(await outbox(bare, 'audit_anchor')).toEqual([]);
    const status = (await api(bare.app, bareRoot).get('/api/admin/audit-log/chain')).json();
    expect(status).toMatchObject({ anchor_delivery: 'none', last_anchor: { day: '2099-03-01', mailed: false, left_at: null } });
  });

  it('puts the head and the latest anchor in every export: newest entries cut off fail the checker', async () => {
    await write(t, root, 2);
    // A later hour than every anchor so far (the daily one of 2099-03-01 included): the latest anchor.
    await t.app.minuteTasks.tick(new Date('2099-03-02T12:30:00+08:00'));
    const file = await exportTo(t, root, 'whole.csv');
    const ok = await check(file);
    expect(ok.out).toMatch(/^audit export holds: .*the chain's head \(entry \d+\) is in it/);
    expect(ok.code).toBe(0);

    // The newest rows dropped from the file: the head the export recorded is missing.
    const text = readFileSync(file, 'utf8').split('\r\n');
    const dataEnd = text.findIndex((l) => l.startsWith('#chain_head'));
    writeFileSync(`${file}.cut`, [...text.slice(0, dataEnd - 2), ...text.slice(dataEnd)].join('\r\n'));
    const cut = await check(`${file}.cut`);
    expect(cut.code).toBe(1);
    expect(cut.out).toMatch(/the chain's head, entry \d+, is not in the export: the newest entries were cut off/);

    // In the database: the newest entries deleted and the head moved back with them (a consistent rewrite).
    // The hourly anchor named the first of them, and the export carries that anchor.
    const anchored = await t.db.selectFrom('audit_anchors').selectAll().where('day', '=', '2099-03-02T11').executeTakeFirstOrThrow();
    const gone = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('id', '>=', anchored.last_id as number)
      .orderBy('id')
      .execute();
    expect(gone[0].hash).toBe(anchored.head_hash);
    const head = await t.db.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('audit_logs')
      .where('id', '>=', anchored.last_id as number)
      .execute();
    const left = await newest(t);
    await t.db
      .updateTable('audit_chain_head')
      .set({ last_id: left.id, last_hash: left.hash as string, entries: head.entries - gone.length })
      .execute();
    // The walk (CLI, screen, daily job) finds the anchored entry gone too.
    expect(await verifyAuditChain(t.db)).toMatchObject({ broken: { id: gone[0].id, problem: 'anchor_mismatch' } });
    const rewritten = await check(await exportTo(t, root, 'rewritten.csv'));
    expect(rewritten.out).toMatch(new RegExp(`the chain's latest anchor, entry ${gone[0].id}, is not in the export`));
    expect(rewritten.code).toBe(1);
    for (const row of gone) await t.db.insertInto('audit_logs').values(row).execute();
    await t.db.updateTable('audit_chain_head').set(head).execute();
    expect((await check(await exportTo(t, root, 'restored.csv'))).code).toBe(0);
  });

  it('a whole chain rewritten with its anchors passes every check on this server, but not a mailed anchor', async () => {
    const mailed = await t.db.selectFrom('audit_anchors').selectAll().where('day', '=', '2099-03-01').executeTakeFirstOrThrow();
    expect(mailed.mail_id).not.toBeNull();
    const all = await t.db.selectFrom('audit_logs').selectAll().orderBy('id').execute();
    const anchors = await t.db.selectFrom('audit_anchors').selectAll().execute();
    const head = await t.db.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow();
    let prev = GENESIS_HASH;
    try {
      for (const r of all) {
        const after = r.id === all[0].id ? '{"rewritten":true}' : r.after;
        const hash = chainHash(prev, { ...r, after } as unknown as ChainedContent);
        await t.db.updateTable('audit_logs').set({ after, prev_hash: prev, hash }).where('id', '=', r.id).execute();
        prev = hash;
      }
      await t.db.updateTable('audit_chain_head').set({ last_hash: prev }).execute();
      await t.db.deleteFrom('audit_anchors').execute();
      expect((await verifyAuditChain(t.db)).broken).toBeNull();
      const file = await exportTo(t, root, 'rewritten-whole.csv');
      expect((await check(file)).code).toBe(0);
      const against = await check(file, '--anchor', mailed.head_hash);
      expect(against.code).toBe(1);
      expect(against.out).toContain(`no row has the anchor ${mailed.head_hash}`);
    } finally {
      for (const r of all)
        await t.db.updateTable('audit_logs').set({ after: r.after, prev_hash: r.prev_hash, hash: r.hash }).where('id', '=', r.id).execute();
      await t.db.updateTable('audit_chain_head').set(head).execute();
      for (const a of anchors) await t.db.insertInto('audit_anchors').values(a).execute();
    }
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
    expect((await check(await exportTo(t, root, 'back.csv'), '--anchor', mailed.head_hash)).code).toBe(0);
  });

  it('a broken chain found by the screen, the CLI or the daily job is mailed to every active super admin, once per break', async () => {
    const target = await newest(t);
    await t.db.updateTable('audit_logs').set({ ip: '203.0.113.66' }).where('id', '=', target.id).execute();
    try {
      const res = await api(t.app, root).post('/api/admin/audit-log/chain/verify', {});
      expect(res.json()).toMatchObject({ status: 'broken', broken_id: target.id, problem: 'altered' });
      const alerts = await outbox(t, 'audit_chain_broken');
      expect(alerts.map((m) => m.to_address).sort()).toEqual([ROOT, SECOND]);
      await expect
        .poll(() => catcher.mails.map((m) => m.subject), { timeout: 10_000 })
        .toContain(`營造後台 稽核鏈中斷：第 ${target.id} 筆`);
      // The same break found again (the daily job, the CLI): nobody is mailed twice.
      expect(await t.app.dailyJobs.runIfDue(AUDIT_CHAIN_JOB, new Date('2099-03-03T09:00:00+08:00'))).toBe('ran');
      const env = { NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, JWT_SECRET: t.config.jwtSecret };
      const io = { print: () => {}, fail: () => {}, env };
      expect(await runCli(['verify-audit'], io)).toBe(3);
      expect(await outbox(t, 'audit_chain_broken')).toHaveLength(2);
    } finally {
      await t.db.updateTable('audit_logs').set({ ip: target.ip }).where('id', '=', target.id).execute();
    }
    // Intact again: the next break is a new one, and the CLI's check mails it.
    expect((await api(t.app, root).post('/api/admin/audit-log/chain/verify', {})).json().status).toBe('ok');
    const edited = await newest(t);
    await t.db.updateTable('audit_logs').set({ user_agent: 'forged' }).where('id', '=', edited.id).execute();
    try {
      const env = { NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, JWT_SECRET: t.config.jwtSecret };
      expect(await runCli(['verify-audit'], { print: () => {}, fail: () => {}, env })).toBe(3);
      expect(await outbox(t, 'audit_chain_broken')).toHaveLength(4);
    } finally {
      await t.db.updateTable('audit_logs').set({ user_agent: edited.user_agent }).where('id', '=', edited.id).execute();
    }
  });

  it('refuses the chain status to an admin who is not a super admin', async () => {
    const plain = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    expect((await api(t.app, plain).get('/api/admin/audit-log/chain')).statusCode).toBe(403);
  });
});
