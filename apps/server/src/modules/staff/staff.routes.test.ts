import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaiwanNationalId, maskNationalId } from '@bo/shared/schemas/staff';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';
import { buildCertificateType, buildStaff, upload } from './staff.test-helpers.ts';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let writerA: string;
let readerA: string;
let writerB: string;
let superToken: string;
let photoEditorA: string;
let photoEditorB: string;
const S = '/api/admin/organization/staff';

beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  writerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgA.id,
  });
  readerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA.id,
  });
  writerB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgB.id,
  });
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
  photoEditorA = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'], memberships: { [orgA.id]: [] } }), {
    organizationId: orgA.id,
  });
  photoEditorB = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'], memberships: { [orgB.id]: [] } }), {
    organizationId: orgB.id,
  });
});

/** A photo uploaded to the library of the photo editor's organization through the photo routes. */
async function libraryPhoto(token: string) {
  const res = await upload(
    t.app,
    token,
    '/api/admin/photo/upload',
    {},
    { name: 'lib.jpg', data: await samplePhoto('#16a34a', 80, 100), type: 'image/jpeg' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
afterAll(async () => {
  await t?.close();
});

describe('national id', () => {
  it('accepts Taiwan national ids and resident certificates with a valid checksum only', () => {
    for (const ok of ['A123456789', 'F131104093', 'A800000014', 'AC01234567']) expect(isTaiwanNationalId(ok), ok).toBe(true);
    for (const bad of ['A123456788', 'A323456789', '1234567890', 'A12345678', '']) expect(isTaiwanNationalId(bad), bad).toBe(false);
    expect(maskNationalId('A123456789')).toBe('A12****789');
  });
});

describe('staff records', () => {
  it('creates a staff with certificates, reads it back masked (national id, blood type) in the detail and the list', async () => {
    const type = await buildCertificateType(t.db, orgA.id, '職安');
    const res = await api(t.app, writerA).post(S, {
      name: '王大明',
      nickname: '阿明',
      national_id: 'a123456789',
      birthday: '1990-05-06',
      gender: 'male',
      mobile: '0912345678',
      email: 'wang@example.com',
      emergency_contact: '王媽媽',
      emergency_phone: '+886912345678',
      blood_type: 'O',
      job_title: '領班',
      hire_date: '2020-01-01',
      certificates: [{ certificate_type_id: type.id, number: 'S-1', issued_at: '2024-01-01', expires_at: '2030-01-01' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const staff = res.json();
    expect(staff).toMatchObject({
      display_name: '王大明 (阿明)',
      national_id: 'A12****789',
      blood_type: '已記錄',
      organization_id: orgA.id,
      certificate_status: 'valid',
    });
    expect(staff.certificates).toHaveLength(1);
    const list = (await api(t.app, readerA).get(`${S}/index?keyword=大明`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0].national_id).toBe('A12****789');
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'staff')
      .where('target_id', '=', String(staff.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain('create');
  });

  it('answers bad input with field errors (national id checksum, phone, email, date)', async () => {
    const res = await api(t.app, writerA).post(S, {
      name: ' ',
      national_id: 'A123456788',
      mobile: '12345',
      email: 'x',
      birthday: '2020-02-30',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: ['validate.error.required'],
      national_id: ['validate.error.national_id_incorrect'],
      mobile: ['validate.error.phone_number_incorrect'],
      email: ['validate.error.email_incorrect'],
    });
    expect(res.json().errors.birthday).toBeDefined();
  });

  it('takes phones as Taiwanese write them (0912-345-678, 02-2960-1234), stores the digits and still refuses a wrong count', async () => {
    const res = await api(t.app, writerA).post(S, { name: '王小明', mobile: '0912-345-678', emergency_phone: '(02) 2960-1234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mobile: '0912345678', emergency_phone: '0229601234' });
    const patched = await api(t.app, writerA).patch(`${S}/${res.json().id}`, { field: 'mobile', value: '0933 222 111' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().mobile).toBe('0933222111');
    const bad = await api(t.app, writerA).post(S, { name: '王小華', mobile: '0912-345-67', emergency_phone: '02-2960-12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      mobile: ['validate.error.phone_number_incorrect'],
      emergency_phone: ['validate.error.phone_number_incorrect'],
    });
  });

  it('refuses a second staff with the same national id in the organization (409)', async () => {
    await api(t.app, writerA).post(S, { name: 'X', national_id: 'F131104093' });
    const res = await api(t.app, writerA).post(S, { name: 'Y', national_id: 'F131104093' });
    expect(res.statusCode).toBe(409);
    expect((await api(t.app, writerB).post(S, { name: 'Z', national_id: 'F131104093' })).statusCode).toBe(200);
  });

  it('updates certificates: keeps those with an id, adds new ones, removes missing ones', async () => {
    const type = await buildCertificateType(t.db, orgA.id);
    const created = (
      await api(t.app, writerA).post(S, {
        name: 'Cert',
        certificates: [
          { certificate_type_id: type.id, number: 'one' },
          { certificate_type_id: type.id, number: 'two' },
        ],
      })
    ).json();
    const [one] = created.certificates;
    const res = await api(t.app, writerA).put(`${S}/${created.id}`, {
      name: 'Cert',
      certificates: [
        { id: one.id, certificate_type_id: type.id, number: 'one-b' },
        { certificate_type_id: type.id, number: 'three' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().certificates.map((c: any) => c.number)).toEqual(['one-b', 'three']);
  });

  it('refuses a certificate type of another organization', async () => {
    const typeB = await buildCertificateType(t.db, orgB.id);
    const res = await api(t.app, writerA).post(S, { name: 'Bad', certificates: [{ certificate_type_id: typeB.id }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['certificates.0.certificate_type_id']).toBeDefined();
  });

  it('patches allow-listed fields only', async () => {
    const s = await buildStaff(t.db, orgA.id);
    expect((await api(t.app, writerA).patch(`${S}/${s.id}`, { field: 'status', value: 'inactive' })).json().status).toBe('inactive');
    expect((await api(t.app, writerA).patch(`${S}/${s.id}`, { field: 'organization_id', value: orgB.id })).statusCode).toBe(400);
    expect((await api(t.app, writerA).patch(`${S}/${s.id}`, { field: 'mobile', value: '123' })).statusCode).toBe(400);
  });

  it('lets a staff reader read but not write (403)', async () => {
    const s = await buildStaff(t.db, orgA.id);
    expect((await api(t.app, readerA).get(`${S}/${s.id}`)).statusCode).toBe(200);
    expect((await api(t.app, readerA).post(S, { name: 'No' })).statusCode).toBe(403);
    expect((await api(t.app, readerA).put(`${S}/${s.id}`, { name: 'No' })).statusCode).toBe(403);
    expect((await api(t.app, readerA).patch(`${S}/${s.id}`, { field: 'status', value: 'inactive' })).statusCode).toBe(403);
    expect((await api(t.app, readerA).delete(`${S}/${s.id}`)).statusCode).toBe(403);
    expect((await api(t.app, readerA).delete(`${S}/batch`, { ids: [s.id] })).statusCode).toBe(403);
  });

  it('refuses an admin without a staff role (403)', async () => {
    const other = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: [] } }), { organizationId: orgA.id });
    expect((await api(t.app, other).get(`${S}/index`)).statusCode).toBe(403);
  });

  it('hides organization A staff from organization B: list, read, change, delete are 404 or empty', async () => {
    const s = await buildStaff(t.db, orgA.id, { name: 'Secret A' });
    const list = (await api(t.app, writerB).get(`${S}/index?keyword=Secret`)).json();
    expect(list.data).toHaveLength(0);
    expect((await api(t.app, writerB).get(`${S}/${s.id}`)).statusCode).toBe(404);
    expect((await api(t.app, writerB).put(`${S}/${s.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await api(t.app, writerB).patch(`${S}/${s.id}`, { field: 'status', value: 'inactive' })).statusCode).toBe(404);
    expect((await api(t.app, writerB).delete(`${S}/${s.id}`)).statusCode).toBe(404);
    expect((await api(t.app, writerB).delete(`${S}/batch`, { ids: [s.id] })).statusCode).toBe(404);
    expect((await api(t.app, writerB).get(`${S}/${s.id}/photo`)).statusCode).toBe(404);
    expect((await api(t.app, writerA).get(`${S}/${s.id}`)).json().name).toBe('Secret A');
    // A member of B cannot select A by organization_id either.
    expect((await api(t.app, writerB).get(`${S}/index?organization_id=${orgA.id}`)).statusCode).toBe(403);
  });

  it('deletes in a batch all or nothing', async () => {
    const a = await buildStaff(t.db, orgA.id);
    const b = await buildStaff(t.db, orgB.id);
    expect((await api(t.app, writerA).delete(`${S}/batch`, { ids: [a.id, b.id] })).statusCode).toBe(404);
    expect((await api(t.app, writerA).get(`${S}/${a.id}`)).statusCode).toBe(200);
    expect((await api(t.app, writerA).delete(`${S}/batch`, { ids: [a.id] })).statusCode).toBe(200);
    expect((await api(t.app, writerA).get(`${S}/${a.id}`)).statusCode).toBe(404);
  });

  it('lets super admins list and read staff across organizations; others are refused', async () => {
    const a = await buildStaff(t.db, orgA.id, { name: 'Across A' });
    await buildStaff(t.db, orgB.id, { name: 'Across B' });
    const all = (await api(t.app, superToken).get('/api/admin/staff/index?keyword=Across')).json();
    expect(all.data.map((s: any) => s.name).sort()).toEqual(['Across A', 'Across B']);
    const onlyA = (await api(t.app, superToken).get(`/api/admin/staff/index?keyword=Across&organization_id=${orgA.id}`)).json();
    expect(onlyA.data.map((s: any) => s.name)).toEqual(['Across A']);
    expect((await api(t.app, superToken).get(`/api/admin/staff/${a.id}`)).json().name).toBe('Across A');
    expect((await api(t.app, writerA).get('/api/admin/staff/index')).statusCode).toBe(403);
  });
});

/** A new organization with a member of `subRole` signed in there and one certificate type. */
async function organizationWithType(subRole: string) {
  const org = await buildOrganization(t.db);
  const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: [subRole] } }), { organizationId: org.id });
  return { org, token, type: await buildCertificateType(t.db, org.id) };
}

describe('certificate expiry', () => {
  it('counts expired and expiring certificates of the active organization and filters the list', async () => {
    const { token, type } = await organizationWithType('SUB_ACCOUNT_ROLE_STAFF_WRITE');
    const today = todayInTaipei();
    const mk = (name: string, expires_at: string) =>
      api(t.app, token).post(S, { name, certificates: [{ certificate_type_id: type.id, expires_at }] });
    await mk('Lapsed', addDays(today, -1));
    await mk('Soon', addDays(today, 10));
    await mk('Later', addDays(today, 60));
    await api(t.app, token).post(S, { name: 'NoCert' });
    const res = (await api(t.app, token).get(`${S}/check-expiration-of-certificates?days=30`)).json();
    expect(res).toMatchObject({ days: 30, expired_count: 1, expiring_count: 1, staff_count: 2 });
    expect(res.data.map((d: any) => d.staff_name)).toEqual(['Lapsed', 'Soon']);
    expect(res.data[0].days_left).toBe(-1);
    const names = async (q: string) =>
      (await api(t.app, token).get(`${S}/index?${q}`))
        .json()
        .data.map((s: any) => s.name)
        .sort();
    expect(await names('certificate_status=expired')).toEqual(['Lapsed']);
    expect(await names('certificate_status=expiring')).toEqual(['Soon']);
    expect(await names('certificate_status=attention')).toEqual(['Lapsed', 'Soon']);
    expect(await names('certificate_status=valid')).toEqual(['Later', 'NoCert']);
    const list = (await api(t.app, token).get(`${S}/index?sort=name&order=asc`)).json().data;
    expect(Object.fromEntries(list.map((s: any) => [s.name, s.certificate_status]))).toEqual({
      Lapsed: 'expired',
      Later: 'valid',
      NoCert: 'none',
      Soon: 'expiring',
    });
    expect((await api(t.app, token).get(`${S}/check-expiration-of-certificates?days=90`)).json().expiring_count).toBe(2);
    // Another organization sees none of it.
    expect(
      (await api(t.app, writerB).get(`${S}/check-expiration-of-certificates`)).json().data.some((d: any) => d.staff_name === 'Lapsed'),
    ).toBe(false);
  });

  it('counts every certificate needing attention and caps only the listed rows (truncated)', async () => {
    const { org, token, type } = await organizationWithType('SUB_ACCOUNT_ROLE_STAFF_READ');
    const today = todayInTaipei();
    const now = new Date().toISOString();
    const staff: { id: number }[] = [];
    for (let i = 0; i < 1003; i += 200) {
      const rows = Array.from({ length: Math.min(200, 1003 - i) }, (_, k) => ({
        organization_id: org.id,
        name: `Many ${i + k}`,
        status: 'active' as const,
        created_at: now,
        updated_at: now,
      }));
      staff.push(
        ...(await t.db
          .insertInto('staff')
          .values(rows as any)
          .returning('id')
          .execute()),
      );
    }
    const cert = (staff_id: number, expires_at: string, certificate_type_id = type.id) => ({
      organization_id: org.id,
      staff_id,
      certificate_type_id,
      number: null,
      issued_at: null,
      expires_at,
      file_key: null,
      file_name: null,
      file_type: null,
      file_size: null,
      created_at: now,
      updated_at: now,
    });
    const certs = staff.map((s, i) => cert(s.id, addDays(today, i < 1001 ? -5 : 5)));
    // A certificate of another type counts beside the first (one of the same type would supersede it).
    certs.push(cert(staff[0]!.id, addDays(today, 3), (await buildCertificateType(t.db, org.id)).id));
    for (let i = 0; i < certs.length; i += 200)
      await t.db
        .insertInto('staff_certificates')
        .values(certs.slice(i, i + 200))
        .execute();
    const res = (await api(t.app, token).get(`${S}/check-expiration-of-certificates?days=30`)).json();
    expect(res).toMatchObject({ expired_count: 1001, expiring_count: 3, staff_count: 1003, truncated: true });
    expect(res.data).toHaveLength(1000);
    const small = (await api(t.app, writerA).get(`${S}/check-expiration-of-certificates`)).json();
    expect(small.truncated).toBe(false);
  });

  it("counts and filters active staff only: an inactive or departed staff's lapsed certificate needs no attention", async () => {
    const { token, type } = await organizationWithType('SUB_ACCOUNT_ROLE_STAFF_WRITE');
    const lapsed = addDays(todayInTaipei(), -1);
    for (const [name, status] of [
      ['Working', 'active'],
      ['Paused', 'inactive'],
      ['Gone', 'left'],
    ] as const) {
      expect(
        (await api(t.app, token).post(S, { name, status, certificates: [{ certificate_type_id: type.id, expires_at: lapsed }] }))
          .statusCode,
      ).toBe(200);
    }
    const res = (await api(t.app, token).get(`${S}/check-expiration-of-certificates`)).json();
    expect(res).toMatchObject({ expired_count: 1, expiring_count: 0, staff_count: 1 });
    expect(res.data.map((d: any) => d.staff_name)).toEqual(['Working']);
    for (const f of ['expired', 'attention']) {
      const list = (await api(t.app, token).get(`${S}/index?certificate_status=${f}`)).json();
      expect(
        list.data.map((s: any) => s.name),
        f,
      ).toEqual(['Working']);
      expect(list.meta.total, f).toBe(res.staff_count);
    }
    expect((await api(t.app, token).get(`${S}/index?certificate_status=expired&status=left`)).json().data).toEqual([]);
  });
});

describe('photos and scanned certificates', () => {
  it('takes a real image as the staff photo, re-encodes it, serves it to the organization only', async () => {
    const s = await buildStaff(t.db, orgA.id);
    const res = await upload(t.app, writerA, `${S}/${s.id}/photo`, {}, { name: 'me.png', data: await samplePhoto(), type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().has_photo).toBe(true);
    const img = await api(t.app, readerA).get(`${S}/${s.id}/photo`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await api(t.app, writerB).get(`${S}/${s.id}/photo`)).statusCode).toBe(404);
    expect((await upload(t.app, writerB, `${S}/${s.id}/photo`, {}, { name: 'x.png', data: await samplePhoto() })).statusCode).toBe(404);
  });

  it('refuses a photo that is not an image whatever its name says', async () => {
    const s = await buildStaff(t.db, orgA.id);
    const res = await upload(
      t.app,
      writerA,
      `${S}/${s.id}/photo`,
      {},
      { name: 'evil.png', data: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toBeDefined();
  });

  it('keeps a scanned certificate private to the owning organization', async () => {
    const type = await buildCertificateType(t.db, orgA.id);
    const s = (await api(t.app, writerA).post(S, { name: 'Scan', certificates: [{ certificate_type_id: type.id, number: 'N1' }] })).json();
    const certId = s.certificates[0].id;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const up = await upload(
      t.app,
      writerA,
      `${S}/${s.id}/certificates/${certId}/file`,
      {},
      { name: '證書.pdf', data: pdf, type: 'application/pdf' },
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().certificates[0]).toMatchObject({ has_file: true, file_name: '證書.pdf' });
    const got = await api(t.app, readerA).get(`${S}/${s.id}/certificates/${certId}/file`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''%E8%AD%89%E6%9B%B8.pdf");
    expect((await api(t.app, writerB).get(`${S}/${s.id}/certificates/${certId}/file`)).statusCode).toBe(404);
    expect((await api(t.app).get(`${S}/${s.id}/certificates/${certId}/file`)).statusCode).toBe(401);
    const bad = await upload(
      t.app,
      writerA,
      `${S}/${s.id}/certificates/${certId}/file`,
      {},
      { name: 'x.pdf', data: Buffer.from('MZ....'), type: 'application/pdf' },
    );
    expect(bad.statusCode).toBe(422);
  });
});

describe('upload refusals answer like every upload route', () => {
  it("refuses a photo, certificate file or Excel template over UPLOAD_MAX_BYTES with the file manager's 413, and a body that is not multipart with 400", async () => {
    const limited = await createTestApp({ UPLOAD_MAX_BYTES: '2048' });
    try {
      const org = await buildOrganization(limited.db);
      const writer = await login(
        limited.app,
        await buildAdmin(limited.db, { roles: ['ROLE_BASE'], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }),
        { organizationId: org.id },
      );
      const type = await buildCertificateType(limited.db, org.id);
      const s = (
        await api(limited.app, writer).post(S, { name: 'Big', certificates: [{ certificate_type_id: type.id, number: 'N1' }] })
      ).json();
      const uploads = [
        `${S}/${s.id}/photo`,
        `${S}/${s.id}/certificates/${s.certificates[0].id}/file`,
        '/api/admin/organization/staff-excel',
      ];
      const big = { name: 'big.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 1)]), type: 'application/pdf' };
      const fileManager = await upload(limited.app, writer, '/api/admin/file/upload', {}, big);
      expect(fileManager.statusCode).toBe(413);
      expect(fileManager.json()).toEqual({ message: 'The file is larger than the limit of 2048 bytes' });
      for (const url of uploads) {
        const res = await upload(limited.app, writer, url, {}, big);
        expect(res.statusCode, url).toBe(413);
        expect(res.json(), url).toEqual(fileManager.json());
      }
      const notMultipart = await api(limited.app, writer).post('/api/admin/file/upload', {});
      expect(notMultipart.statusCode).toBe(400);
      expect(notMultipart.json()).toEqual({ message: 'Bad Request', errors: { file: ['validate.error.required'] } });
      for (const url of uploads) {
        const json = await api(limited.app, writer).post(url, {});
        expect(json.statusCode, url).toBe(400);
        expect(json.json(), url).toEqual(notMultipart.json());
        const noFile = await upload(limited.app, writer, url, { note: 'no file' });
        expect(noFile.statusCode, url).toBe(400);
        expect(noFile.json(), url).toEqual(notMultipart.json());
      }
      const after = (await api(limited.app, writer).get(`${S}/${s.id}`)).json();
      expect(after.has_photo).toBe(false);
      expect(after.certificates[0].has_file).toBe(false);
      expect((await api(limited.app, writer).get('/api/admin/organization/staff-excel/index')).json().meta.total).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('photo library', () => {
  it("takes a photo of the organization's library as the staff photo, never another organization's", async () => {
    const insertPhoto = async (organizationId: number) => {
      const key = `photos/test/${organizationId}-${Date.now()}.jpg`;
      await t.app.storage.put(key, await samplePhoto('#16a34a', 80, 100));
      const now = new Date().toISOString();
      const row = await t.db
        .insertInto('photos')
        .values({
          uid: `p-${organizationId}-${Math.random().toString(36).slice(2)}`,
          organization_id: organizationId,
          uploader_id: null,
          folder: '',
          title: 'x',
          alt: '',
          tags: '[]',
          original_name: 'x.jpg',
          mime: 'image/jpeg',
          width: 80,
          height: 100,
          bytes: 1,
          variants: JSON.stringify({ middle: { key, width: 80, height: 100 } }),
          created_at: now,
          updated_at: now,
        } as any)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id as number;
    };
    const own = await insertPhoto(orgA.id);
    const other = await insertPhoto(orgB.id);
    const s = (await api(t.app, writerA).post(S, { name: 'Library', photo_id: own })).json();
    expect(s).toMatchObject({ photo_id: own, has_photo: true });
    const img = await api(t.app, readerA).get(`${S}/${s.id}/photo`);
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const refused = await api(t.app, writerA).put(`${S}/${s.id}`, { name: 'Library', photo_id: other });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ photo_id: ['validate.error.invalid'] });
    // Removing the staff photo leaves the library photo alone.
    expect((await api(t.app, writerA).delete(`${S}/${s.id}/photo`)).json().has_photo).toBe(false);
    expect(await t.db.selectFrom('photos').select('id').where('id', '=', own).executeTakeFirst()).toBeTruthy();
  });
});

describe('photo library for staff writers', () => {
  it("lists the active organization's library to staff writers only, read-only", async () => {
    const org = await buildOrganization(t.db);
    const member = (roles: string[], subRoles: string[]) =>
      buildAdmin(t.db, { roles, memberships: { [org.id]: subRoles } }).then((a) => login(t.app, a, { organizationId: org.id }));
    const writer = await member([], ['SUB_ACCOUNT_ROLE_STAFF_WRITE']);
    const staffRole = await member(['ROLE_STAFF'], []);
    const reader = await member([], ['SUB_ACCOUNT_ROLE_STAFF_READ']);
    const own = await libraryPhoto(await member(['ROLE_PHOTO'], []));
    const other = await libraryPhoto(photoEditorB);
    for (const token of [writer, staffRole]) {
      const res = await api(t.app, token).get(`${S}/photo-library`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total).toBe(1);
      expect(res.json().data.map((p: { id: number }) => p.id)).not.toContain(other.id); // of organization B
      expect(res.json().data[0]).toMatchObject({ id: own.id, size_list: { small: { url: own.size_list.small.url } } });
    }
    // A staff writer without a ROLE_ role cannot browse the library itself, only this view of it.
    expect((await api(t.app, writer).get('/api/admin/photo/index')).statusCode).toBe(403);
    expect((await api(t.app, reader).get(`${S}/photo-library`)).statusCode).toBe(403);
    expect((await api(t.app, writer).get(`${S}/photo-library?date_to=2024-13-45`)).statusCode).toBe(400);
  });

  it('clears the photo of staff using a deleted library photo, audited with the delete', async () => {
    const photo = await libraryPhoto(photoEditorA);
    const keep = await libraryPhoto(photoEditorA);
    const s = (await api(t.app, writerA).post(S, { name: 'Pictured', photo_id: photo.id })).json();
    const other = (await api(t.app, writerA).post(S, { name: 'Kept', photo_id: keep.id })).json();
    expect(s).toMatchObject({ photo_id: photo.id, has_photo: true });
    const del = await api(t.app, photoEditorA).delete('/api/admin/photo/batch', { ids: [photo.id], confirm_uses: true });
    expect(del.statusCode, del.body).toBe(200);
    expect((await api(t.app, readerA).get(`${S}/${s.id}`)).json()).toMatchObject({ photo_id: null, has_photo: false });
    expect((await api(t.app, readerA).get(`${S}/index?keyword=Pictured`)).json().data[0]).toMatchObject({
      photo_id: null,
      has_photo: false,
    });
    expect((await api(t.app, readerA).get(`${S}/${s.id}/photo`)).statusCode).toBe(404);
    expect((await api(t.app, readerA).get(`${S}/${other.id}`)).json()).toMatchObject({ photo_id: keep.id, has_photo: true });
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'staff')
      .where('target_id', '=', String(s.id))
      .where('action', '=', 'unlink_photo')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ photo_id: photo.id });
    expect(audit[0]!.organization_id).toBe(s.organization_id);
  });
});

describe('certificate types', () => {
  it('are an editable list per organization', async () => {
    const org = await buildOrganization(t.db);
    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const T = '/api/admin/organization/certificate-type';
    expect((await api(t.app, token).get(`${T}/index`)).json().data).toEqual([]);
    const defaults = (await api(t.app, token).post(`${T}/defaults`)).json().data;
    expect(defaults.length).toBeGreaterThan(3);
    const created = (await api(t.app, token).post(T, { name: '施工架組配作業主管' })).json();
    expect((await api(t.app, token).post(T, { name: '施工架組配作業主管' })).statusCode).toBe(409);
    expect((await api(t.app, token).put(`${T}/${created.id}`, { name: '施工架主管' })).json().name).toBe('施工架主管');
    expect((await api(t.app, writerB).put(`${T}/${created.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await api(t.app, writerB).delete(`${T}/${created.id}`)).statusCode).toBe(404);
    expect((await api(t.app, token).delete(`${T}/${created.id}`)).statusCode).toBe(200);
  });

  it('refuse a staff reader, an empty name and deleting a type still in use', async () => {
    const T = '/api/admin/organization/certificate-type';
    const type = await buildCertificateType(t.db, orgA.id);
    expect((await api(t.app, readerA).get(`${T}/index`)).statusCode).toBe(200);
    expect((await api(t.app, readerA).post(T, { name: 'No' })).statusCode).toBe(403);
    expect((await api(t.app, readerA).post(`${T}/defaults`)).statusCode).toBe(403);
    expect((await api(t.app, readerA).put(`${T}/${type.id}`, { name: 'No' })).statusCode).toBe(403);
    expect((await api(t.app, readerA).delete(`${T}/${type.id}`)).statusCode).toBe(403);
    expect((await api(t.app, writerA).post(T, { name: '' })).statusCode).toBe(400);
    expect((await api(t.app, writerA).put(`${T}/${type.id}`, { name: '' })).statusCode).toBe(400);
    const s = await api(t.app, writerA).post(S, { name: 'Holder', certificates: [{ certificate_type_id: type.id }] });
    expect(s.statusCode, s.body).toBe(200);
    expect((await api(t.app, writerA).delete(`${T}/${type.id}`)).statusCode).toBe(409);
    expect((await api(t.app, writerA).get(`${T}/index`)).json().data.map((r: any) => r.id)).toContain(type.id);
  });
});
