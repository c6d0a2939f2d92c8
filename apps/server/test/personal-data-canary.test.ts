import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.ts';
import { openBody } from '../src/lib/mail/outbox.ts';
import { sendCertificateReminders } from '../src/modules/certificate-reminder/reminder-job.ts';
import { rosterTemplate } from '../src/modules/staff-excel/staff-excel.fixtures.ts';
import { upload } from '../src/modules/staff/staff.test-helpers.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from './helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';

/**
 * Issue 37's canaries: a national id and a health value entered through the API must leave
 * nowhere in the clear (list, detail, search, errors, exports, audit entries and their export,
 * the OpenAPI document, the mails that name the worker, the debug log) and rest nowhere in the
 * clear (the database file or a pg_dump, a backup).
 */
const CANARY_ID = 'F131104093';
const CANARY_MASK = 'F13****093';
// A blood type is short: searched as a whole value (a cell, a JSON string), not as bytes that base64 may hold.
const CANARY_HEALTH = 'AB-';
const S = '/api/admin/organization/staff';
const E = '/api/admin/organization/staff-excel';

let t: TestApp;
let catcher: SmtpCatcher;
const lines: string[] = [];
let orgId: number;
let writerEmail: string;
let writer: string;
let superToken: string;
let staffId: number;

const noHealthValue = (text: string, where: string) => expect(text.includes(`"${CANARY_HEALTH}"`), where).toBe(false);
/** The lines of a text holding a canary (an empty list passes, and a failure shows only those lines). */
const holding = (text: string, canary: string) => text.split('\n').filter((l) => l.includes(canary));

