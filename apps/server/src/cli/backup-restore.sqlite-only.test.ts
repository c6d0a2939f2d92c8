import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database.ts';
import { uploadPhoto } from '../site/site.testkit.ts';
import { buildCertificateType, upload } from '../modules/staff/staff.test-helpers.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { ARCHIVED, MANIFEST } from './backup-archive.ts';
import { runCli } from './main.ts';

/**
 * The whole data folder in one archive: a backup of a working back office, restored into an empty
 * data folder, brings back the same admins, staff, certificates with their scans, photos with every
 * variant, pages, the signing secret, and an audit chain verify-audit finds intact.
 */
let t: TestApp;
let work: string;
let archive: string;
beforeAll(async () => {
  // No JWT_SECRET: the secret is generated into DATA_DIR/jwt-secret, as in embedded mode.
  t = await createTestApp({ JWT_SECRET: '' });
  work = mkdtempSync(join(tmpdir(), 'bo-backup-'));
  archive = join(work, 'site.tar.gz');
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

async function cli(dataDir: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { print: (s) => out.push(s), fail: (s) => err.push(s), env: { NODE_ENV: 'test', DATA_DIR: dataDir } });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Everything the restore must bring back, read from one database, with the stored objects it names. */
async function contents(db: Database) {
  const admins = await db.selectFrom('admins').select(['email', 'password_hash', 'roles']).orderBy('id').execute();
  const staff = await db.selectFrom('staff').select(['name', 'organization_id']).orderBy('id').execute();
  const certificates = await db.selectFrom('staff_certificates').select(['number', 'file_key', 'file_name']).orderBy('id').execute();
  const photos = await db.selectFrom('photos').select(['uid', 'variants']).orderBy('id').execute();
  const pages = await db.selectFrom('pages').select(['slug', 'title', 'body']).orderBy('id').execute();
  const audit = await db
    .selectFrom('audit_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const keys = [
    ...certificates.flatMap((c) => (c.file_key ? [c.file_key] : [])),
    ...photos.flatMap((p) =>
      Object.values(JSON.parse(p.variants) as Record<string, { key: string; webp_key?: string }>).flatMap((v) =>
        [v.key, v.webp_key ?? []].flat(),
      ),
    ),
  ];
  return { admins, staff, certificates, photos, pages, audit: Number(audit.n), keys };
}

describe('backup --to FILE and restore --from FILE', () => {
  it('restore a whole back office into an empty data folder: rows, scans, photo variants, the secret and an intact audit chain', async () => {
    const org = await buildOrganization(t.db);
    const editor = await login(
      t.app,
      await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER'], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }),
      {
        organizationId: org.id,
      },
    );
    const type = await buildCertificateType(t.db, org.id);
    const staff = await api(t.app, editor).post('/api/admin/organization/staff', {
      name: '王小明',
      certificates: [{ certificate_type_id: type.id, number: 'SCAN-1' }],
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const { id: staffId, certificates } = staff.json();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const scan = await upload(
      t.app,
      editor,
      `/api/admin/organization/staff/${staffId}/certificates/${certificates[0].id}/file`,
      {},
      {
        name: '證書.pdf',
        data: pdf,
        type: 'application/pdf',
      },
    );
    expect(scan.statusCode, scan.body).toBe(200);
    await uploadPhoto(t.app, editor);
    const page = await api(t.app, editor).post('/api/admin/page', {
      type: 'article',
      slug: 'backup-page',
      title: '備份',
      body: '<p>還在</p>',
    });
    expect(page.statusCode, page.body).toBe(200);

    const made = await cli(t.dataDir, 'backup', '--to', archive);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('the database');
    expect(made.out).toContain('the stored files');
    expect(made.out).toContain('the JWT secret');
    expect((await cli(t.dataDir, 'backup', '--to', archive)).err).toContain('exists');
    const before = await contents(t.db);
    expect(before.keys.length).toBeGreaterThan(2);
    const objects = new Map(before.keys.map((k) => [k, readFileSync(join(t.dataDir, 'storage', k))]));

    const empty = mkdtempSync(join(work, 'empty-'));
    const restored = await cli(empty, 'restore', '--from', archive);
    expect(restored.code, restored.err).toBe(0);
    const { db } = createDatabase(`sqlite:${join(empty, 'app.sqlite')}`);
    try {
      const after = await contents(db);
      // The backup's own audit entry is written after the copy: the copy has one entry fewer than the live database.
      expect({ ...after, audit: after.audit + 1 }).toEqual(before);
      expect(after.staff).toContainEqual({ name: '王小明', organization_id: org.id });
      for (const [key, bytes] of objects) expect(readFileSync(join(empty, 'storage', key)).equals(bytes), key).toBe(true);
    } finally {
      await db.destroy();
    }
    expect(readFileSync(join(empty, 'jwt-secret'), 'utf8')).toBe(readFileSync(join(t.dataDir, 'jwt-secret'), 'utf8'));
    const verified = await cli(empty, 'verify-audit');
    expect(verified.code, verified.out).toBe(0);
  });

  it('refuses a file that is not a backup, and leaves the data folder as it was', async () => {
    const dir = mkdtempSync(join(work, 'refuse-'));
    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not an archive');
    const refused = await cli(dir, 'restore', '--from', junk);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is not a backup archive of this back office');
    expect((await cli(dir, 'restore', '--from', join(work, 'missing.tar.gz'))).err).toContain('does not exist');
    expect(existsSync(join(dir, 'app.sqlite'))).toBe(true);
    expect((await cli(dir, 'backup')).err).toContain('--to FILE is required');
  });
});

describe('docs/operations.md "Backups"', () => {
  it('names exactly the parts of DATA_DIR the archive holds, where the server keeps them', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../../docs/operations.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Backups'), doc.indexOf('\n## ', doc.indexOf('## Backups') + 1));
    const rows = section.split('\n').filter((l) => /^\| `/.test(l));
    const named = rows.map((l) => l.split('|').map((c) => c.trim().replace(/`/g, '')));
    expect(named.map((r) => r[1])).toEqual([MANIFEST, ARCHIVED.database, `${ARCHIVED.storage}/`, ARCHIVED.jwtSecret]);
    for (const r of named.slice(1)) expect(r[2]).toBe(`DATA_DIR/${r[1]!.replace(/\/$/, '')}`);
    // Where the local driver really writes, and the secret really lives (the old advice named DATA_DIR/files).
    expect(readdirSync(t.dataDir)).toEqual(expect.arrayContaining([ARCHIVED.storage, ARCHIVED.jwtSecret, ARCHIVED.database]));
    expect(section).not.toContain('DATA_DIR/files');
  });
});

describe('export-audit', () => {
  it('refuses a day that does not exist, or a range backwards, before it makes the file', async () => {
    const dir = mkdtempSync(join(work, 'export-'));
    for (const [from, to] of [
      ['2026-02-31', '2026-03-01'],
      ['2026-13-01', '2026-12-01'],
      ['2026-03-02', '2026-03-01'],
    ]) {
      const out = join(dir, `${from}.csv`);
      const r = await cli(dir, 'export-audit', '--out', out, '--from', from!, '--to', to!);
      expect(r.code, `${from} ${to}`).toBe(1);
      expect(existsSync(out), out).toBe(false);
    }
    const ok = await cli(dir, 'export-audit', '--out', join(dir, 'all.csv'), '--from', '2026-02-28', '--to', '2026-03-01');
    expect(ok.code, ok.err).toBe(0);
  });
});
