import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { up } from '../../db/migrations/0096-company-photos.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { uploadMultipart } from '../../../test/multipart.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';

/** Issue 42: the company's photo library beside each organization's, and the website pickers on it. */
let t: TestApp;
let org: number;
let owner: string;
let siteOfficeAdmin: string;
const as = (tk?: string) => api(t.app, tk);
const COMPANY = 'library=company';

async function uploadTo(token: string, query = ''): Promise<{ statusCode: number; id: number; organization_id: number | null }> {
  const res = await uploadMultipart(
    t.app,
    token,
    `/api/admin/photo/upload${query ? `?${query}` : ''}`,
    {},
    { name: 'site.jpg', data: await samplePhoto('#2563eb', 80, 40), type: 'image/jpeg' },
  );
  const body = res.statusCode === 200 ? res.json() : { id: 0, organization_id: null };
  return { statusCode: res.statusCode, id: body.id, organization_id: body.organization_id };
}
const idsOf = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((p) => p.id);

beforeAll(async () => {
  t = await createTestApp();
  org = (await buildOrganization(t.db)).id;
  const ownerAdmin = await buildAdmin(t.db, {
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_PHOTO', 'ROLE_PAGE', 'ROLE_BANNER', 'ROLE_PRODUCT', 'ROLE_VIDEO'],
  });
  owner = await login(t.app, ownerAdmin);
  siteOfficeAdmin = await login(
    t.app,
    await buildAdmin(t.db, { roles: ['ROLE_PHOTO'], memberships: { [org]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }),
    { organizationId: org },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the company photo library', () => {
  it('keeps photos uploaded before any organization in the company library once the header selects one', async () => {
    const before = await uploadTo(owner);
    expect(before.statusCode).toBe(200);
    expect(before.organization_id).toBeNull();
    // The header selects the first organization: the organization's library does not hold the photo...
    const inOrg = await login(t.app, { ...(await buildOwnerAgain()), password: 'Passw0rd!' }, { organizationId: org });
    expect(idsOf(await as(inOrg).get('/api/admin/photo/index'))).not.toContain(before.id);
    // ...the company's does, whichever organization is selected.
    const company = await as(inOrg).get(`/api/admin/photo/index?${COMPANY}`);
    expect(company.statusCode).toBe(200);
    expect(idsOf(company)).toContain(before.id);
    const after = await uploadTo(inOrg, COMPANY);
    expect(after.organization_id).toBeNull();
    expect(idsOf(await as(inOrg).get(`/api/admin/photo/index?${COMPANY}`))).toEqual(expect.arrayContaining([before.id, after.id]));
    const patched = await as(inOrg).patch(`/api/admin/photo/${after.id}?${COMPANY}`, { field: 'title', value: '工地' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: after.id, title: '工地', organization_id: null });
  });

  it('refuses an organization admin the company library, though she manages her own photos', async () => {
    const companyPhoto = await uploadTo(owner);
    const own = await uploadTo(siteOfficeAdmin);
    expect(own).toMatchObject({ statusCode: 200, organization_id: org });
    expect(idsOf(await as(siteOfficeAdmin).get('/api/admin/photo/index'))).toEqual([own.id]);
    expect((await as(siteOfficeAdmin).get(`/api/admin/photo/index?${COMPANY}`)).statusCode).toBe(403);
    expect((await uploadTo(siteOfficeAdmin, COMPANY)).statusCode).toBe(403);
    expect(
      (await as(siteOfficeAdmin).patch(`/api/admin/photo/${companyPhoto.id}?${COMPANY}`, { field: 'title', value: 'x' })).statusCode,
    ).toBe(403);
    expect((await as(siteOfficeAdmin).delete(`/api/admin/photo/batch?${COMPANY}`, { ids: [companyPhoto.id] })).statusCode).toBe(403);
    // Without the choice her scope is her organization: the company's photo is not hers to delete.
    expect((await as(siteOfficeAdmin).delete('/api/admin/photo/batch', { ids: [companyPhoto.id] })).statusCode).toBe(404);
    expect(await t.db.selectFrom('photos').select('id').where('id', '=', companyPhoto.id).execute()).toHaveLength(1);
    // Naming an organization and the company at once is refused, as is the choice on other routes.
    expect((await as(owner).get(`/api/admin/photo/index?${COMPANY}&organization_id=${org}`)).statusCode).toBe(403);
    expect((await as(owner).get(`/api/admin/file/index?${COMPANY}`)).statusCode).toBe(403);
    expect((await as(owner).get('/api/admin/photo/index?library=everything')).statusCode).toBe(400);
  });

  it('lets a website editor without a super admin role read the company library, but upload only with ROLE_PHOTO', async () => {
    const bannerEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BANNER'], memberships: { [org]: [] } }), {
      organizationId: org,
    });
    expect((await as(bannerEditor).get(`/api/admin/photo/index?${COMPANY}`)).statusCode).toBe(200);
    expect((await uploadTo(bannerEditor, COMPANY)).statusCode).toBe(403);
  });
});

