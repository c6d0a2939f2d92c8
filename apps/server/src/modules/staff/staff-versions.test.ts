import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildCertificateType, upload } from './staff.test-helpers.ts';

// Issue 36: a staff record with its certificates and their scans is one record: every write of it,
// and every change of a certificate or a file, goes through the version it was read at.
const S = '/api/admin/organization/staff';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let t: TestApp;
let orgId: number;
let orgAdmin: string;
let orgAdminId: number;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrganization(t.db, { name: '東區工務所' })).id;
  const a = await buildAdmin(t.db, {
    name: '陳組長',
    memberships: { [orgId]: ['SUB_ACCOUNT_ROLE_ADMIN', 'SUB_ACCOUNT_ROLE_STAFF_WRITE'] },
  });
  orgAdminId = a.id;
  orgAdmin = await login(t.app, a, { organizationId: orgId });
  superAdmin = await login(
    t.app,
    await buildAdmin(t.db, { name: '總管理員', roles: ['ROLE_SUPER_ADMIN'], memberships: { [orgId]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }),
    {
      organizationId: orgId,
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string) => api(t.app, token, { versions: false });
const ifMatch = (v: number | string) => ({ 'if-match': String(v) });
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('target_type', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).n,
  );
type Cert = {
  id: number;
  certificate_type_id: number;
  number: string | null;
  issued_at: string | null;
  expires_at: string | null;
  has_file: boolean;
};
const certInput = (c: Cert) => ({
  id: c.id,
  certificate_type_id: c.certificate_type_id,
  number: c.number,
  issued_at: c.issued_at,
  expires_at: c.expires_at,
});

describe('staff with certificates and scans, versioned (issue 36)', () => {
  it('王大明: the renewed certificate and its scan survive a stale save from an earlier copy; the mobile fix then goes in with the new version', async () => {
    const safety = await buildCertificateType(t.db, orgId, '營造業職業安全衛生業務主管');
    const created = await as(orgAdmin).post(S, {
      name: '王大明',
      job_title: '工地助理',
      mobile: '0912345678',
      certificates: [{ certificate_type_id: safety.id, number: 'OLD-1', issued_at: '2021-12-01', expires_at: '2024-12-01' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;

    // The super admin opened the record earlier; the organization admin opens it now.
    const superCopy = await as(superAdmin).get(`${S}/${id}`);
    const adminCopy = await as(orgAdmin).get(`${S}/${id}`);
    expect(superCopy.statusCode, superCopy.body).toBe(200);
    expect(superCopy.headers.etag).toBe(adminCopy.headers.etag);
    const old = superCopy.json() as { version: number; certificates: Cert[] };

    // The organization admin adds the renewed certificate with a new job title, then its scan.
    const renewed = await as(orgAdmin).put(
      `${S}/${id}`,
      {
        name: '王大明',
        job_title: '工地主任',
        mobile: '0912345678',
        certificates: [
          ...old.certificates.map(certInput),
          { certificate_type_id: safety.id, number: 'NEW-2', issued_at: '2026-12-01', expires_at: '2029-12-01' },
        ],
      },
      ifMatch(adminCopy.headers.etag as string),
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const renewedCert = (renewed.json().certificates as Cert[]).find((c) => c.number === 'NEW-2')!;
    const scan = await upload(
      t.app,
      orgAdmin,
      `${S}/${id}/certificates/${renewedCert.id}/file`,
      {},
      { name: '安全證照.pdf', data: pdf, type: 'application/pdf' },
    );
    expect(scan.statusCode, scan.body).toBe(200);
    const audits = await auditCount();

    // The super admin fixes the mobile number on the copy opened earlier: refused, nothing lost.
    const stale = await as(superAdmin).put(
      `${S}/${id}`,
      { name: '王大明', job_title: '工地助理', mobile: '0987654321', certificates: old.certificates.map(certInput) },
      ifMatch(old.version),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    const conflict = stale.json().conflict;
    expect(conflict.changed_by).toEqual({ id: orgAdminId, name: '陳組長' });
    expect(conflict.fields).toEqual(expect.arrayContaining(['job_title', 'certificates']));
    expect(conflict.version).toBeGreaterThan(old.version + 1);
    expect(conflict.current).toMatchObject({ job_title: '工地主任', mobile: '0912345678' });
    expect(await auditCount()).toBe(audits);

    const now = (await as(orgAdmin).get(`${S}/${id}`)).json();
    expect(now.job_title).toBe('工地主任');
    expect(now.mobile).toBe('0912345678');
    expect(now.certificates.find((c: Cert) => c.number === 'NEW-2')).toMatchObject({ expires_at: '2029-12-01', has_file: true });
    expect((await as(orgAdmin).get(`${S}/${id}/certificates/${renewedCert.id}/file`)).statusCode).toBe(200);

    // Taking theirs for everything but the mobile number, with the version the 409 named.
    const merged = await as(superAdmin).put(
      `${S}/${id}`,
      {
        name: '王大明',
        job_title: conflict.current.job_title,
        mobile: '0987654321',
        certificates: (conflict.current.certificates as Cert[]).map(certInput),
      },
      ifMatch(conflict.version),
    );
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ job_title: '工地主任', mobile: '0987654321' });
    expect(merged.json().certificates.find((c: Cert) => c.number === 'NEW-2')).toMatchObject({ has_file: true });
  });

  it('counts a scan uploaded or removed as a change of the staff record; removing one needs the version', async () => {
    const type = await buildCertificateType(t.db, orgId);
    const s = (await as(orgAdmin).post(S, { name: '李工', certificates: [{ certificate_type_id: type.id, number: 'C-1' }] })).json();
    const certId = s.certificates[0].id as number;
    const before = (await as(orgAdmin).get(`${S}/${s.id}`)).json().version as number;
    await upload(t.app, orgAdmin, `${S}/${s.id}/certificates/${certId}/file`, {}, { name: 'c.pdf', data: pdf, type: 'application/pdf' });
    const after = (await as(orgAdmin).get(`${S}/${s.id}`)).json().version as number;
    expect(after).toBe(before + 1);
    expect((await as(orgAdmin).delete(`${S}/${s.id}/certificates/${certId}/file`)).statusCode).toBe(428);
    const stale = await as(orgAdmin).delete(`${S}/${s.id}/certificates/${certId}/file`, undefined, ifMatch(before));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.fields).toEqual(['file_name', 'size']);
    expect((await as(orgAdmin).get(`${S}/${s.id}/certificates/${certId}/file`)).statusCode).toBe(200);
    expect((await as(orgAdmin).delete(`${S}/${s.id}/certificates/${certId}/file`, undefined, ifMatch(after))).statusCode).toBe(200);
    expect((await as(orgAdmin).get(`${S}/${s.id}/certificates/${certId}/file`)).statusCode).toBe(404);
  });

  it('answers 428 for a staff save without a version and If-Match: * overwrites, audited as such', async () => {
    const s = (await as(orgAdmin).post(S, { name: '張三', job_title: '技術員' })).json();
    await as(superAdmin).put(`${S}/${s.id}`, { name: '張三', job_title: '領班' }, ifMatch(s.version));
    const audits = await auditCount();
    const none = await as(orgAdmin).put(`${S}/${s.id}`, { name: '張三', job_title: '技師' });
    expect(none.statusCode).toBe(428);
    expect(none.json().key).toBe('validate.error.version_required');
    expect(await auditCount()).toBe(audits);
    const forced = await as(orgAdmin).put(`${S}/${s.id}`, { name: '張三', job_title: '技師' }, ifMatch('*'));
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().job_title).toBe('技師');
    const last = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'after'])
      .where('target_type', '=', 'staff')
      .where('target_id', '=', String(s.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.action).toBe('update');
    expect(JSON.parse(last.after!)).toMatchObject({ job_title: '技師', overwrite: true });
  });
});
