import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { uploadMultipart } from '../../../test/multipart.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';

let t: TestApp;
let editor: string;
let photoId: number;
const base = '/api/admin/banner';
const as = (tk?: string) => api(t.app, tk);

beforeAll(async () => {
  t = await createTestApp();
  const org = (await buildOrganization(t.db)).id;
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BANNER', 'ROLE_PHOTO'], memberships: { [org]: [] } }), {
    organizationId: org,
  });
  const up = await uploadMultipart(
    t.app,
    editor,
    '/api/admin/photo/upload?library=company',
    {},
    { name: 'b.jpg', data: await samplePhoto('#f97316', 160, 60), type: 'image/jpeg' },
  );
  expect(up.statusCode, up.body).toBe(200);
  photoId = up.json().id;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>) => as(editor).post(base, { title: '橫幅', position: 'home', photo_id: photoId, ...body });

describe('banners', () => {
  it('shows a banner to the public only inside its Taipei dates, both days included', async () => {
    const today = todayInTaipei();
    const now = (await create({ title: '今天', starts_on: today, ends_on: today })).json();
    const later = (await create({ title: '明天起', starts_on: addDays(today, 1) })).json();
    const ended = (await create({ title: '昨天止', ends_on: addDays(today, -1) })).json();
    expect([now.active, later.active, ended.active]).toEqual([true, false, false]);
    const shown = (await as().get('/api/public/banners?position=home')).json().data.map((b: { id: number }) => b.id);
    expect(shown).toContain(now.id);
    expect(shown).not.toContain(later.id);
    expect(shown).not.toContain(ended.id);
    expect((await as(editor).get(`${base}/index?state=scheduled`)).json().data.map((b: { id: number }) => b.id)).toEqual([later.id]);
    expect((await as(editor).get(`${base}/index?state=ended`)).json().data.map((b: { id: number }) => b.id)).toEqual([ended.id]);
  });

  it('turns at the Taipei midnight (16:00 UTC), not at the UTC one', async () => {
    const b = (await create({ position: 'about', title: '活動', starts_on: '2026-12-02', ends_on: '2026-12-02' })).json();
    const shownAt = async (iso: string) => {
      vi.useFakeTimers({ now: new Date(iso), toFake: ['Date'] });
      try {
        return (await as().get('/api/public/banners?position=about'))
          .json()
          .data.map((x: { id: number }) => x.id)
          .includes(b.id);
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await shownAt('2026-12-01T15:59:00Z')).toBe(false);
    expect(await shownAt('2026-12-01T16:00:00Z')).toBe(true);
    expect(await shownAt('2026-12-02T15:59:00Z')).toBe(true);
    expect(await shownAt('2026-12-02T16:00:00Z')).toBe(false);
    await as(editor).delete(`${base}/${b.id}`);
  });

  it('refuses a banner without an image, with an unsafe link or with its end before its start', async () => {
    expect((await create({ photo_id: null })).json().errors).toEqual({ photo_id: ['validate.error.required'] });
    for (const link of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x']) {
      expect((await create({ link })).json().errors, link).toEqual({ link: ['validate.error.invalid'] });
    }
    expect((await create({ link: '/projects' })).statusCode).toBe(200);
    expect((await create({ link: 'https://example.com/a' })).statusCode).toBe(200);
    expect((await create({ starts_on: '2026-12-10', ends_on: '2026-12-09' })).json().errors).toEqual({
      ends_on: ['validate.error.invalid'],
    });
    expect((await create({ position: 'sidebar' })).statusCode).toBe(400);
  });

  it('reorders one position by drag and drop, refusing a stale order, audited', async () => {
    const ids = [];
    for (const title of ['A', 'B', 'C']) ids.push((await create({ position: 'news', title })).json().id);
    const reordered = await as(editor).put(`${base}/order`, { position: 'news', ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.map((b: { title: string }) => b.title)).toEqual(['C', 'A', 'B']);
    expect((await as().get('/api/public/banners?position=news')).json().data.map((b: { title: string }) => b.title)).toEqual([
      'C',
      'A',
      'B',
    ]);
    expect((await as(editor).put(`${base}/order`, { position: 'news', ids: [ids[0], ids[1]] })).statusCode).toBe(409);
    expect((await as(editor).put(`${base}/order`, { position: 'news', ids: [ids[0], ids[0], ids[1]] })).statusCode).toBe(400);
    const audit = await t.db.selectFrom('audit_logs').select(['before', 'after']).where('action', '=', 'reorder').execute();
    expect(audit.map((a) => JSON.parse(a.after!))).toEqual([{ ids: [ids[2], ids[0], ids[1]] }]);
    expect(JSON.parse(audit[0].before!)).toEqual({ ids });
  });

  it('refuses other roles and answers 404 while the module is off', async () => {
    const videoEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_VIDEO'] }));
    expect((await as(videoEditor).get(`${base}/index`)).statusCode).toBe(403);
    expect((await as(videoEditor).put(`${base}/order`, { position: 'home', ids: [1] })).statusCode).toBe(403);
    const off = JSON.stringify({
      modules: { admin: true, banner: false, contact: true, page: true, video: true, member: true, product: true },
    });
    await t.db.insertInto('app_configs').values({ name: 'app', value: off, updated_at: new Date().toISOString() }).execute();
    try {
      expect((await as(editor).get(`${base}/index`)).statusCode).toBe(404);
      expect((await as().get('/api/public/banners?position=home')).statusCode).toBe(404);
    } finally {
      await t.db.deleteFrom('app_configs').where('name', '=', 'app').execute();
    }
  });
});

describe('banner links', () => {
  it('refuses a link a browser reads as another host (/\\host, /\\/host, \\\\host), as the rich text does', async () => {
    for (const link of ['/\\evil.example', '/\\/evil.example', '\\\\evil.example', '/a\\b', 'https://example.com\\@evil.example']) {
      const res = await create({ link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().errors, link).toEqual({ link: ['validate.error.invalid'] });
    }
    expect((await create({ link: '/projects/2026?tab=a#top' })).statusCode).toBe(200);
  });
});
