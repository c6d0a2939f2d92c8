import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { uploadMultipart } from '../../../test/multipart.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';

let t: TestApp;
let editor: string;
let editorInB: string;
let photoEditor: string;
let orgA: number;
const base = '/api/admin/video';
const as = (tk?: string) => api(t.app, tk);
const setModules = (modules: Record<string, boolean>) =>
  t.db
    .insertInto('app_configs')
    .values({ name: 'app', value: JSON.stringify({ modules: { ...ALL_ON, ...modules } }), updated_at: new Date().toISOString() })
    .onConflict((c) => c.column('name').doUpdateSet({ value: JSON.stringify({ modules: { ...ALL_ON, ...modules } }) }))
    .execute();
const ALL_ON = { admin: true, banner: true, contact: true, page: true, video: true, member: true, product: true };

async function libraryPhoto(token: string, library = '?library=company') {
  const res = await uploadMultipart(
    t.app,
    token,
    `/api/admin/photo/upload${library}`,
    {},
    { name: 'v.jpg', data: await samplePhoto('#0ea5e9', 64, 36), type: 'image/jpeg' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await buildOrganization(t.db)).id;
  const orgB = (await buildOrganization(t.db)).id;
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_VIDEO'], memberships: { [orgA]: [] } }), { organizationId: orgA });
  editorInB = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_VIDEO'], memberships: { [orgB]: [] } }), { organizationId: orgB });
  photoEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO', 'ROLE_VIDEO'], memberships: { [orgA]: [] } }), {
    organizationId: orgA,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('videos', () => {
  it('creates a video with the YouTube id taken from the URL, lists, finds by Chinese substring, updates and deletes, audited', async () => {
    const photo = await libraryPhoto(photoEditor);
    const created = await as(editor).post(base, {
      title: '營造工程紀錄片',
      title_en: 'Construction documentary',
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      photo_id: photo.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const v = created.json();
    expect(v).toMatchObject({ youtube_id: 'dQw4w9WgXcQ', published: true, sort_order: 0, photo: { id: photo.id } });
    expect(v.photo.size_list.small.url).toMatch(/^\/api\/files\/public\//);

    const found = await as(editor).get(`${base}/index?keyword=${encodeURIComponent('工程')}`);
    expect(found.json().data.map((x: { id: number }) => x.id)).toContain(v.id);

    const updated = await as(editor).put(`${base}/${v.id}`, {
      title: '新標題',
      youtube_url: 'https://youtu.be/aaaaaaaaaaa',
      photo_id: photo.id,
    });
    expect(updated.json()).toMatchObject({ title: '新標題', title_en: null, youtube_id: 'aaaaaaaaaaa' });

    const hidden = await as(editor).patch(`${base}/${v.id}`, { field: 'published', value: false });
    expect(hidden.json().published).toBe(false);
    expect((await as(editor).get(`${base}/index?published=false`)).json().data.map((x: { id: number }) => x.id)).toEqual([v.id]);

    expect((await as(editor).delete(`${base}/${v.id}`)).statusCode).toBe(200);
    const actions = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'target_label'])
      .where('target_type', '=', 'video')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'patch', 'delete']);
    expect(actions[0].target_label).toBe('營造工程紀錄片');
  });

  it('refuses a URL with no YouTube id as a field error, and a photo the editor cannot see', async () => {
    for (const youtube_url of ['https://example.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/', 'not a url', '']) {
      const res = await as(editor).post(base, { title: 'x', youtube_url });
      expect(res.statusCode, youtube_url).toBe(400);
      expect(res.json().errors.youtube_url[0]).toMatch(/^validate\.error\.(youtube_url_incorrect|required)$/);
    }
    const photoInA = await libraryPhoto(photoEditor, '');
    const res = await as(editorInB).post(base, { title: 'x', youtube_url: 'https://youtu.be/dQw4w9WgXcQ', photo_id: photoInA.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ photo_id: ['validate.error.invalid'] });
    expect(await t.db.selectFrom('videos').select('id').where('title', '=', 'x').execute()).toEqual([]);
  });

  it('refuses other roles; a switched-off module answers 404 to the API and the public read', async () => {
    const bannerEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BANNER'] }));
    expect((await as(bannerEditor).get(`${base}/index`)).statusCode).toBe(403);
    expect((await as().get(`${base}/index`)).statusCode).toBe(401);
    await setModules({ video: false });
    try {
      expect((await as(editor).get(`${base}/index`)).statusCode).toBe(404);
      expect((await as().get('/api/public/videos')).statusCode).toBe(404);
    } finally {
      await setModules({});
    }
    expect((await as(editor).get(`${base}/index`)).statusCode).toBe(200);
  });

  it('serves published videos in order to the public, per locale, with ETag and Cache-Control', async () => {
    const mk = async (title: string, sort_order: number, published = true) =>
      (
        await as(editor).post(base, { title, title_en: `${title} EN`, youtube_url: 'https://youtu.be/bbbbbbbbbbb', sort_order, published })
      ).json();
    const second = await mk('第二', 2);
    const first = await mk('第一', 1);
    await mk('草稿', 0, false);
    const res = await as().get('/api/public/videos');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=60/);
    const ids = res.json().data.map((v: { id: number }) => v.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(res.json().data.map((v: { title: string }) => v.title)).not.toContain('草稿');
    expect(res.json().data[ids.indexOf(first.id)]).toMatchObject({
      title: '第一',
      embed_url: 'https://www.youtube-nocookie.com/embed/bbbbbbbbbbb',
    });
    const en = await as().get('/api/public/videos?locale=en-US');
    expect(en.json().data[ids.indexOf(first.id)].title).toBe('第一 EN');
    // The website reads it without the back office's fingerprint header.
    const bare = await t.app.inject({ method: 'GET', url: '/api/public/videos' });
    expect(bare.statusCode).toBe(200);
    const again = await as().get('/api/public/videos', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lets go of a library photo deleted from under a video, and audits it', async () => {
    const photo = await libraryPhoto(photoEditor);
    const v = (await as(editor).post(base, { title: '有圖', youtube_url: 'https://youtu.be/ccccccccccc', photo_id: photo.id })).json();
    const del = await as(photoEditor).delete('/api/admin/photo/batch?library=company', { ids: [photo.id], confirm_uses: true });
    expect(del.statusCode, del.body).toBe(200);
    expect((await as(editor).get(`${base}/${v.id}`)).json()).toMatchObject({ photo_id: null, photo: null });
    const unlink = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('target_type', '=', 'video')
      .where('action', '=', 'unlink_photo')
      .execute();
    expect(unlink.map((u) => JSON.parse(u.after!))).toEqual([{ photo_id: null }]);
  });
});