beforeAll(async () => {
  // The mails go out by SMTP to a catcher on loopback, as a mailbox would receive them.
  catcher = await startSmtpCatcher();
  t = await createTestApp(
    { LOG_LEVEL: 'debug', SMTP_URL: catcher.url, MAIL_POLL_MS: '100' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  const org = await buildOrganization(t.db, { name: '大明營造' });
  orgId = org.id;
  const admin = await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
  writerEmail = admin.email;
  writer = await login(t.app, admin, { organizationId: org.id });
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

describe('a canary national id and health value', () => {
  it('leave every answer masked: create, detail, list, search, update, errors', async () => {
    const created = await api(t.app, writer).post(S, {
      name: '王大明',
      national_id: CANARY_ID,
      blood_type: CANARY_HEALTH,
      mobile: '0912345678',
    });
    expect(created.statusCode, created.body).toBe(200);
    staffId = created.json().id;
    const answers = [
      created,
      await api(t.app, writer).get(`${S}/${staffId}`),
      await api(t.app, writer).get(`${S}/index`),
      await api(t.app, writer).get(`${S}/index?keyword=${CANARY_ID}`),
      await api(t.app, superToken).get(`/api/admin/staff/index?keyword=${CANARY_ID}`),
      await api(t.app, superToken).get(`/api/admin/staff/${staffId}`),
      await api(t.app, writer).put(`${S}/${staffId}`, { name: '王大明', nickname: '阿明', national_id: CANARY_MASK, blood_type: '已記錄' }),
      await api(t.app, writer).patch(`${S}/${staffId}`, { field: 'job_title', value: '領班' }),
      // Refusals name the field, never the value.
      await api(t.app, writer).post(S, { name: '重複', national_id: CANARY_ID }),
      await api(t.app, writer).put(`${S}/${staffId}`, { name: '王大明', national_id: 'A12****789' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 409, 400]);
    expect(answers[3]!.json().data.map((s: { id: number }) => s.id)).toEqual([staffId]);
    for (const r of answers) {
      expect(holding(r.body, CANARY_ID)).toEqual([]);
      noHealthValue(r.body, 'answer');
    }
    expect(answers[1]!.json()).toMatchObject({ national_id: CANARY_MASK, blood_type: '已記錄' });
  });

  it('leave exports masked, the full-number field too', async () => {
    const cells = [
      { cell: 'B3', type: 'field', field: 'name' },
      { cell: 'C3', type: 'field', field: 'national_id' },
      { cell: 'D3', type: 'field', field: 'national_id_full' },
      { cell: 'E3', type: 'field', field: 'blood_type' },
    ];
    const tpl = await upload(
      t.app,
      writer,
      E,
      { name: '名冊', layout: 'roster', start_row: '3', cells: JSON.stringify(cells) },
      { name: '名冊.xlsx', data: await rosterTemplate(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    );
    expect(tpl.statusCode, tpl.body).toBe(200);
    for (const url of [`${E}/export-merge/${tpl.json().id}`, `${E}/export-split/${tpl.json().id}/${staffId}`]) {
      const res = await api(t.app, writer).post(url, url.includes('merge') ? { staff_ids: [staffId], options: {} } : { options: {} });
      expect(res.statusCode, res.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as any);
      const values: string[] = [];
      wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => void values.push(String(c.value)))));
      expect(values).toContain(CANARY_MASK);
      expect(values).toContain('已記錄');
      expect(values.join('\n')).not.toContain(CANARY_ID);
      expect(values).not.toContain(CANARY_HEALTH);
    }
  });

  it('leave the audit trail masked, with the blind index beside: its entries, its export, the OpenAPI document', async () => {
    const rows = await t.db.selectFrom('audit_logs').selectAll().where('target_type', '=', 'staff').execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const stored = JSON.stringify(rows);
    expect(stored).toContain(CANARY_MASK);
    const { national_id_bidx } = await t.db
      .selectFrom('staff')
      .select('national_id_bidx')
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    const created = rows.find((r) => r.action === 'create')!;
    expect(JSON.parse(created.after!)).toMatchObject({ national_id: CANARY_MASK, blood_type: '已記錄', national_id_bidx });
    const updated = rows.find((r) => r.action === 'update')!;
    expect(JSON.parse(updated.before!)).toMatchObject({ national_id: CANARY_MASK, national_id_bidx });
    expect(stored).not.toContain(CANARY_ID);
    noHealthValue(stored, 'audit rows');
    for (const url of ['/api/admin/audit-log/index?per_page=100', '/api/admin/audit-log/export?format=csv']) {
      const res = await api(t.app, superToken).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(holding(res.body, CANARY_ID), url).toEqual([]);
      noHealthValue(res.body, url);
      expect(/,AB-(,|\r?\n)/.test(res.body), url).toBe(false);
    }
    // The OpenAPI document shows no example of a real national id (its schemas name the blood types, as they must).
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body.match(/[A-Z][12]\d{8}/g)).toBeNull();
    const xlsx = await api(t.app, superToken).get('/api/admin/audit-log/export?format=xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as any);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => void cells.push(String(c.value)))));
    expect(cells.join('\n')).not.toContain(CANARY_ID);
    noHealthValue(cells.join('\n'), 'audit xlsx');
  });

  it("leave the mails that name the worker masked: the certificate reminder and the sites' compliance digests", async () => {
    // The canary worker holds a certificate about to expire and a site's due item, and works for a subcontractor with an e-mail.
    const day = '2026-12-01';
    const stamp = '2026-12-01T01:00:00.000Z';
    const ts = { created_at: stamp, updated_at: stamp };
    const contractorEmail = `canary-contractor-${orgId}@example.com`;
    const contractor = await t.db
      .insertInto('contractors')
      .values({
        organization_id: orgId,
        name: '永信工程行',
        tax_id: null,
        contact_name: '永信聯絡人',
        contact_phone: null,
        contact_email: contractorEmail,
        notes: null,
        ...ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('staff').set({ contractor_id: contractor.id }).where('id', '=', staffId).execute();
    const type = await t.db
      .insertInto('certificate_types')
      .values({ organization_id: orgId, name: '施工安全證', sort: 1, ...ts })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('staff_certificates')
      .values({
        organization_id: orgId,
        staff_id: staffId,
        certificate_type_id: type.id,
        number: null,
        issued_at: null,
        expires_at: '2026-12-10',
        file_key: null,
        file_name: null,
        file_type: null,
        file_size: null,
        ...ts,
      })
      .execute();
    const site = await t.db
      .insertInto('sites')
      .values({
        organization_id: orgId,
        name: '信義區住宅新建工程',
        contract_number: null,
        address: null,
        starts_on: '2026-10-01',
        ends_on: null,
        status: 'active',
        director_staff_id: null,
        notes: null,
        ...ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roster = await t.db
      .insertInto('site_roster')
      .values({
        organization_id: orgId,
        site_id: site.id,
        staff_id: staffId,
        site_role: 'worker',
        starts_on: '2026-10-01',
        ends_on: null,
        ...ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('compliance_due_items')
      .values({
        organization_id: orgId,
        site_id: site.id,
        roster_id: roster.id,
        staff_id: staffId,
        contractor_id: contractor.id,
        rule_key: 'periodic-health',
        rule_version: 1,
        state: 'dated',
        due_on: '2026-11-20',
        window_opens_on: null,
        reason_key: 'compliance.reason.next_due_overdue',
        reason_params: JSON.stringify({ last_on: '2023-11-20', months: 36, due_on: '2026-11-20', days_overdue: 11 }),
        computed_at: stamp,
      })
      .execute();

    expect(await sendCertificateReminders(t.app, day)).toMatchObject({ organizations: 1, mails: 3 });

    // Queued: each row's subject and its sealed html and text, opened.
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', 'in', ['certificate_expiry', 'compliance_due', 'compliance_due_contractor'])
      .execute();
    expect(outbox.map((m) => m.template).sort()).toEqual(['certificate_expiry', 'compliance_due', 'compliance_due_contractor']);
    for (const m of outbox) {
      const body = openBody(t.config, m.body);
      expect(body, m.template).not.toBeNull();
      const queued = `${m.subject}\n${body!.html}\n${body!.text}`;
      // The mail does name the worker: it is their data it is about.
      expect(queued, m.template).toContain('王大明');
      expect(holding(queued, CANARY_ID), m.template).toEqual([]);
      noHealthValue(queued, m.template);
      expect(queued.includes(`：${CANARY_HEALTH}`) || queued.includes(`｜${CANARY_HEALTH}`), m.template).toBe(false);
    }

    // Delivered: what the mailboxes received, headers and parts.
    const delivered = [await catcher.next(writerEmail), await catcher.next(writerEmail), await catcher.next(contractorEmail)];
    expect(delivered.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('證照'), expect.stringContaining('永信工程行')]),
    );
    for (const m of delivered) {
      const received = `${m.subject}\n${m.html || ''}\n${m.text ?? ''}\n${m.headerLines.map((h) => h.line).join('\n')}`;
      expect(received, m.subject).toContain('王大明');
      expect(holding(received, CANARY_ID), m.subject).toEqual([]);
      noHealthValue(received, `delivered ${m.subject}`);
    }
  });

  it('rest nowhere in the clear: every table row, the database file or a pg_dump, a backup, the debug log', async () => {
    // Every row of every table, read back through SQL: no cell holds either canary.
    const tables =
      testDialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(t.db)).rows.map(
            (r) => r.name,
          );
    expect(tables).toContain('staff');
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db);
      for (const row of rows)
        for (const [column, v] of Object.entries(row)) {
          const text = typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('latin1') : '';
          expect(text, `${table}.${column}`).not.toContain(CANARY_ID);
          expect(text === CANARY_HEALTH || text.includes(`"${CANARY_HEALTH}"`), `${table}.${column}`).toBe(false);
        }
    }

    if (testDialect === 'sqlite') {
      const file = t.config.databaseUrl.slice('sqlite:'.length);
      for (const f of [file, `${file}-wal`]) if (existsSync(f)) expect(readFileSync(f).includes(CANARY_ID), f).toBe(false);
    } else {
      const dump = execFileSync('pg_dump', ['--no-owner', t.config.databaseUrl], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
      expect(dump).toContain('national_id_enc');
      expect(dump).not.toContain(CANARY_ID);
      // COPY rows are tab-separated: no field is the health value or a JSON text holding it.
      for (const line of dump.split('\n'))
        for (const field of line.split('\t')) expect(field === CANARY_HEALTH || field.includes(`"${CANARY_HEALTH}"`)).toBe(false);
    }

    const archive = join(mkdtempSync(join(tmpdir(), 'bo-canary-')), 'backup.tar.gz');
    const env = { NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, JWT_SECRET: t.config.jwtSecret };
    const err: string[] = [];
    expect(await runCli(['backup', '--to', archive], { print: () => {}, fail: (l) => void err.push(l), env }), err.join('\n')).toBe(0);
    const tar = gunzipSync(readFileSync(archive));
    if (testDialect === 'sqlite') expect(tar.includes('SQLite format 3')).toBe(true);
    expect(tar.includes(CANARY_ID)).toBe(false);
    // The key that opens the values is kept apart from the backup.
    expect(tar.includes('personal-data.key')).toBe(false);

    const log = lines.join('');
    expect(log).toContain('"level":20');
    expect(log).toContain(`keyword=${CANARY_MASK}`);
    expect(holding(log, CANARY_ID)).toEqual([]);
    noHealthValue(log, 'log');
  });
});
