import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { rosterTemplate } from '../staff-excel/staff-excel.fixtures.ts';
import { buildStaff, upload } from './staff.test-helpers.ts';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let ming: { id: number; name: string };
let other: { id: number; name: string };
const S = '/api/admin/organization/staff';
const E = '/api/admin/organization/staff-excel';
const PASSWORD = 'Passw0rd!';
const CANARY = 'A123456789';

/** A signed-in admin of organization A with these sub-account (and ROLE_) roles. */
async function signedIn(sub: string[], roles: string[] = []) {
  const admin = await buildAdmin(t.db, { roles, memberships: { [orgA.id]: sub }, password: PASSWORD });
  return login(t.app, admin, { organizationId: orgA.id });
}
const prove = async (token: string) =>
  expect((await api(t.app, token).post('/api/admin/account/verify-identity', { password: PASSWORD })).statusCode).toBe(200);
const reveal = (token: string, id: number, body: Record<string, unknown>) => api(t.app, token).post(`${S}/${id}/reveal`, body);
const reveals = (id: number) =>
  t.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('action', '=', 'reveal')
    .where('target_type', '=', 'staff')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  ming = await buildStaff(t.db, orgA.id, { name: '王大明', national_id: CANARY }, t.app.config);
  other = await buildStaff(t.db, orgB.id, { name: '林小美', national_id: 'F131104093' }, t.app.config);
});
afterAll(async () => {
  await t?.close();
});

