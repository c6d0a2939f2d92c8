import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { PAGE_PUBLISH_TASK, publishDuePages } from './page-schedule.ts';

let t: TestApp;
let editor: string;
const as = (tk?: string) => api(t.app, tk);
const P = '/api/admin/page';
const C = '/api/admin/page-category';
let n = 0;
const slug = () => `page-${++n}`;
const newPage = (body: Record<string, unknown> = {}) =>
  as(editor).post(P, { type: 'article', slug: slug(), title: '標題', body: '<p>內容</p>', ...body });

beforeAll(async () => {
  t = await createTestApp();
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'] }));
});
afterAll(async () => {
  await t?.close();
});

describe('page categories', () => {
  it('keeps each type within its pageCategoryDepth (article 2, default 1): deeper is a field error', async () => {
    const news = (await as(editor).post(C, { type: 'article', name: '公司新聞' })).json();
    expect(news).toMatchObject({ depth: 1 });
    const awards = await as(editor).post(C, { type: 'article', name: '得獎', parent_id: news.id });
    expect(awards.json()).toMatchObject({ depth: 2 });
    const third = await as(editor).post(C, { type: 'article', name: '太深', parent_id: awards.json().id });
    expect(third.statusCode).toBe(400);
    expect(third.json().errors).toEqual({ parent_id: ['validate.error.category_too_deep'] });
    const root = (await as(editor).post(C, { type: 'default', name: '關於' })).json();
    expect((await as(editor).post(C, { type: 'default', name: '子分類', parent_id: root.id })).json().errors).toEqual({
      parent_id: ['validate.error.category_too_deep'],
    });
    // A parent of another type is refused too.
    expect((await as(editor).post(C, { type: 'project', name: 'x', parent_id: news.id })).json().errors).toEqual({
      parent_id: ['validate.error.invalid'],
    });
    const tree = (await as(editor).get(`${C}/tree?type=article`)).json();
    expect(tree).toMatchObject({ max_depth: 2, data: [{ name: '公司新聞', children: [{ name: '得獎', children: [] }] }] });
    // A category with sub-categories or pages stays (409).
    expect((await as(editor).delete(`${C}/${news.id}`)).statusCode).toBe(409);
    await newPage({ category_id: awards.json().id });
    expect((await as(editor).delete(`${C}/${awards.json().id}`)).statusCode).toBe(409);
  });
});

