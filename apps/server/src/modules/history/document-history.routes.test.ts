import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 36: the settings documents (app config, website settings, mail templates) answer their history
 * and restore as a kit resource does (lib/kit/document-history.ts), each with its own roles.
 */
let t: TestApp;
let superToken: string;
let pageEditor: string;
let bannerEditor: string;
const H = '/api/admin/history';

beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrganization(t.db, { name: 'Org A' });
  superToken = await login(t.app, await buildAdmin(t.db, { name: '總管理員', roles: ['ROLE_SUPER_ADMIN'] }));
  pageEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'], memberships: { [org.id]: [] } }), {
    organizationId: org.id,
  });
  bannerEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BANNER'] }));
});
afterAll(async () => {
  await t?.close();
});

const website = {
  company_name: '北辰營造股份有限公司',
  company_name_en: 'Polaris Construction',
  tagline: '把房子蓋好',
  tagline_en: 'Building it right',
  phone: '02-2345-6789',
  email: 'hello@polaris.example',
  address: '台北市信義區松仁路 100 號',
  address_en: '100 Songren Rd, Taipei',
  social_links: [],
  footer_text: '甲級營造廠',
  footer_text_en: 'Class A contractor',
};

describe('app config history', () => {
  it('lists a settings change field by field and restores one field with If-Match; only super admins', async () => {
    const first = await api(t.app, superToken).put('/api/admin/app-config/app/update', { staffExcelMaxCellLimit: 80 });
    expect(first.statusCode, first.body).toBe(200);
    const second = await api(t.app, superToken).put('/api/admin/app-config/app/update', { staffExcelMaxCellLimit: 90, adminGroup: true });
    expect(second.statusCode, second.body).toBe(200);

    const res = await api(t.app, superToken).get(`${H}/app_config/app`);
    expect(res.statusCode, res.body).toBe(200);
    const [latest, earlier] = res.json().data;
    expect(latest).toMatchObject({ action: 'update', actor: { name: '總管理員' }, restorable: true });
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        { field: 'staffExcelMaxCellLimit', label_key: 'app_config.staffExcelMaxCellLimit', before: 80, after: 90 },
        expect.objectContaining({ field: 'adminGroup', after: true }),
      ]),
    );
    expect(earlier.changes.map((c: any) => c.field)).toEqual(['staffExcelMaxCellLimit']);

    const { version } = (await api(t.app, superToken).get('/api/admin/app-config/app')).json();
    const restore = { entry_id: latest.id, fields: ['staffExcelMaxCellLimit'] };
    const stale = await api(t.app, superToken).post(`${H}/app_config/app/restore`, restore, { 'if-match': `"${version - 1}"` });
    expect(stale.statusCode).toBe(409);
    expect((await api(t.app, superToken, { versions: false }).post(`${H}/app_config/app/restore`, restore)).statusCode).toBe(428);
    const ok = await api(t.app, superToken).post(`${H}/app_config/app/restore`, restore, { 'if-match': `"${version}"` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'app', version: version + 1 });
    expect(ok.json().config).toMatchObject({ staffExcelMaxCellLimit: 80, adminGroup: true });
    expect(ok.headers.etag).toBe(`"${version + 1}"`);

    const [restored] = (await api(t.app, superToken).get(`${H}/app_config/app`)).json().data;
    expect(restored).toMatchObject({ action: 'restore', restored_entry_id: latest.id });
    expect(restored.changes).toEqual([
      { field: 'staffExcelMaxCellLimit', label_key: 'app_config.staffExcelMaxCellLimit', before: 90, after: 80 },
    ]);

    expect((await api(t.app, pageEditor).get(`${H}/app_config/app`)).statusCode).toBe(403);
    expect((await api(t.app, pageEditor).post(`${H}/app_config/app/restore`, restore)).statusCode).toBe(403);
    expect((await api(t.app).get(`${H}/app_config/app`)).statusCode).toBe(401);
    expect((await api(t.app, superToken).get(`${H}/app_config/nope`)).statusCode).toBe(404);
    const badField = await api(t.app, superToken).post(`${H}/app_config/app/restore`, { entry_id: latest.id, fields: ['password'] });
    expect(badField.statusCode).toBe(400);
  });
});

