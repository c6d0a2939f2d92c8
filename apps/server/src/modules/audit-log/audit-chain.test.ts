import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@bo/shared/dates';
import { chainHash, GENESIS_HASH, type ChainedContent } from '../../db/audit-chain-hash.ts';
import { down, up } from '../../db/migrations/0085-audit-chain.ts';
import { runCli } from '../../cli/main.ts';
import { AUDIT_CHAIN_JOB } from './audit-chain-job.ts';
import { verifyAuditChain } from './audit-chain-verify.ts';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

/** Issue 28: every entry chained to the one before, checked by the API, the CLI, the daily job and an export script. */
let t: TestApp;
let superToken: string;
let cliEnv: NodeJS.ProcessEnv;
const ANCHOR_MAIL = 'auditor@example.com';
const SCRIPT = resolve(import.meta.dirname, '../../../../../scripts/verify-audit-export.mjs');
const run = promisify(execFile);

const as = () => api(t.app, superToken);
let orgSeq = 0;
/** `n` audited writes through the API (organizations created by the super admin). */
async function write(n = 1): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await as().post('/api/admin/admin-organization', { name: `Chain ${++orgSeq}` });
    expect(res.statusCode, res.body).toBe(200);
  }
}
/** The walk alone (the API's and the CLI's checks add an audited entry of their own). */
async function verify() {
  const { entries, broken } = await verifyAuditChain(t.db);
  return { status: broken ? 'broken' : 'ok', broken_id: broken?.id ?? null, problem: broken?.problem ?? null, entries };
}
const rows = () => t.db.selectFrom('audit_logs').selectAll().orderBy('id').execute();
const lastIds = async (n: number) => (await rows()).slice(-n).map((r) => r.id);
const rowById = (id: number) => t.db.selectFrom('audit_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
type Row = Awaited<ReturnType<typeof rowById>>;
const put = async (row: Row) => {
  await t.db.insertInto('audit_logs').values(row).execute();
};

beforeAll(async () => {
  t = await createTestApp({ AUDIT_ANCHOR_MAIL: ANCHOR_MAIL });
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], name: 'Root' }));
  cliEnv = { NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, JWT_SECRET: t.config.jwtSecret };
  await write(6);
});
afterAll(async () => {
  await t?.close();
});