describe('website pickers', () => {
  it('take the company photos whichever organization is selected, refuse an organization’s, and audit under no organization', async () => {
    const inOrg = await login(t.app, { ...(await buildOwnerAgain()), password: 'Passw0rd!' }, { organizationId: org });
    const company = await uploadTo(owner);
    const orgPhoto = await uploadTo(siteOfficeAdmin);
    const banner = await as(inOrg).post('/api/admin/banner', { title: '橫幅', position: 'home', photo_id: company.id });
    expect(banner.statusCode, banner.body).toBe(200);
    const refused = await as(inOrg).post('/api/admin/banner', { title: '別家', position: 'home', photo_id: orgPhoto.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ photo_id: ['validate.error.invalid'] });
    const logo = await as(inOrg).put('/api/admin/website-settings/update', { company_name: '北辰營造', logo_photo_id: company.id });
    expect(logo.statusCode, logo.body).toBe(200);
    expect(
      (await as(inOrg).put('/api/admin/website-settings/update', { company_name: '北辰營造', logo_photo_id: orgPhoto.id })).statusCode,
    ).toBe(400);
    const video = await as(inOrg).post('/api/admin/video', {
      title: '影片',
      youtube_url: 'https://youtu.be/dQw4w9WgXcQ',
      photo_id: company.id,
    });
    expect(video.statusCode, video.body).toBe(200);
    expect(
      (await as(inOrg).post('/api/admin/video', { title: '影片二', youtube_url: 'https://youtu.be/dQw4w9WgXcQ', photo_id: orgPhoto.id }))
        .statusCode,
    ).toBe(400);
    const audits = await t.db
      .selectFrom('audit_logs')
      .select(['target_type', 'organization_id'])
      .where('target_type', 'in', ['banner', 'website_settings', 'video'])
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(audits.every((a) => a.organization_id === null)).toBe(true);
  });
});

/** The owner again (a second device), to switch into the organization as the header does. */
async function buildOwnerAgain() {
  const email = `owner-${Math.random().toString(16).slice(2)}@example.com`;
  const admin = await buildAdmin(t.db, {
    email,
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_PHOTO', 'ROLE_PAGE', 'ROLE_BANNER', 'ROLE_PRODUCT', 'ROLE_VIDEO'],
    memberships: { [org]: ['SUB_ACCOUNT_ROLE_ADMIN'] },
  });
  return admin;
}

describe('migration 0096', () => {
  it('moves the photos website content already shows to the company, and leaves an organization’s other photos', async () => {
    const shown = await uploadTo(siteOfficeAdmin);
    const listed = await uploadTo(siteOfficeAdmin);
    const kept = await uploadTo(siteOfficeAdmin);
    const [banner] = await t.db.selectFrom('banners').select('id').limit(1).execute();
    await t.db.updateTable('banners').set({ photo_id: shown.id }).where('id', '=', banner!.id).execute();
    const [page] = await t.db.selectFrom('pages').select('id').limit(1).execute();
    if (page)
      await t.db
        .updateTable('pages')
        .set({ gallery: JSON.stringify([listed.id]) })
        .where('id', '=', page.id)
        .execute();
    else await t.db.updateTable('website_settings').set({ logo_photo_id: listed.id }).execute();
    await up(t.db as unknown as Kysely<any>);
    const orgOf = async (id: number) =>
      (await t.db.selectFrom('photos').select('organization_id').where('id', '=', id).executeTakeFirstOrThrow()).organization_id;
    expect(await orgOf(shown.id)).toBeNull();
    expect(await orgOf(listed.id)).toBeNull();
    expect(await orgOf(kept.id)).toBe(org);
  });
});
