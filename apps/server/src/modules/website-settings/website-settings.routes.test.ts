import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { uploadMultipart } from '../../../test/multipart.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';

let t: TestApp;
let editor: string;
let superToken: string;
let bannerEditor: string;
let photoId: number;
let otherOrgPhotoId: number;
const base = '/api/admin/website-settings';
const as = (tk?: string) => api(t.app, tk);

const full = {
  company_name: '北辰營造股份有限公司',
  company_name_en: 'Polaris Construction',
  tagline: '把房子蓋好',
  tagline_en: 'Building it right',
  phone: '02-2345-6789',
  email: 'hello@polaris.example',
  address: '台北市信義區松仁路 100 號',
  address_en: '100 Songren Rd, Taipei',
  social_links: [{ network: 'facebook', url: 'https://www.facebook.com/polaris' }],
  footer_text: '甲級營造廠',
  footer_text_en: 'Class A contractor',
};

async function upload(token: string, library = ''): Promise<number> {
  const up = await uploadMultipart(
    t.app,
    token,
    `/api/admin/photo/upload${library}`,
    {},
    {
      name: 'logo.jpg',
      data: await samplePhoto('#0a7d48', 120, 40),
      type: 'image/jpeg',
    },
  );
  expect(up.statusCode, up.body).toBe(200);
  return up.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  const org = (await buildOrganization(t.db)).id;
  const other = (await buildOrganization(t.db)).id;
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE', 'ROLE_PHOTO'], memberships: { [org]: [] } }), {
    organizationId: org,
  });
  const otherEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'], memberships: { [other]: [] } }), {
    organizationId: other,
  });
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
  bannerEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BANNER'] }));
  photoId = await upload(editor, '?library=company');
  otherOrgPhotoId = await upload(otherEditor);
});
afterAll(async () => {
  await t?.close();
});

describe('website settings', () => {
  it('starts empty, and the public read gives defaults that never name the back office', async () => {
    const res = await as(editor).get(base);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_name: null, logo: null, social_links: [] });
    const zh = (await as().get('/api/public/website')).json();
    const en = (await as().get('/api/public/website?locale=en-US')).json();
    expect(zh.company_name).toBe('本公司');
    expect(en.company_name).toBe('Our company');
    expect(JSON.stringify([zh, en])).not.toMatch(/營造後台|back office|BuildOffice/i);
  });

  it('saves the whole document for a page editor, audits before and after, and serves each locale in public', async () => {
    const res = await as(editor).put(`${base}/update`, { ...full, logo_photo_id: photoId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...full, phone: '0223456789', logo_photo_id: photoId, logo: { id: photoId } });
    const zh = (await as().get('/api/public/website')).json();
    expect(zh).toMatchObject({
      company_name: full.company_name,
      tagline: full.tagline,
      address: full.address,
      footer_text: full.footer_text,
    });
    expect(zh.logo.id).toBe(photoId);
    const en = (await as().get('/api/public/website?locale=en-US')).json();
    expect(en).toMatchObject({ company_name: 'Polaris Construction', tagline: 'Building it right', footer_text: 'Class A contractor' });
    const row = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'website_settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'update', target_id: '1' });
    expect(JSON.parse(row.before!).company_name).toBeNull();
    expect(JSON.parse(row.after!).company_name).toBe(full.company_name);
  });

  it('falls back to the zh-TW text when an en-US one is empty', async () => {
    await as(superToken).put(`${base}/update`, { ...full, company_name_en: '', tagline_en: null, logo_photo_id: photoId });
    const en = (await as().get('/api/public/website?locale=en-US')).json();
    expect(en.company_name).toBe(full.company_name);
    expect(en.tagline).toBe(full.tagline);
  });

  it('refuses bad fields with their keys and keeps what was stored', async () => {
    const before = (await as(editor).get(base)).json();
    const res = await as(editor).put(`${base}/update`, {
      ...full,
      phone: '12',
      email: 'not-mail',
      company_name: 'x'.repeat(101),
      social_links: [
        { network: 'facebook', url: 'http://facebook.com/polaris' },
        { network: 'instagram', url: 'javascript:alert(1)' },
        { network: 'myspace', url: 'https://myspace.com/x' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      phone: ['validate.error.phone_number_incorrect'],
      email: ['validate.error.email_incorrect'],
      'social_links.0.url': ['validate.error.invalid'],
      'social_links.1.url': ['validate.error.invalid'],
      'social_links.2.network': ['validate.error.required'],
    });
    expect(Object.keys(res.json().errors)).toContain('company_name');
    const unknown = await as(editor).put(`${base}/update`, { ...full, title: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect((await as(editor).get(base)).json()).toEqual(before);
  });

  it('takes a logo only from the photos the editor may pick (not another organization’s)', async () => {
    const res = await as(editor).put(`${base}/update`, { ...full, logo_photo_id: otherOrgPhotoId });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ logo_photo_id: ['validate.error.invalid'] });
  });

  it('refuses admins without a page role, and calls without a token', async () => {
    for (const res of [await as(bannerEditor).get(base), await as(bannerEditor).put(`${base}/update`, full)]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await as().get(base)).statusCode).toBe(401);
    expect((await as().put(`${base}/update`, full)).statusCode).toBe(401);
  });

  it('lets go of the logo when its photo is deleted from the library, audited', async () => {
    await as(editor).put(`${base}/update`, { ...full, logo_photo_id: photoId });
    const del = await as(editor).delete('/api/admin/photo/batch?library=company', { ids: [photoId], confirm_uses: true });
    expect(del.statusCode, del.body).toBe(200);
    expect((await as(editor).get(base)).json()).toMatchObject({ logo_photo_id: null, logo: null });
    const row = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'website_settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.action).toBe('unlink_photo');
  });
});