describe('reveal a masked field', () => {
  it('refuses an admin without a role that may reveal: 403 naming the roles, nothing logged', async () => {
    const writer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_WRITE']);
    await prove(writer);
    const res = await reveal(writer, ming.id, { field: 'national_id', reason_code: 'labor_insurance' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      key: 'permission.role_missing',
      required_roles: expect.arrayContaining(['SUB_ACCOUNT_ROLE_PERSONAL_DATA']),
    });
    expect(res.body).not.toContain(CANARY);
    expect(await reveals(ming.id)).toHaveLength(0);
  });

  it('refuses a holder of the role without a fresh identity proof: 403 Identity verification required, nothing logged', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    const res = await reveal(viewer, ming.id, { field: 'national_id', reason_code: 'labor_insurance' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Identity verification required');
    expect(res.body).not.toContain(CANARY);
    expect(await reveals(ming.id)).toHaveLength(0);
  });

  it('with the role and the proof answers the value for 60 s and logs exactly one read entry in the chain', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    await prove(viewer);
    const before = await reveals(ming.id);
    // As the web sends it, naming the organization it acts in.
    const res = await reveal(viewer, ming.id, { field: 'national_id', reason_code: 'authority_inspection', organization_id: orgA.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ value: CANARY, expires_in: 60 });

    const entries = await reveals(ming.id);
    expect(entries).toHaveLength(before.length + 1);
    const entry = entries.at(-1)!;
    expect(entry).toMatchObject({ actor_kind: 'admin', organization_id: orgA.id, target_label: '王大明', before: null });
    expect(entry.ip).toBeTruthy();
    expect(entry.hash).toBeTruthy();
    expect(JSON.parse(entry.after as string)).toEqual({ field: 'national_id', reason_code: 'authority_inspection' });
    // The log names the field and the reason, never the value.
    expect(JSON.stringify(entry)).not.toContain(CANARY);

    // The entry is in the audit log's filter by action, and the chain holds with it.
    const superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    const listed = await api(t.app, superToken).get(`/api/admin/audit-log/index?action=reveal&target_type=staff&target_id=${ming.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((e: { id: number }) => e.id)).toContain(entry.id);
    const chain = await api(t.app, superToken).post('/api/admin/audit-log/chain/verify', {});
    expect(chain.json()).toMatchObject({ status: 'ok' });
  });

  it('lets the organization admin and the company-wide personal data viewer reveal, and a health value too', async () => {
    const orgAdmin = await signedIn(['SUB_ACCOUNT_ROLE_ADMIN']);
    await prove(orgAdmin);
    expect((await reveal(orgAdmin, ming.id, { field: 'blood_type', reason_code: 'subject_request' })).json()).toEqual({
      value: 'O',
      expires_in: 60,
    });
    const companyWide = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ'], ['ROLE_PERSONAL_DATA']);
    await prove(companyWide);
    const res = await reveal(companyWide, ming.id, { field: 'national_id', reason_code: 'other', reason_text: '勞檢補件' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse((await reveals(ming.id)).at(-1)!.after as string)).toEqual({
      field: 'national_id',
      reason_code: 'other',
      reason_text: '勞檢補件',
    });
  });

  it('asks for the words of an "other" reason and refuses unknown fields and reasons: 400, nothing logged', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    await prove(viewer);
    const count = (await reveals(ming.id)).length;
    const noWords = await reveal(viewer, ming.id, { field: 'national_id', reason_code: 'other' });
    expect(noWords.statusCode).toBe(400);
    expect(noWords.json().errors).toMatchObject({ reason_text: ['validate.error.required'] });
    expect((await reveal(viewer, ming.id, { field: 'national_id', reason_code: 'other', reason_text: '   ' })).statusCode).toBe(400);
    expect((await reveal(viewer, ming.id, { field: 'mobile', reason_code: 'labor_insurance' })).statusCode).toBe(400);
    expect((await reveal(viewer, ming.id, { field: 'national_id', reason_code: 'curiosity' })).statusCode).toBe(400);
    expect((await reveal(viewer, ming.id, { field: 'national_id' })).statusCode).toBe(400);
    expect(await reveals(ming.id)).toHaveLength(count);
  });

  it('answers 404 for a staff member of another organization, and logs nothing there', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    await prove(viewer);
    const res = await reveal(viewer, other.id, { field: 'national_id', reason_code: 'labor_insurance' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('F131104093');
    expect(await reveals(other.id)).toHaveLength(0);
  });

  it('opens the sealed value and changes nothing of the record: its row stays as it was', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    await prove(viewer);
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', ming.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(CANARY);
    expect((await reveal(viewer, ming.id, { field: 'national_id', reason_code: 'labor_insurance' })).statusCode).toBe(200);
    expect(await t.db.selectFrom('staff').selectAll().where('id', '=', ming.id).executeTakeFirstOrThrow()).toEqual(row);
  });
});

describe('unmasked export', () => {
  let tpl: { id: number };
  const exports = () =>
    t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'export').where('target_type', '=', 'staff_excel').execute();
  const body = (over: Record<string, unknown> = {}) => ({ staff_ids: [ming.id], options: {}, ...over });
  const unmaskedBody = () => body({ unmasked: ['national_id', 'blood_type'], reason_code: 'labor_insurance' });
  async function row3(buf: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as any);
    const ws = wb.worksheets[0]!;
    return [ws.getCell('B3').value, ws.getCell('C3').value, ws.getCell('D3').value, ws.getCell('E3').value];
  }

  beforeAll(async () => {
    const writer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_WRITE']);
    const cells = [
      { cell: 'B3', type: 'field', field: 'name' },
      { cell: 'C3', type: 'field', field: 'national_id' },
      { cell: 'D3', type: 'field', field: 'national_id_full' },
      { cell: 'E3', type: 'field', field: 'blood_type' },
    ];
    const res = await upload(
      t.app,
      writer,
      E,
      { name: '勞保名冊', layout: 'roster', start_row: '3', cells: JSON.stringify(cells) },
      { name: 'r.xlsx', data: await rosterTemplate(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    );
    expect(res.statusCode, res.body).toBe(200);
    tpl = res.json();
  });

  it('exports identifiers and health values masked by default', async () => {
    const reader = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ']);
    const res = await api(t.app, reader).post(`${E}/export-merge/${tpl.id}`, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(await row3(res.rawPayload)).toEqual(['王大明', 'A12****789', 'A12****789', '已記錄']);
  });

  it('refuses unmasked fields without the role, and without a fresh proof: 403, no export logged', async () => {
    const count = (await exports()).length;
    const reader = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ']);
    await prove(reader);
    const noRole = await api(t.app, reader).post(`${E}/export-merge/${tpl.id}`, unmaskedBody());
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json().key).toBe('permission.role_missing');
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    const noProof = await api(t.app, viewer).post(`${E}/export-split/${tpl.id}/${ming.id}`, {
      options: {},
      unmasked: ['national_id'],
      reason_code: 'labor_insurance',
    });
    expect(noProof.statusCode).toBe(403);
    expect(noProof.json().message).toBe('Identity verification required');
    expect(await exports()).toHaveLength(count);
  });

  it('asks for a reason with unmasked fields: 400', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    await prove(viewer);
    const res = await api(t.app, viewer).post(`${E}/export-merge/${tpl.id}`, body({ unmasked: ['national_id'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ reason_code: ['validate.error.required'] });
    const other = await api(t.app, viewer).post(`${E}/export-merge/${tpl.id}`, body({ unmasked: ['national_id'], reason_code: 'other' }));
    expect(other.json().errors).toMatchObject({ reason_text: ['validate.error.required'] });
  });

  it('with the role, the proof and a reason exports them in plain, and its entry names the fields that left unmasked', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    await prove(viewer);
    const count = (await exports()).length;
    const res = await api(t.app, viewer).post(`${E}/export-merge/${tpl.id}`, unmaskedBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(await row3(res.rawPayload)).toEqual(['王大明', 'A12****789', CANARY, 'O']);
    const entries = await exports();
    expect(entries).toHaveLength(count + 1);
    const entry = entries.at(-1)!;
    expect(JSON.parse(entry.after as string)).toMatchObject({
      mode: 'merge',
      staff_ids: [ming.id],
      unmasked: ['national_id', 'blood_type'],
      reason_code: 'labor_insurance',
    });
    expect(JSON.stringify(entry)).not.toContain(CANARY);

    const split = await api(t.app, viewer).post(`${E}/export-split/${tpl.id}/${ming.id}`, {
      options: {},
      unmasked: ['national_id'],
      reason_code: 'subject_request',
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(await row3(split.rawPayload)).toEqual(['王大明', 'A12****789', CANARY, '已記錄']);
    expect(JSON.parse((await exports()).at(-1)!.after as string)).toMatchObject({
      mode: 'split',
      unmasked: ['national_id'],
      reason_code: 'subject_request',
    });
  });

  it('answers 404 for staff of another organization, unmasked or not', async () => {
    const viewer = await signedIn(['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    await prove(viewer);
    const res = await api(t.app, viewer).post(`${E}/export-merge/${tpl.id}`, { ...unmaskedBody(), staff_ids: [other.id] });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('F131104093');
    expect(
      (
        await api(t.app, viewer).post(`${E}/export-split/${tpl.id}/${other.id}`, {
          options: {},
          unmasked: ['national_id'],
          reason_code: 'labor_insurance',
        })
      ).statusCode,
    ).toBe(404);
  });
});
