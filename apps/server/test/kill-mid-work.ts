import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { cardTemplate, samplePhoto } from '../src/modules/staff-excel/staff-excel.fixtures.ts';
import { XLSX, nationalId, roster } from '../src/modules/staff/staff-import.test-helpers.ts';
import { buildAdmin, buildOrganization } from './helpers.ts';
import { multipart } from './multipart.ts';
import { FINGERPRINT } from './fingerprint.ts';
import { http, loginOver, startServer, stopServer, type ServerProcess } from './server-process.ts';

/**
 * Issue 33, the process: `kill -9` while a staff import (rows written, not committed), a staff export
 * (rendered, not audited) and a photo upload (variants stored, no row yet) are each at their
 * checkpoint (WORK_RUN_TEST_PAUSE_MS holds them there), then a restart on the same data. Nothing of
 * the three is kept (rows, audit entries, photos, stored objects counted before and after) and each
 * screen's API reports its interrupted run to the admin who started it.
 */
export async function killMidWork(opts: { env: Record<string, string>; databaseUrl: string; dataDir: string }) {
  const env = { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'Kill-mid-work-1!', DATA_DIR: opts.dataDir, ...opts.env };
  let server: ServerProcess | undefined;
  let db: Database | undefined;
  try {
    server = await startServer({ ...env, WORK_RUN_TEST_PAUSE_MS: '60000' });
    db = createDatabase(opts.databaseUrl).db;
    const org = await buildOrganization(db, { name: '大安營造' });
    const admin = await buildAdmin(db, { roles: ['ROLE_BASE', 'ROLE_PHOTO'], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } });
    const signIn = async (url: string) => {
      const token = await loginOver(url, admin.email, admin.password);
      const r = await http(url, token).put('/api/admin/account/renew', { organization_id: org.id });
      expect(r.status, r.text).toBe(200);
      return r.json.token as string;
    };
    let token = await signIn(server.url);
    const send = (url: string, path: string, fields: Record<string, string>, file: { name: string; data: Buffer; type: string }) => {
      const body = multipart(fields, file);
      return fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}`, ...body.headers },
        body: body.payload,
      });
    };
    const client = () => http(server!.url, token);

    const staff = await client().post('/api/admin/organization/staff', { name: '王大明', national_id: 'A123456789' });
    expect(staff.status, staff.text).toBe(200);
    const template = await send(
      server.url,
      '/api/admin/organization/staff-excel',
      { name: '資料卡', layout: 'card', cells: JSON.stringify([{ cell: 'B2', type: 'field', field: 'display_name' }]) },
      { name: '範本.xlsx', data: await cardTemplate(), type: XLSX },
    );
    expect(template.status).toBe(200);
    const templateId = ((await template.json()) as { id: number }).id;

    const before = await counts(db, opts.dataDir);
    const rows = Array.from({ length: 100 }, (_, i) => [`匯入人員${i}`, nationalId(100 + i)]);
    const rosterFile = await roster({ 名冊: [['姓名', '身分證字號'], ...rows] });
    const paused = (n: number) =>
      expect.poll(() => server!.output().match(/\(WORK_RUN_TEST_PAUSE_MS\)/g)?.length ?? 0, { timeout: 30_000, interval: 50 }).toBe(n);
    // Each request dies with the process; only their runs and what they left matter.
    const cut = (p: Promise<unknown>) => p.catch(() => undefined);
    // On SQLite one connection serves the process: the import, paused inside its transaction, goes last.
    const inFlight = [
      cut(
        fetch(`${server.url}/api/admin/organization/staff-excel/export-split/${templateId}/${staff.json.id}`, {
          method: 'POST',
          headers: { 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ options: {} }),
        }),
      ),
    ];
    await paused(1);
    inFlight.push(
      cut(send(server.url, '/api/admin/photo/upload?title=cut', {}, { name: 'site.jpg', data: await samplePhoto(), type: 'image/jpeg' })),
    );
    await paused(2);
    inFlight.push(cut(send(server.url, '/api/admin/organization/staff/import', {}, { name: '名冊.xlsx', data: rosterFile, type: XLSX })));
    await paused(3);
    // The photo's variants are on disk, the import's rows in its open transaction.
    expect((await counts(db, opts.dataDir)).storedFiles).toBeGreaterThan(before.storedFiles);

    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    await Promise.all(inFlight);

    server = await startServer(env);
    // Counted before signing in again (a sign-in is audited).
    expect(await counts(db, opts.dataDir)).toEqual({ ...before, interruptedRuns: 3 });
    token = await signIn(server.url);

    for (const [kind, key, file_name] of [
      ['staff_import', 'work_run.staff_import_interrupted', '名冊.xlsx'],
      ['staff_export', 'work_run.staff_export_interrupted', '資料卡'],
      ['photo_upload', 'work_run.photo_upload_interrupted', 'site.jpg'],
    ]) {
      const r = await client().get(`/api/admin/work-runs/interrupted?kind=${kind}`);
      expect(r.status).toBe(200);
      expect(r.json.data).toEqual([expect.objectContaining({ kind, key, file_name, organization_id: org.id })]);
    }
    const [run] = (await client().get('/api/admin/work-runs/interrupted?kind=staff_import')).json.data;
    expect((await client().delete(`/api/admin/work-runs/interrupted/${run.id}`)).status).toBe(204);
    expect((await client().get('/api/admin/work-runs/interrupted?kind=staff_import')).json.data).toEqual([]);

    // Done again after the restart, the import goes through and leaves no notice.
    const again = await send(server.url, '/api/admin/organization/staff/import', {}, { name: '名冊.xlsx', data: rosterFile, type: XLSX });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { created_count: number }).created_count).toBe(100);
    expect((await client().get('/api/admin/work-runs/interrupted?kind=staff_import')).json.data).toEqual([]);
  } finally {
    await stopServer(server, 'SIGKILL');
    await db?.destroy();
  }
}

const filesUnder = (dir: string): number => {
  let n = 0;
  for (const name of (() => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  })()) {
    const p = join(dir, name);
    n += statSync(p).isDirectory() ? filesUnder(p) : 1;
  }
  return n;
};

async function counts(db: Database, dataDir: string) {
  const count = async (table: 'staff' | 'audit_logs' | 'photos') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const interrupted = await db
    .selectFrom('work_runs')
    .select((e) => e.fn.countAll().as('n'))
    .where('status', '=', 'interrupted')
    .executeTakeFirstOrThrow();
  return {
    staff: await count('staff'),
    auditEntries: await count('audit_logs'),
    photos: await count('photos'),
    storedFiles: filesUnder(join(dataDir, 'storage')),
    interruptedRuns: Number(interrupted.n),
  };
}
