import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { decryptField } from '../../lib/personal-data/reveal-field.ts';
import { personalFields } from '../../lib/personal-data/categories.ts';
import { inOrganization } from '../../lib/context/scope.ts';
import { openedStaffOf } from './staff.test-helpers.ts';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let writerA: string;
let writerB: string;
let superToken: string;
const S = '/api/admin/organization/staff';
// A valid national id (check digit verified) used nowhere else in this file's data.
const ID = 'F131104093';

beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  writerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgA.id,
  });
  writerB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgB.id,
  });
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
});

const stored = async (id: number) => t.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('personal data declared once', () => {
  it('lists each personal field with its category and where it is stored', () => {
    expect(personalFields('staff').map((f) => [f.field, f.category, f.encrypted, f.columns.sealed])).toEqual([
      ['national_id', 'identifier', true, 'national_id_enc'],
      ['blood_type', 'health', true, 'blood_type_enc'],
      ['mobile', 'contact', false, null],
      ['address', 'contact', false, null],
      ['emergency_contact', 'contact', false, null],
      ['emergency_phone', 'contact', false, null],
    ]);
  });
});

describe('staff personal data at rest', () => {
  let staffId: number;
  it('stores the national id and blood type sealed, with a blind index and a mask, never plain', async () => {
    const res = await api(t.app, writerA).post(S, { name: '王大明', national_id: ID.toLowerCase(), blood_type: 'AB-' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ national_id: 'F13****093', blood_type: '已記錄' });
    staffId = res.json().id;
    const row = await stored(staffId);
    expect(row.national_id).toBeNull();
    expect(row.blood_type).toBeNull();
    expect(row.national_id_enc).toMatch(/^pd1\.\d+\./);
    expect(row.blood_type_enc).toMatch(/^pd1\.\d+\./);
    expect(row.national_id_masked).toBe('F13****093');
    expect(row.national_id_bidx).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(ID);
    const [opened] = await openedStaffOf(t.db, t.config, orgA.id);
    expect(opened).toMatchObject({ national_id: ID, blood_type: 'AB-' });
  });

  it('finds a staff by the full national id (any case, full-width), never by some of its digits', async () => {
    const search = async (keyword: string) =>
      (await api(t.app, writerA).get(`${S}/index?keyword=${encodeURIComponent(keyword)}`)).json().data.map((s: { id: number }) => s.id);
    expect(await search(ID)).toEqual([staffId]);
    expect(await search(ID.toLowerCase())).toEqual([staffId]);
    expect(await search('Ｆ１３１１０４０９３')).toEqual([staffId]);
    expect(await search('1104')).toEqual([]);
    expect(await search('F131')).toEqual([]);
    expect(await search('093')).toEqual([]);
    // Another organization's writer finds nothing by it; the super admin's list across organizations does.
    expect((await api(t.app, writerB).get(`${S}/index?keyword=${ID}`)).json().data).toEqual([]);
    const across = (await api(t.app, superToken).get(`/api/admin/staff/index?keyword=${ID}`)).json();
    expect(across.data.map((s: { id: number; national_id: string }) => [s.id, s.national_id])).toEqual([[staffId, 'F13****093']]);
  });

  it('keeps the stored values when the form sends back what it was shown, and refuses a mask that is not the staff own', async () => {
    const keep = await api(t.app, writerA).put(`${S}/${staffId}`, { name: '王大明', national_id: 'F13****093', blood_type: '已記錄' });
    expect(keep.statusCode, keep.body).toBe(200);
    expect((await openedStaffOf(t.db, t.config, orgA.id))[0]).toMatchObject({ national_id: ID, blood_type: 'AB-' });

    const wrongMask = await api(t.app, writerA).put(`${S}/${staffId}`, { name: '王大明', national_id: 'A12****789', blood_type: '已記錄' });
    expect(wrongMask.statusCode).toBe(400);
    expect(wrongMask.json().errors).toEqual({ national_id: ['validate.error.national_id_incorrect'] });
    const maskOnCreate = await api(t.app, writerA).post(S, { name: '新人', national_id: 'F13****093' });
    expect(maskOnCreate.statusCode).toBe(400);
    const recordedOnCreate = await api(t.app, writerA).post(S, { name: '新人', blood_type: '已記錄' });
    expect(recordedOnCreate.statusCode).toBe(400);
    expect(recordedOnCreate.json().errors).toEqual({ blood_type: ['validate.error.invalid'] });

    const change = await api(t.app, writerA).put(`${S}/${staffId}`, { name: '王大明', national_id: 'A123456789', blood_type: null });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({ national_id: 'A12****789', blood_type: null });
    const row = await stored(staffId);
    expect(row.blood_type_enc).toBeNull();
    expect((await openedStaffOf(t.db, t.config, orgA.id))[0]).toMatchObject({ national_id: 'A123456789', blood_type: null });
  });

  it('keeps a national id unique within the organization through its blind index, and free in another', async () => {
    const again = await api(t.app, writerA).post(S, { name: '重複', national_id: 'A123456789' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ national_id: ['validate.error.already_exists'] });
    expect(again.body).not.toContain('A123456789');
    expect((await api(t.app, writerB).post(S, { name: '別家', national_id: 'A123456789' })).statusCode).toBe(200);
  });

  it('opens a value for the reveal only inside the scope, and never one moved onto another row', async () => {
    const ctx = { db: t.db, config: t.config };
    expect(await decryptField({ ...ctx, scope: inOrganization(orgA.id) }, 'staff', 'national_id', staffId)).toBe('A123456789');
    await expect(decryptField({ ...ctx, scope: inOrganization(orgB.id) }, 'staff', 'national_id', staffId)).rejects.toMatchObject({
      statusCode: 404,
    });
    const other = await api(t.app, writerA).post(S, { name: '李小華' });
    const sealed = (await stored(staffId)).national_id_enc;
    await t.db.updateTable('staff').set({ national_id_enc: sealed }).where('id', '=', other.json().id).execute();
    await expect(decryptField({ ...ctx, scope: inOrganization(orgA.id) }, 'staff', 'national_id', other.json().id)).rejects.toThrow(
      /does not open/,
    );
  });
});