describe('pages', () => {
  it('sanitises the body on the server: stored-XSS attempts are cleaned before they are stored', async () => {
    const body =
      '<p onclick="steal()">工程<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"><svg onload="alert(1)"><circle/></svg><iframe src="https://evil.example/"></iframe>';
    const res = await newPage({ body });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await t.db.selectFrom('pages').select('body').where('id', '=', res.json().id).executeTakeFirstOrThrow()).body;
    for (const bad of ['<script', 'onclick', 'javascript:', 'onerror', '<svg', 'evil.example']) expect(stored).not.toContain(bad);
    expect(stored).toContain('工程');
  });

  it('keeps slugs unique per type, and a category of the page type only', async () => {
    const first = await newPage({ slug: 'same-name' });
    expect(first.statusCode).toBe(200);
    const again = await newPage({ slug: 'Same-Name' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ slug: ['validate.error.slug_taken'] });
    expect((await newPage({ slug: 'same-name', type: 'project' })).statusCode).toBe(200);
    expect((await newPage({ slug: 'has space' })).json().errors).toEqual({ slug: ['validate.error.invalid'] });
    const projectCategory = (await as(editor).post(C, { type: 'project', name: '住宅' })).json();
    expect((await newPage({ category_id: projectCategory.id })).json().errors).toEqual({ category_id: ['validate.error.invalid'] });
    expect((await newPage({ title: '' })).json().errors).toEqual({ title: ['validate.error.required'] });
  });

  it('publishes a scheduled page on its minute, exactly once across instances, without a request', async () => {
    const soon = new Date(Date.now() + 3 * 60_000);
    soon.setUTCSeconds(0, 0);
    expect((await newPage({ status: 'scheduled', publish_at: new Date(Date.now() - 60_000).toISOString() })).json().errors).toEqual({
      publish_at: ['validate.error.publish_at_past'],
    });
    expect((await newPage({ status: 'scheduled' })).json().errors).toEqual({ publish_at: ['validate.error.required'] });
    // Written in Taipei wall time with its offset, as the web sends it.
    const taipei = new Date(soon.getTime() + 8 * 3600_000).toISOString().slice(0, 16);
    const page = (await newPage({ status: 'scheduled', publish_at: `${taipei}:00+08:00`, slug: 'scheduled-one' })).json();
    expect(page).toMatchObject({ status: 'scheduled', publish_at: soon.toISOString() });
    expect((await as().get('/api/public/pages/article/scheduled-one')).statusCode).toBe(404);

    expect(await publishDuePages(systemContexts(t.app, PAGE_PUBLISH_TASK), new Date(soon.getTime() - 1000))).toEqual([]);
    // Two instances tick at the same minute: one of them publishes it.
    const [a, b] = await Promise.all([
      publishDuePages(systemContexts(t.app, PAGE_PUBLISH_TASK), soon),
      publishDuePages(systemContexts(t.app, PAGE_PUBLISH_TASK), soon),
    ]);
    expect([...a, ...b]).toEqual([page.id]);
    await t.app.minuteTasks.tick(new Date(soon.getTime() + 60_000));
    const after = (await as(editor).get(`${P}/${page.id}`)).json();
    expect(after).toMatchObject({ status: 'published', published_at: soon.toISOString(), publish_at: null });
    const audits = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'page')
      .where('target_id', '=', String(page.id))
      .execute();
    expect(audits.filter((x) => x.action === 'publish')).toEqual([{ action: 'publish', actor_id: null }]);
    expect((await as().get('/api/public/pages/article/scheduled-one')).statusCode).toBe(200);
  });

  it('keeps a revision per save; compares and restores one as a new revision, audited', async () => {
    const p = (await newPage({ title: '第一版', body: '<p>一</p>' })).json();
    await as(editor).put(`${P}/${p.id}`, { type: 'article', slug: p.slug, title: '第二版', body: '<p>二</p>' });
    await as(editor).patch(`${P}/${p.id}`, { field: 'status', value: 'published' });
    const revisions = (await as(editor).get(`${P}/${p.id}/revisions`)).json().data;
    expect(revisions.map((r: { number: number; status: string }) => [r.number, r.status])).toEqual([
      [3, 'published'],
      [2, 'draft'],
      [1, 'draft'],
    ]);
    const first = (await as(editor).get(`${P}/${p.id}/revisions/1`)).json();
    expect(first.content).toMatchObject({ title: '第一版', body: '<p>一</p>' });
    const restored = await as(editor).post(`${P}/${p.id}/revisions/1/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: '第一版', body: '<p>一</p>', status: 'published', revision_count: 4 });
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['after'])
      .where('action', '=', 'restore')
      .where('target_id', '=', String(p.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ title: '第一版', revision: 1 });
    expect((await as(editor).get(`${P}/${p.id}/revisions/99`)).statusCode).toBe(404);
    // Scheduling needs a time: the one-field patch refuses it, and any field outside the list.
    expect((await as(editor).patch(`${P}/${p.id}`, { field: 'status', value: 'scheduled' })).statusCode).toBe(400);
    expect((await as(editor).patch(`${P}/${p.id}`, { field: 'body', value: '<p>x</p>' })).statusCode).toBe(400);
  });

  it('serves published pages only, per locale with zh-TW fallback, a category with its sub-categories', async () => {
    const root = (await as(editor).post(C, { type: 'article', name: '新聞', name_en: 'News' })).json();
    const sub = (await as(editor).post(C, { type: 'article', name: '活動', parent_id: root.id })).json();
    const inSub = (
      await newPage({ title: '工地開放日', title_en: 'Open day', body_en: '<p>Hello</p>', category_id: sub.id, status: 'published' })
    ).json();
    const zhOnly = (await newPage({ title: '只有中文', category_id: root.id, status: 'published' })).json();
    const draft = (await newPage({ title: '草稿', category_id: root.id })).json();
    const list = (await as().get(`/api/public/pages?type=article&category_id=${root.id}&locale=en-US`)).json();
    const ids = list.data.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([inSub.id, zhOnly.id]));
    expect(ids).not.toContain(draft.id);
    expect(list.data.find((x: { id: number }) => x.id === zhOnly.id).title).toBe('只有中文');
    const one = await as().get(`/api/public/pages/article/${inSub.slug}?locale=en-US`);
    expect(one.json()).toMatchObject({ title: 'Open day', body: '<p>Hello</p>', locale: 'en-US' });
    expect(one.headers.etag).toBeTruthy();
    expect((await as().get(`/api/public/pages/article/${draft.slug}`)).statusCode).toBe(404);
    const tree = (await as().get('/api/public/page-categories?type=article&locale=en-US')).json();
    expect(tree.data.find((c: { id: number }) => c.id === root.id)).toMatchObject({ name: 'News', children: [{ name: '活動' }] });
  });

  it('refuses other roles and answers 404 everywhere while the module is off', async () => {
    const video = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_VIDEO'] }));
    expect((await as(video).get(`${P}/index`)).statusCode).toBe(403);
    expect((await as(video).get(`${C}/tree?type=article`)).statusCode).toBe(403);
    const off = JSON.stringify({
      modules: { admin: true, banner: true, contact: true, page: false, video: true, member: true, product: true },
    });
    await t.db.insertInto('app_configs').values({ name: 'app', value: off, updated_at: new Date().toISOString() }).execute();
    try {
      expect((await as(editor).get(`${P}/index`)).statusCode).toBe(404);
      expect((await as(editor).get(`${C}/tree?type=article`)).statusCode).toBe(404);
      expect((await as().get('/api/public/pages?type=article')).statusCode).toBe(404);
    } finally {
      await t.db.deleteFrom('app_configs').where('name', '=', 'app').execute();
    }
  });
});