describe('website settings history', () => {
  it('lists a change and restores one field for the website role; others are refused', async () => {
    expect((await api(t.app, pageEditor).put('/api/admin/website-settings/update', website)).statusCode).toBe(200);
    const put = await api(t.app, pageEditor).put('/api/admin/website-settings/update', {
      ...website,
      tagline: '安全第一',
      phone: '02-1111-2222',
    });
    expect(put.statusCode, put.body).toBe(200);

    const res = await api(t.app, pageEditor).get(`${H}/website_settings/1`);
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = res.json().data;
    expect(latest.changes.map((c: any) => c.field).sort()).toEqual(['phone', 'tagline']);

    const ok = await api(t.app, pageEditor).post(`${H}/website_settings/1/restore`, { entry_id: latest.id, fields: ['tagline'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ tagline: '把房子蓋好', phone: '0211112222' });
    expect((await api(t.app, pageEditor).get('/api/admin/website-settings')).json()).toMatchObject({ tagline: '把房子蓋好' });
    expect((await api(t.app, pageEditor).get(`${H}/website_settings/1`)).json().data[0]).toMatchObject({
      action: 'restore',
      restored_entry_id: latest.id,
      changes: [{ field: 'tagline', label_key: 'website_settings.tagline', before: '安全第一', after: '把房子蓋好' }],
    });

    expect((await api(t.app, bannerEditor).get(`${H}/website_settings/1`)).statusCode).toBe(403);
    expect((await api(t.app, bannerEditor).post(`${H}/website_settings/1/restore`, { entry_id: latest.id })).statusCode).toBe(403);
    expect((await api(t.app, pageEditor).get(`${H}/website_settings/2`)).statusCode).toBe(404);
  });
});

describe('mail template history', () => {
  const T = '/api/admin/mail/templates/sign_in_code/en-US';
  it("restores a template's subject through its save (its checks); the mail roles decide", async () => {
    const saved = await api(t.app, superToken).put(T, { subject: 'Your sign-in code', html: '<p>Code: {{code}}</p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await api(t.app, superToken).put(T, { subject: 'Sign-in code', html: '<p>Code: {{code}}</p>' });
    expect(again.statusCode, again.body).toBe(200);

    const [latest] = (await api(t.app, superToken).get(`${H}/mail_template/sign_in_code:en-US`)).json().data;
    expect(latest.changes).toEqual([
      { field: 'subject', label_key: 'mail_template.subject', before: 'Your sign-in code', after: 'Sign-in code' },
    ]);
    const ok = await api(t.app, superToken).post(`${H}/mail_template/sign_in_code:en-US/restore`, { entry_id: latest.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().locales['en-US']).toMatchObject({ subject: 'Your sign-in code', customised: true });
    expect((await api(t.app, superToken).get(`${H}/mail_template/sign_in_code:en-US`)).json().data[0]).toMatchObject({
      action: 'restore',
      restored_entry_id: latest.id,
    });

    expect((await api(t.app, pageEditor).get(`${H}/mail_template/sign_in_code:en-US`)).statusCode).toBe(403);
    expect((await api(t.app, superToken).get(`${H}/mail_template/nope:en-US`)).statusCode).toBe(404);
    expect((await api(t.app, superToken).get(`${H}/mail_template/sign_in_code:fr`)).statusCode).toBe(404);
  });
});

describe('a settings document restored as of a day', () => {
  afterAll(() => {
    vi.useRealTimers();
  });
  it('puts back every field that differs from that day in one save, audited once naming the day; a stale version is 409', async () => {
    // Days after every entry above (the clock moves Date only): 02:00 UTC is 10:00 the same day in Taipei.
    const base = new Date(`${new Date().toISOString().slice(0, 10)}T02:00:00.000Z`).getTime() + 30 * 86_400_000;
    const dayOf = (n: number) => new Date(base + n * 86_400_000).toISOString().slice(0, 10);
    const editor = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const at = async (n: number) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(base + n * 86_400_000) });
      return login(t.app, editor);
    };
    let token = await at(0);
    expect((await api(t.app, token).put('/api/admin/website-settings/update', website)).statusCode).toBe(200);
    token = await at(1);
    const changed = { ...website, tagline: '安全第一', footer_text: '甲級營造廠・工安零事故' };
    expect((await api(t.app, token).put('/api/admin/website-settings/update', changed)).statusCode).toBe(200);
    token = await at(2);
    expect((await api(t.app, token).put('/api/admin/website-settings/update', { ...changed, phone: '02-1111-2222' })).statusCode).toBe(200);

    const view = (await api(t.app, token).get(`${H}/website_settings/1?as_of=${dayOf(0)}`)).json();
    expect(view.as_of.changes.map((c: any) => c.field).sort()).toEqual(['footer_text', 'phone', 'tagline']);
    expect(view.as_of.entry_ids).toHaveLength(2);

    const { version } = (await api(t.app, token).get('/api/admin/website-settings')).json();
    const stale = await api(t.app, token).post(`${H}/website_settings/1/restore`, { as_of: dayOf(0) }, { 'if-match': `"${version - 1}"` });
    expect(stale.statusCode).toBe(409);
    const ok = await api(t.app, token).post(`${H}/website_settings/1/restore`, { as_of: dayOf(0) }, { 'if-match': `"${version}"` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ tagline: '把房子蓋好', footer_text: '甲級營造廠', phone: '0223456789', version: version + 1 });
    const [restore] = (await api(t.app, token).get(`${H}/website_settings/1`)).json().data;
    expect(restore).toMatchObject({ action: 'restore', restored_as_of: dayOf(0), restored_entry_id: null });
    expect(restore.changes.map((c: any) => c.field).sort()).toEqual(['footer_text', 'phone', 'tagline']);
    const bad = await api(t.app, token).post(`${H}/website_settings/1/restore`, { as_of: dayOf(0) });
    expect(bad.json().errors).toEqual({ as_of: ['validate.error.nothing_to_restore'] });
  });
});
