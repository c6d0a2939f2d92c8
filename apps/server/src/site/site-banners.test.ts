import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { uploadPhoto } from './site.testkit.ts';

// Issue 42 item 6: every banner position the back office offers shows on its site page.
let t: TestApp;
let editor: string;
let photo: number;
const as = () => api(t.app, editor);
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BANNER', 'ROLE_PHOTO', 'ROLE_PAGE'] }));
  photo = await uploadPhoto(t.app, editor);
  for (const [position, title] of [
    ['home', '首頁橫幅'],
    ['news', '最新消息橫幅'],
    ['projects', '工程實績橫幅'],
    ['about', '關於我們橫幅'],
  ]) {
    const res = await as().post('/api/admin/banner', { title, position, photo_id: photo });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('banner positions on the website', () => {
  it.each([
    ['/site/news', '最新消息橫幅'],
    ['/site/projects', '工程實績橫幅'],
    ['/site/pages', '關於我們橫幅'],
    ['/site/en/news', '最新消息橫幅'],
  ])('%s shows its own position’s banners and no other position’s', async (url, title) => {
    const body = await get(url);
    expect(body).toContain(`<p class="caption">${title}</p>`);
    const others = ['首頁橫幅', '最新消息橫幅', '工程實績橫幅', '關於我們橫幅'].filter((o) => o !== title);
    for (const o of others) expect(body).not.toContain(o);
  });

  it('keeps the home position on the home page only', async () => {
    const body = await get('/site');
    expect(body).toContain('<p class="caption">首頁橫幅</p>');
    expect(body).not.toContain('最新消息橫幅');
  });

  it('shows no banner strip on a list whose position has none', async () => {
    const [banner] = (await as().get('/api/admin/banner/index?position=news')).json().data as { id: number }[];
    expect((await as().delete(`/api/admin/banner/${banner!.id}`)).statusCode).toBe(200);
    const body = await get('/site/news');
    expect(body).not.toContain('class="banners');
  });
});