describe('the audit chain', () => {
  it('links each entry to the one before, and the head to the last; a check is recorded and shown', async () => {
    const all = await rows();
    expect(all.length).toBeGreaterThanOrEqual(6);
    let prev = GENESIS_HASH;
    for (const r of all) {
      expect(r.prev_hash).toBe(prev);
      expect(r.hash).toBe(chainHash(prev, r as unknown as ChainedContent));
      prev = r.hash as string;
    }
    const res = await as().post('/api/admin/audit-log/chain/verify', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', broken_id: null, problem: null, entries: all.length });
    const status = (await as().get('/api/admin/audit-log/chain')).json();
    // The check's own entry is the head now.
    const [checked] = await lastIds(1);
    expect(status.head).toEqual({ last_id: checked, last_hash: (await rowById(checked)).hash, entries: all.length + 1 });
    expect(status.last_check).toMatchObject({ status: 'ok', entries: all.length, checked_by: expect.stringMatching(/^admin:\d+$/) });
    // The check itself is audited (and chained).
    const [last] = (await as().get('/api/admin/audit-log/index?action=verify_chain&per_page=1')).json().data;
    expect(last).toMatchObject({ target_type: 'audit_log', actor_kind: 'admin' });
  });

  it('refuses a check for anyone but a super admin, and a day range that ends before it starts', async () => {
    const plain = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    expect((await api(t.app, plain).get('/api/admin/audit-log/chain')).statusCode).toBe(403);
    expect((await api(t.app, plain).post('/api/admin/audit-log/chain/verify', {})).statusCode).toBe(403);
    const bad = await as().post('/api/admin/audit-log/chain/verify', { from_day: '2026-11-20', to_day: '2026-11-19' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('validate.error.invalid');
  });

  it('finds an edited before/after value at its entry', async () => {
    await write(2);
    const [id] = await lastIds(2);
    const kept = await rowById(id);
    await t.db.updateTable('audit_logs').set({ after: '{"name":"Forged"}' }).where('id', '=', id).execute();
    expect(await verify()).toMatchObject({ status: 'broken', broken_id: id, problem: 'altered' });
    await t.db.updateTable('audit_logs').set({ after: kept.after }).where('id', '=', id).execute();
    expect((await verify()).status).toBe('ok');
  });

  it('finds a deleted entry at the entry after it', async () => {
    await write(3);
    const [, gone, next] = await lastIds(3);
    const kept = await rowById(gone);
    await t.db.deleteFrom('audit_logs').where('id', '=', gone).execute();
    expect(await verify()).toMatchObject({ status: 'broken', broken_id: next, problem: 'missing_before' });
    await put(kept);
    expect((await verify()).status).toBe('ok');
  });

  it('finds the newest entry deleted, and a forged entry added after the head', async () => {
    await write(1);
    const [newest] = await lastIds(1);
    const kept = await rowById(newest);
    await t.db.deleteFrom('audit_logs').where('id', '=', newest).execute();
    expect(await verify()).toMatchObject({ status: 'broken', broken_id: newest, problem: 'head_mismatch' });
    await put(kept);
    expect((await verify()).status).toBe('ok');

    // A forged entry with a well-formed hash, linked to the head: the head does not name it.
    const [head] = await lastIds(1);
    const last = await rowById(head);
    const forged = { ...last, id: head + 1000, action: 'delete', created_at: new Date().toISOString(), prev_hash: last.hash };
    forged.hash = chainHash(last.hash as string, forged as unknown as ChainedContent);
    await put(forged);
    expect(await verify()).toMatchObject({ status: 'broken', broken_id: head + 1000, problem: 'head_mismatch' });

    // The chain goes on past it: the entry after links to the real head, so the forged one was put in between.
    await write(1);
    expect(await verify()).toMatchObject({ status: 'broken', broken_id: head + 1000, problem: 'inserted' });
    await t.db
      .deleteFrom('audit_logs')
      .where('id', '=', head + 1000)
      .execute();
    expect((await verify()).status).toBe('ok');
  });

  it('finds two swapped entries at the first of them', async () => {
    await write(3);
    const [a, b] = await lastIds(3);
    const [ra, rb] = [await rowById(a), await rowById(b)];
    const swap = async (x: Row, y: Row) => {
      const { id: _x, ...xContent } = x;
      await t.db.updateTable('audit_logs').set(xContent).where('id', '=', y.id).execute();
    };
    await swap(ra, rb);
    await swap(rb, ra);
    expect(await verify()).toMatchObject({ status: 'broken', broken_id: a, problem: 'reordered' });
    await swap(ra, ra);
    await swap(rb, rb);
    expect((await verify()).status).toBe('ok');
  });

  it('stays one chain under 50 concurrent writers', async () => {
    const before = (await rows()).length;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => as().post('/api/admin/admin-organization', { name: `Concurrent ${i}` })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const after = await rows();
    expect(after.length).toBe(before + 50);
    expect(await verify()).toMatchObject({ status: 'ok', entries: after.length });
    // Chain order is id order: no two entries link to the same one (no fork).
    expect(new Set(after.map((r) => r.prev_hash)).size).toBe(after.length);
  });

  it('the daily job anchors the day before (database, log, mail) and verifies; a rewritten chain then fails at the anchor', async () => {
    const now = new Date();
    // A fixed clock: the run of 2020-01-02 (Taipei) anchors 2020-01-01, before every entry here, whatever the hour.
    const today = '2020-01-02';
    const yesterday = addDays(today, -1);
    expect(await t.app.dailyJobs.runIfDue(AUDIT_CHAIN_JOB, new Date(`${today}T23:59:00+08:00`))).toBe('ran');
    const anchor = await t.db.selectFrom('audit_anchors').selectAll().where('day', '=', yesterday).executeTakeFirstOrThrow();
    // Every entry of this test was written after 2020-01-01: that day's head is the empty chain.
    expect(anchor).toMatchObject({ last_id: null, head_hash: GENESIS_HASH, entries: 0 });
    const mail = await t.db.selectFrom('mail_outbox').select(['to_address', 'template']).where('template', '=', 'audit_anchor').execute();
    expect(mail).toEqual([{ to_address: ANCHOR_MAIL, template: 'audit_anchor' }]);
    const status = (await as().get('/api/admin/audit-log/chain')).json();
    expect(status.last_check).toMatchObject({ status: 'ok', checked_by: 'daily' });
    expect(status.last_anchor).toMatchObject({ day: yesterday });

    // An anchor of today's head, as the next day's run records it; then the whole chain rewritten consistently.
    const all = await rows();
    await t.db
      .insertInto('audit_anchors')
      .values({
        day: today,
        last_id: all.at(-1)?.id ?? null,
        head_hash: all.at(-1)?.hash as string,
        entries: all.length,
        created_at: now.toISOString(),
      })
      .execute();
    const target = all[2];
    let prev = GENESIS_HASH;
    const rewritten = all.map((r) => {
      const content = r.id === target.id ? { ...r, after: '{"rewritten":true}' } : r;
      const hash = chainHash(prev, content as unknown as ChainedContent);
      const out = { ...content, prev_hash: prev, hash };
      prev = hash;
      return out;
    });
    for (const r of rewritten)
      await t.db.updateTable('audit_logs').set({ after: r.after, prev_hash: r.prev_hash, hash: r.hash }).where('id', '=', r.id).execute();
    await t.db.updateTable('audit_chain_head').set({ last_hash: prev }).where('id', '=', 1).execute();
    expect(await verify()).toMatchObject({ status: 'broken', broken_id: all.at(-1)?.id, problem: 'anchor_mismatch' });
    for (const r of all)
      await t.db.updateTable('audit_logs').set({ after: r.after, prev_hash: r.prev_hash, hash: r.hash }).where('id', '=', r.id).execute();
    await t.db
      .updateTable('audit_chain_head')
      .set({ last_hash: all.at(-1)?.hash as string })
      .where('id', '=', 1)
      .execute();
    expect((await verify()).status).toBe('ok');
  });

  it('npm run cli -- verify-audit answers 0 on an intact chain and 3 with the broken entry', async () => {
    const out: string[] = [];
    const io = { print: (s: string) => out.push(s), fail: (s: string) => out.push(s), env: cliEnv };
    expect(await runCli(['verify-audit'], io), out.join('\n')).toBe(0);
    expect(out.at(-1)).toMatch(/^audit chain intact: \d+ entries verified$/);
    expect(await runCli(['verify-audit', '--from', '2020-01-01', '--to', '2099-12-31'], io)).toBe(0);
    expect(await runCli(['verify-audit', '--from', '2026-02-30'], io)).toBe(1);

    const [id] = await lastIds(3);
    const kept = await rowById(id);
    await t.db.updateTable('audit_logs').set({ ip: '203.0.113.9' }).where('id', '=', id).execute();
    expect(await runCli(['verify-audit'], io)).toBe(3);
    expect(out.at(-1)).toContain(`BROKEN at entry ${id} (${kept.created_at}): altered`);
    await t.db.updateTable('audit_logs').set({ ip: kept.ip }).where('id', '=', id).execute();
    const [check] = await t.db.selectFrom('audit_chain_checks').select(['checked_by', 'status']).orderBy('id', 'desc').limit(1).execute();
    expect(check).toEqual({ checked_by: 'cli', status: 'broken' });
  });

  it('an export checks on its own with scripts/verify-audit-export.mjs, and an edited export fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-export-'));
    const res = await as().get('/api/admin/audit-log/export?format=csv&order=asc');
    expect(res.statusCode).toBe(200);
    const file = join(dir, 'audit.csv');
    writeFileSync(file, res.body);
    const ok = await run(process.execPath, [SCRIPT, file]);
    expect(ok.stdout).toMatch(/^audit export holds: \d+ rows, one unbroken chain from the first entry/);

    const lines = readFileSync(file, 'utf8').split('\r\n');
    const edited = lines.map((l, i) => (i === 3 ? l.replace('Chain', 'Chian') : l)).join('\r\n');
    expect(edited).not.toBe(lines.join('\r\n'));
    writeFileSync(join(dir, 'edited.csv'), edited);
    const failed = await run(process.execPath, [SCRIPT, join(dir, 'edited.csv')]).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^BROKEN at entry \d+ .*edited/);

    // A row left out: a gap, refused unless the export is declared partial.
    writeFileSync(join(dir, 'gap.csv'), lines.filter((_, i) => i !== 4).join('\r\n'));
    expect((await run(process.execPath, [SCRIPT, join(dir, 'gap.csv')]).catch((e) => e)).code).toBe(1);
    expect((await run(process.execPath, [SCRIPT, join(dir, 'gap.csv'), '--partial'])).stdout).toMatch(/1 gap/);
  });

  it('migration 0085 chains an existing log in id order', async () => {
    const db = t.db as unknown as Kysely<any>;
    await down(db);
    await up(db);
    expect((await verify()).status).toBe('ok');
    const all = await rows();
    expect(all[0].prev_hash).toBe(GENESIS_HASH);
    const head = await t.db.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow();
    expect(head).toMatchObject({ last_id: all.at(-1)?.id, entries: all.length });
  });
});
