import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../db/migrations/0092-sanitised-rich-text.ts';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';

/**
 * Issue 34: the website's page cache cannot be bypassed by the spelling of an address (a `?page=` on a
 * detail page, a slug's letter case, an id's leading zeros), and a page shows its stored rich text as
 * it is: saves store it sanitised, migration 0092 sanitised what was stored before.
 */
let t: TestApp;
let editor: string;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'] }));
  const res = await api(t.app, editor).post('/api/admin/page', {
    type: 'article',
    slug: 'cached-news',
    title: '快取新聞',
    body: '<p>內容</p>',
    status: 'published',
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the website page cache', () => {
  it('keeps one entry for a detail page however its address is spelled', async () => {
    t.app.siteCache.bump();
    const first = await get('/site/news/cached-news');
    expect(first.statusCode).toBe(200);
    const kept = t.app.siteCache.size;
    for (const url of ['/site/news/cached-news?page=2', '/site/news/CACHED-NEWS', '/site/news/Cached-News?page=99&x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(first.body);
    }
    expect(t.app.siteCache.size).toBe(kept);
  });

  it('keys a list by its page number and a category by its id as a number', async () => {
    t.app.siteCache.bump();
    expect((await get('/site/news')).statusCode).toBe(200);
    const kept = t.app.siteCache.size;
    expect((await get('/site/news?page=1')).statusCode).toBe(200);
    expect((await get('/site/news?page=abc')).statusCode).toBe(200);
    expect(t.app.siteCache.size).toBe(kept);
    // A page past the last is the 404 page, never kept.
    expect((await get('/site/news?page=2')).statusCode).toBe(404);
    expect(t.app.siteCache.size).toBe(kept);
  });

  it('shows the stored body as it is; migration 0092 sanitises bodies stored before', async () => {
    const row = await t.db.selectFrom('pages').select(['id', 'body']).where('slug', '=', 'cached-news').executeTakeFirstOrThrow();
    await t.db
      .updateTable('pages')
      .set({ body: '<p onclick="x()">舊內容<script>alert(1)</script></p>', body_en: '<p>  </p>' })
      .where('id', '=', row.id)
      .execute();
    await up(t.db);
    const after = await t.db.selectFrom('pages').select(['body', 'body_en']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ body: '<p>舊內容</p>', body_en: null });
    // Sanitised markup is left as it is on a second run.
    await up(t.db);
    expect(await t.db.selectFrom('pages').select(['body', 'body_en']).where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual(after);
    t.app.siteCache.bump();
    expect((await get('/site/news/cached-news')).body).toContain('<div class="rich"><p>舊內容</p></div>');
  });
});
