import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { uploadMultipart } from '../../../test/multipart.ts';
import { uploadPhoto } from '../../site/site.testkit.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';

/** Issue 36: deleting a library photo names every use first, and takes nothing off the website silently. */
let t: TestApp;
let orgA: number;
let orgB: number;
let editorA: string;
let editorB: string;
const COMPANY = '?library=company';

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await buildOrganization(t.db)).id;
  orgB = (await buildOrganization(t.db)).id;
  const editor = (org: number) =>
    buildAdmin(t.db, { roles: ['ROLE_PHOTO', 'ROLE_BANNER', 'ROLE_PAGE'], memberships: { [org]: [] } }).then((a) =>
      login(t.app, a, { organizationId: org }),
    );
  editorA = await editor(orgA);
  editorB = await editor(orgB);
});
afterAll(async () => {
  await t?.close();
});

async function homeBanner(photoId: number, title = '春季促銷') {
  const res = await api(t.app, editorA).post('/api/admin/banner', { title, position: 'home', photo_id: photoId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
const bannerPhoto = (id: number) =>
  t.db
    .selectFrom('banners')
    .select('photo_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => r.photo_id);
const photoDeletes = (id: number) =>
  t.db
    .selectFrom('audit_logs')
    .select(['before', 'after'])
    .where('target_type', '=', 'photo')
    .where('action', '=', 'delete')
    .where('target_id', '=', String(id))
    .execute();

describe('deleting a photo in use', () => {
  it('refuses without confirming the uses, naming the home banner, and deletes nothing', async () => {
    const photo = await uploadPhoto(t.app, editorA);
    const banner = await homeBanner(photo);
    const res = await api(t.app, editorA).delete(`/api/admin/photo/batch${COMPANY}`, { ids: [photo] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Conflict',
      errors: { ids: ['validate.error.photo_in_use'] },
      uses: [{ photo_id: photo, kind: 'banner', id: banner, label: '春季促銷', place: 'home', on_website: true, organization_id: null }],
      hidden: 0,
    });
    expect(await bannerPhoto(banner)).toBe(photo);
    expect(await photoDeletes(photo)).toEqual([]);
    const index = await api(t.app, editorA).get(`/api/admin/photo/index${COMPANY}&per_page=100`);
    expect(index.json().data.map((p: { id: number }) => p.id)).toContain(photo);
  });

  it('deletes with the uses confirmed: the banner lets go and the audit entry names it', async () => {
    const photo = await uploadPhoto(t.app, editorA);
    const banner = await homeBanner(photo, '首頁主視覺');
    const res = await api(t.app, editorA).delete(`/api/admin/photo/batch${COMPANY}`, { ids: [photo], confirm_uses: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bannerPhoto(banner)).toBeNull();
    const [entry] = await photoDeletes(photo);
    expect(JSON.parse(entry!.before!).used_by).toEqual([{ kind: 'banner', id: banner, label: '首頁主視覺', on_website: true }]);
  });

  it('deletes a photo nothing uses without asking, its audit entry naming no use', async () => {
    const photo = await uploadPhoto(t.app, editorA);
    expect((await api(t.app, editorA).delete(`/api/admin/photo/batch${COMPANY}`, { ids: [photo] })).statusCode).toBe(200);
    const [entry] = await photoDeletes(photo);
    expect(JSON.parse(entry!.before!).used_by).toEqual([]);
  });
});

describe('the uses of photos', () => {
  it("names a project case's gallery showing the photo, and lets go of it there alone when confirmed", async () => {
    const photo = await uploadPhoto(t.app, editorA);
    const kept = await uploadPhoto(t.app, editorA, '#16a34a');
    const page = await api(t.app, editorA).post('/api/admin/page', {
      type: 'project',
      slug: 'gallery-case',
      title: '橋梁工程',
      body: '<p>x</p>',
      gallery: [photo, kept],
    });
    expect(page.statusCode, page.body).toBe(200);
    const uses = await api(t.app, editorA).post(`/api/admin/photo/uses${COMPANY}`, { ids: [photo] });
    expect(uses.json().data).toEqual([
      {
        photo_id: photo,
        kind: 'page_gallery',
        id: page.json().id,
        label: '橋梁工程',
        place: null,
        on_website: false,
        organization_id: null,
      },
    ]);
    expect((await api(t.app, editorA).delete(`/api/admin/photo/batch${COMPANY}`, { ids: [photo] })).statusCode).toBe(409);
    expect((await api(t.app, editorA).delete(`/api/admin/photo/batch${COMPANY}`, { ids: [photo], confirm_uses: true })).statusCode).toBe(
      200,
    );
    const row = await t.db.selectFrom('pages').select('gallery').where('id', '=', page.json().id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.gallery)).toEqual([kept]);
  });

  it("lists an organization's staff pictured by its photo, and refuses another organization's admin", async () => {
    const own = await uploadMultipart(
      t.app,
      editorA,
      '/api/admin/photo/upload',
      {},
      { name: 'a.jpg', data: await samplePhoto('#16a34a', 40, 40), type: 'image/jpeg' },
    ).then((r) => r.json() as { id: number; organization_id: number });
    expect(own.organization_id).toBe(orgA);
    const staff = await buildStaff(t.db, orgA, { name: '王小明' });
    await t.db.updateTable('staff').set({ photo_id: own.id }).where('id', '=', staff.id).execute();

    const mine = await api(t.app, editorA).post('/api/admin/photo/uses', { ids: [own.id] });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      data: [{ photo_id: own.id, kind: 'staff', id: staff.id, label: '王小明', place: null, on_website: false, organization_id: orgA }],
      hidden: 0,
    });
    // Organization B's admin: the photo does not exist for it, in the uses as in the delete.
    expect((await api(t.app, editorB).post('/api/admin/photo/uses', { ids: [own.id] })).statusCode).toBe(404);
    expect((await api(t.app, editorB).delete('/api/admin/photo/batch', { ids: [own.id], confirm_uses: true })).statusCode).toBe(404);
    expect((await t.db.selectFrom('staff').select('photo_id').where('id', '=', staff.id).executeTakeFirstOrThrow()).photo_id).toBe(own.id);
  });

  it("counts a company photo's uses in other organizations without naming them", async () => {
    const photo = await uploadPhoto(t.app, editorA);
    const banner = await homeBanner(photo, '公司橫幅');
    const staff = await buildStaff(t.db, orgA, { name: '李大華' });
    await t.db.updateTable('staff').set({ photo_id: photo }).where('id', '=', staff.id).execute();
    const forB = await api(t.app, editorB).post(`/api/admin/photo/uses${COMPANY}`, { ids: [photo] });
    expect(forB.statusCode, forB.body).toBe(200);
    expect(forB.json()).toEqual({
      data: [{ photo_id: photo, kind: 'banner', id: banner, label: '公司橫幅', place: 'home', on_website: true, organization_id: null }],
      hidden: 1,
    });
    expect(forB.body).not.toContain('李大華');
    const refused = await api(t.app, editorB).delete(`/api/admin/photo/batch${COMPANY}`, { ids: [photo] });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).not.toContain('李大華');
    // The company library acts in no organization: even organization A's admin sees the count there, not the name.
    expect((await api(t.app, editorA).post(`/api/admin/photo/uses${COMPANY}`, { ids: [photo] })).json().hidden).toBe(1);
  });

  it('needs a photo of the library for every id, and a role to read it', async () => {
    expect((await api(t.app, editorA).post('/api/admin/photo/uses', { ids: [] })).statusCode).toBe(400);
    expect((await api(t.app, editorA).post('/api/admin/photo/uses', { ids: [999999] })).statusCode).toBe(404);
    expect((await api(t.app).post('/api/admin/photo/uses', { ids: [1] })).statusCode).toBe(401);
  });
});
