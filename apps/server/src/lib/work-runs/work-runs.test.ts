import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../errors.ts';
import { adminActing } from '../context/principals.ts';
import { appHost, runInTransaction } from '../context/request-context.ts';
import { LOCAL_STORAGE_FOLDER } from '../storage/create-storage.ts';
import { api, buildAdmin, createTestApp, login, testDialect, type TestApp } from '../../../test/helpers.ts';
import type { OpenAdminTransaction } from './work-runs.ts';

// What happens to a run recorded in work_runs: done with its work's commit, failed when refused, and
// which runs a sweep takes for those of a process that is gone (the kill tests: test/kill-mid-work.ts).
let t: TestApp;
let adminId: number;
let open: OpenAdminTransaction;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await buildAdmin(t.db)).id;
  const principal = adminActing(adminId, { ip: null, userAgent: null });
  open = (fn) => runInTransaction(appHost(t.app), principal, null, fn);
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (id: number) =>
  (await t.db.selectFrom('work_runs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const lastRun = async () =>
  (await t.db.selectFrom('work_runs').select(['id', 'status']).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
const runningRun = async (over: { pid: number; started_at: string; heartbeat_at: string; host?: string; detail?: object }) =>
  (
    await t.db
      .insertInto('work_runs')
      .values({
        kind: 'photo_upload',
        organization_id: null,
        admin_id: adminId,
        status: 'running',
        detail: JSON.stringify(over.detail ?? {}),
        host: over.host ?? hostname(),
        pid: over.pid,
        started_at: over.started_at,
        heartbeat_at: over.heartbeat_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('work runs', () => {
  it('is done exactly with the commit of the work that finishes it', async () => {
    const answer = await t.app.workRuns.track(open, 'staff_import', { file_name: 'a.xlsx' }, async (run) => {
      await open(async (ctx) => run.finish(ctx));
      return 42;
    });
    expect(answer).toBe(42);
    expect(await statusOf(await lastRun())).toBe('done');
  });

  it('is failed when the work is refused, and the refusal reaches the caller; a rolled-back finish is not done', async () => {
    await expect(
      t.app.workRuns.track(open, 'staff_import', { file_name: 'b.xlsx' }, (run) =>
        open(async (ctx) => {
          await run.finish(ctx);
          throw badRequest({ file: ['validate.error.invalid'] });
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await statusOf(await lastRun())).toBe('failed');
  });

  it("marks an earlier process's running work interrupted and removes the objects and half-written files of its photo upload", async () => {
    const key = 'public/photos/test-uid/large.jpg';
    const dir = join(t.dataDir, LOCAL_STORAGE_FOLDER, 'public/photos/test-uid');
    await t.app.storage.put(key, Buffer.from('variant'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'origin.jpg.a1b2c3.tmp'), 'half');
    const long = new Date(Date.now() - 3600_000).toISOString();
    // This pid, started before this process: a container restarted, its pid 1 again.
    const id = await runningRun({
      pid: process.pid,
      started_at: long,
      heartbeat_at: long,
      detail: { keys: [key, 'public/photos/test-uid/origin.jpg'] },
    });
    expect(await t.app.workRuns.sweep(true)).toBe(1);
    expect(await statusOf(id)).toBe('interrupted');
    expect(await t.app.storage.exists(key)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });

  it('leaves the running work of a live process alone unless it went silent (on SQLite one server holds the data: all of it is taken at start-up)', async () => {
    const now = new Date().toISOString();
    const stale = new Date(Date.now() - 10 * 60_000).toISOString();
    const live = await runningRun({ pid: process.ppid, started_at: now, heartbeat_at: now });
    const otherHost = await runningRun({ pid: 1, host: 'another-instance', started_at: now, heartbeat_at: now });
    const silent = await runningRun({ pid: 1, host: 'another-instance', started_at: stale, heartbeat_at: stale });
    await t.app.workRuns.sweep(false);
    expect([await statusOf(live), await statusOf(otherHost), await statusOf(silent)]).toEqual(['running', 'running', 'interrupted']);
    await t.app.workRuns.sweep(true);
    const taken = testDialect === 'sqlite' ? 'interrupted' : 'running';
    expect([await statusOf(live), await statusOf(otherHost)]).toEqual([taken, taken]);
  });

  it('lists only its own admin’s interrupted runs of a kind, until dismissed', async () => {
    const other = await buildAdmin(t.db);
    const token = await login(t.app, other);
    expect((await api(t.app, token).get('/api/admin/work-runs/interrupted?kind=photo_upload')).json().data).toEqual([]);
    expect((await api(t.app, token).get('/api/admin/work-runs/interrupted?kind=nonsense')).statusCode).toBe(400);
    const theirs = (await t.db.selectFrom('work_runs').select('id').where('status', '=', 'interrupted').executeTakeFirstOrThrow()).id;
    expect((await api(t.app, token).delete(`/api/admin/work-runs/interrupted/${theirs}`)).statusCode).toBe(404);
  });
});
