import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_STAGES, REVIEW_TYPES } from '@bo/shared/schemas/review';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { uploadMultipart } from '../../../test/multipart.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { PAGE_PUBLISH_TASK, publishDuePages } from '../page/page-schedule.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';
import { REVIEW_TARGETS } from './review-targets.ts';

let t: TestApp;
let superAdmin: string;
let author: string;
let authorId: number;
let approver: string;
let approverId: number;
let bannerOnly: string;
const as = (tk?: string) => api(t.app, tk);
const P = '/api/admin/page';
const R = '/api/admin/reviews/page';
let n = 0;
const newPage = (tk: string, body: Record<string, unknown> = {}) =>
  as(tk).post(P, { type: 'article', slug: `review-${++n}`, title: `公告 ${n}`, body: '<p>第一版</p>', ...body });
const workflows = (enabled: Partial<Record<(typeof REVIEW_TYPES)[number], boolean>>) => ({
  data: REVIEW_TYPES.map((target_type) => ({ target_type, enabled: enabled[target_type] ?? false, stages: DEFAULT_REVIEW_STAGES })),
});
/** A page's form input from its read, with changes. */
const input = (p: Record<string, unknown>, change: Record<string, unknown> = {}) => ({
  type: p.type,
  slug: p.slug,
  title: p.title,
  body: p.body,
  status: p.status === 'scheduled' ? 'scheduled' : p.status,
  publish_at: p.publish_at,
  ...change,
});
const publicPage = (slug: string) => as().get(`/api/public/pages/article/${slug}`);
const auditsOf = (target: string) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'target_type', 'target_id', 'actor_id', 'after'])
    .where('target_type', '=', 'review')
    .where('target_id', '=', target)
    .orderBy('id')
    .execute();
const mailsTo = (adminId: number) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['template', 'subject'])
    .where('admin_id', '=', adminId)
    .where('template', '=', 'review_notice')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], name: '總管理員' }));
});
afterAll(async () => {
  await t?.close();
});

describe('review workflows (settings)', () => {
  it('start off for every type; switching one on while only one admin may edit it is refused', async () => {
    const read = await as(superAdmin).get('/api/admin/review-workflows');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.map((w: { enabled: boolean }) => w.enabled)).toEqual([false, false, false, false]);
    expect(read.json().editors.page).toBe(1);
    const on = await as(superAdmin).put('/api/admin/review-workflows', workflows({ page: true }));
    expect(on.statusCode, on.body).toBe(400);
    expect(on.json().errors).toEqual({ page: ['review.error.second_approver_missing'] });
    expect((await as(superAdmin).get('/api/admin/review-workflows')).json().data[0].enabled).toBe(false);
  });

  it('counts who may approve, not who may edit: an approving stage only nobody else holds is refused', async () => {
    await buildAdmin(t.db, { roles: ['ROLE_PAGE'] });
    const narrow = workflows({ page: true });
    narrow.data[0] = {
      ...narrow.data[0]!,
      stages: DEFAULT_REVIEW_STAGES.map((s) => (s.key === 'approved' ? { ...s, roles: ['ROLE_PRODUCT'] } : s)),
    };
    const res = await as(superAdmin).put('/api/admin/review-workflows', narrow);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ page: ['review.error.second_approver_missing'] });
    expect((await as(superAdmin).get('/api/admin/review-workflows')).json().data[0].enabled).toBe(false);
  });

  it('refuses stages without the built-in line, and any caller but a super admin', async () => {
    const a = await buildAdmin(t.db, { roles: ['ROLE_PAGE'] });
    authorId = a.id;
    author = await login(t.app, a);
    const bad = workflows({});
    bad.data[0] = {
      ...bad.data[0]!,
      stages: DEFAULT_REVIEW_STAGES.filter((s) => s.key !== 'approved').concat([DEFAULT_REVIEW_STAGES[0]!]),
    };
    const res = await as(superAdmin).put('/api/admin/review-workflows', bad);
    expect(res.statusCode).toBe(400);
    expect((await as(author).get('/api/admin/review-workflows')).statusCode).toBe(403);
    expect((await as(author).put('/api/admin/review-workflows', workflows({ page: true }))).statusCode).toBe(403);
  });
});

describe('with the page workflow off (the default)', () => {
  it('publishes at once as before, and the review routes say the workflow is off', async () => {
    const page = (await newPage(author, { status: 'published' })).json();
    expect(page.status).toBe('published');
    expect((await publicPage(page.slug)).statusCode).toBe(200);
    const submit = await as(author).post(`${R}/${page.id}/submit`, {});
    expect(submit.statusCode).toBe(409);
    expect(submit.json().key).toBe('review.error.workflow_off');
  });
});

describe('four eyes on pages', () => {
  let live: { id: number; slug: string };
  beforeAll(async () => {
    const b = await buildAdmin(t.db, { roles: ['ROLE_PAGE'], name: '林經理' });
    approverId = b.id;
    approver = await login(t.app, b);
    bannerOnly = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BANNER'] }));
    live = (await newPage(author, { status: 'published', body: '<p>上線版本</p>' })).json();
    const on = await as(superAdmin).put('/api/admin/review-workflows', workflows({ page: true }));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data[0].enabled).toBe(true);
  });

  it('keeps the website as it was when switched on', async () => {
    const review = (await as(approver).get(`${R}/${live.id}`)).json();
    expect(review.state).toMatchObject({ stage: 'published', published_version: expect.any(Number) });
    expect((await publicPage(live.slug)).json().body).toBe('<p>上線版本</p>');
  });

  it('refuses to publish or schedule an unapproved version through the page routes', async () => {
    const res = await newPage(author, { status: 'published' });
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('review.error.not_approved');
    const draft = (await newPage(author)).json();
    const patch = await as(author).patch(`${P}/${draft.id}`, { field: 'status', value: 'published' });
    expect(patch.statusCode).toBe(409);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await as(author).put(`${P}/${draft.id}`, input(draft, { status: 'scheduled', publish_at: later }));
    expect(scheduled.statusCode).toBe(409);
    expect((await t.db.selectFrom('pages').select('status').where('id', '=', draft.id).executeTakeFirstOrThrow()).status).toBe('draft');
  });

  it('lets an approver, never the author, approve; publish of the unapproved is refused; every step audited once', async () => {
    const page = (await newPage(author)).json();
    const url = `${R}/${page.id}`;
    expect((await as(approver).post(`${url}/publish`, {})).json().key).toBe('review.error.not_approved');
    const submitted = await as(author).post(`${url}/submit`, { comment: '請審核' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().state).toMatchObject({ stage: 'in_review', author: { id: authorId } });
    expect((await mailsTo(approverId)).length).toBeGreaterThan(0);

    const awaiting = (await as(approver).get('/api/admin/reviews?mine=awaiting')).json();
    expect(awaiting.data.map((i: { target_id: number }) => i.target_id)).toContain(page.id);
    expect(awaiting.counts.page).toBe(awaiting.total);
    const mine = (await as(author).get('/api/admin/reviews?mine=awaiting')).json();
    expect(mine.data.map((i: { target_id: number }) => i.target_id)).not.toContain(page.id);

    const own = await as(author).post(`${url}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().key).toBe('review.error.own_version');
    expect((await as(bannerOnly).post(`${url}/approve`, {})).statusCode).toBe(403);
    expect((await as(approver).post(`${url}/publish`, {})).statusCode).toBe(409);

    // The approver read version v; the author changes it meanwhile: approving v is refused.
    const read = (await as(approver).get(url)).json().state.current_version;
    const current = (await as(author).get(`${P}/${page.id}`)).json();
    expect((await as(author).put(`${P}/${page.id}`, input(current, { summary: '摘要' }))).statusCode).toBe(200);
    const stale = await as(approver).post(`${url}/approve`, {}, { 'if-match': `"${read}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('validate.error.edited_elsewhere');

    const approved = await as(approver).post(`${url}/approve`, { comment: '可以' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().state).toMatchObject({
      stage: 'approved',
      approved_by: { id: approverId },
      approved_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await mailsTo(authorId)).length).toBeGreaterThan(0);
    expect((await publicPage(page.slug)).statusCode).toBe(404);

    const published = await as(approver).post(`${url}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().state).toMatchObject({ stage: 'published', published_hash: approved.json().state.approved_hash });
    expect((await publicPage(page.slug)).json().body).toBe('<p>第一版</p>');

    const audits = await auditsOf(`page:${page.id}`);
    expect(audits.map((a) => a.action)).toEqual(['submit', 'approve', 'publish']);
    expect(JSON.parse(audits[1]!.after!)).toMatchObject({
      version: expect.any(Number),
      content_sha256: approved.json().state.approved_hash,
    });
    expect(JSON.parse(audits[2]!.after!)).toMatchObject({ content_sha256: approved.json().state.approved_hash });
  });

  it('sends an edit after approval back to review, and the website keeps the published version until the new one is', async () => {
    const page = (await newPage(author)).json();
    const url = `${R}/${page.id}`;
    await as(author).post(`${url}/submit`, {});
    await as(approver).post(`${url}/approve`, {});
    await as(approver).post(`${url}/publish`, {});
    expect((await publicPage(page.slug)).json().body).toBe('<p>第一版</p>');

    const current = (await as(author).get(`${P}/${page.id}`)).json();
    const edited = await as(author).put(`${P}/${page.id}`, input(current, { body: '<p>第二版</p>' }));
    expect(edited.statusCode, edited.body).toBe(200);
    const review = (await as(approver).get(url)).json();
    expect(review.state).toMatchObject({ stage: 'in_review', approved_hash: null, author: { id: authorId } });
    expect(review.diff).toEqual([expect.objectContaining({ field: 'body', published: '<p>第一版</p>', working: '<p>第二版</p>' })]);
    expect((await publicPage(page.slug)).json().body).toBe('<p>第一版</p>');
    const site = await t.app.inject({ method: 'GET', url: `/site/news/${page.slug}` });
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain('第一版');
    expect(site.body).not.toContain('第二版');
    // The signed preview still shows the working record, for reviewers.
    const link = (await as(approver).get(`${P}/${page.id}/site-link`)).json();
    expect(link.preview).toBe(true);
    const preview = new URL(link.url);
    const shown = await t.app.inject({ method: 'GET', url: `/api/public/preview/page/${page.id}${preview.search}` });
    expect(shown.json().body).toBe('<p>第二版</p>');

    const returned = await as(approver).post(`${url}/return`, { reason: '' });
    expect(returned.statusCode).toBe(400);
    const back = await as(approver).post(`${url}/return`, { reason: '日期寫錯了' });
    expect(back.json().state.stage).toBe('returned');
    expect(back.json().comments.at(-1)).toMatchObject({ kind: 'return', body: '日期寫錯了' });
    await as(approver).post(`${url}/comments`, { body: '請改成 12 月' });

    await as(author).post(`${url}/submit`, {});
    await as(approver).post(`${url}/approve`, {});
    expect((await publicPage(page.slug)).json().body).toBe('<p>第一版</p>');
    await as(approver).post(`${url}/publish`, {});
    expect((await publicPage(page.slug)).json().body).toBe('<p>第二版</p>');
    expect((await auditsOf(`page:${page.id}`)).map((a) => a.action)).toEqual([
      'submit',
      'approve',
      'publish',
      'return',
      'comment',
      'submit',
      'approve',
      'publish',
    ]);
  });

  it('holds a schedule until the version is approved, and tells the author why once', async () => {
    const page = (await newPage(author)).json();
    const url = `${R}/${page.id}`;
    await as(author).post(`${url}/submit`, {});
    await as(approver).post(`${url}/approve`, {});
    const at = new Date(Date.now() + 5 * 60_000);
    at.setUTCSeconds(0, 0);
    const current = (await as(author).get(`${P}/${page.id}`)).json();
    const scheduled = await as(author).put(`${P}/${page.id}`, input(current, { status: 'scheduled', publish_at: at.toISOString() }));
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    // Changed after approval (and still scheduled): back to review, the schedule waits.
    const again = (await as(author).get(`${P}/${page.id}`)).json();
    expect((await as(author).put(`${P}/${page.id}`, input(again, { title: '改過的標題' }))).statusCode).toBe(200);
    const before = (await mailsTo(authorId)).length;
    const system = systemContexts(t.app, PAGE_PUBLISH_TASK);
    const later = new Date(at.getTime() + 60_000);
    expect(await publishDuePages(system, later)).toEqual([]);
    expect(await publishDuePages(system, later)).toEqual([]);
    expect((await mailsTo(authorId)).length).toBe(before + 1);
    expect((await publicPage(page.slug)).statusCode).toBe(404);

    await as(approver).post(`${url}/approve`, {});
    expect(await publishDuePages(system, later)).toEqual([page.id]);
    const shown = await publicPage(page.slug);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().title).toBe('改過的標題');
    expect((await as(approver).get(url)).json().state.stage).toBe('published');
  });
});

describe('videos, and a company stage of its own', () => {
  let videoEditor: string;
  let legal: string;
  beforeAll(async () => {
    videoEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_VIDEO'] }));
    legal = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_VIDEO', 'ROLE_PAGE'] }));
    const w = workflows({ page: true, video: true });
    const stages = [...DEFAULT_REVIEW_STAGES];
    // 法務審核 between 待審核 and 已核准: only a super admin may approve into 已核准 after it.
    stages.splice(2, 0, { key: 'legal', name: { 'zh-TW': '法務審核', 'en-US': 'Legal review' }, roles: [] });
    stages[3] = { ...stages[3]!, roles: ['ROLE_SUPER_ADMIN'] };
    w.data[3] = { target_type: 'video', enabled: true, stages };
    const res = await as(superAdmin).put('/api/admin/review-workflows', w);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('shows only a published video, and walks each stage with its own roles', async () => {
    const refused = await as(videoEditor).post('/api/admin/video', {
      title: '工安影片',
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      published: true,
    });
    expect(refused.statusCode).toBe(409);
    const video = (
      await as(videoEditor).post('/api/admin/video', {
        title: '工安影片',
        youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        published: false,
      })
    ).json();
    const url = `/api/admin/reviews/video/${video.id}`;
    expect((await as(videoEditor).post(`${url}/submit`, {})).json().state.stage).toBe('in_review');
    expect((await as(legal).post(`${url}/approve`, {})).json().state).toMatchObject({ stage: 'legal', approved_hash: null });
    const notHis = await as(legal).post(`${url}/approve`, {});
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json().key).toBe('review.error.not_approver');
    expect((await as(superAdmin).post(`${url}/approve`, {})).json().state.stage).toBe('approved');
    const list = async () => (await as().get('/api/public/videos')).json().data.map((v: { id: number }) => v.id);
    expect(await list()).not.toContain(video.id);
    expect((await as(superAdmin).post(`${url}/publish`, {})).statusCode).toBe(200);
    expect(await list()).toContain(video.id);
    expect((await t.db.selectFrom('videos').select('published').where('id', '=', video.id).executeTakeFirstOrThrow()).published).toBe(1);
  });
});

describe('products', () => {
  it('keep the published product on the website while an edit waits for review', async () => {
    const productEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PRODUCT'] }));
    const on = await as(superAdmin).put('/api/admin/review-workflows', workflows({ page: true, video: true, product: true }));
    expect(on.statusCode, on.body).toBe(200);
    const body = { slug: `cement-${++n}`, name: '水泥', description: '<p>說明</p>' };
    expect((await as(productEditor).post('/api/admin/product', { ...body, status: 'published' })).json().key).toBe(
      'review.error.not_approved',
    );
    const product = (await as(productEditor).post('/api/admin/product', body)).json();
    const url = `/api/admin/reviews/product/${product.id}`;
    await as(productEditor).post(`${url}/submit`, {});
    expect((await as(productEditor).post(`${url}/approve`, {})).statusCode).toBe(403);
    expect((await as(superAdmin).post(`${url}/approve`, {})).statusCode).toBe(200);
    expect((await as(superAdmin).post(`${url}/publish`, {})).statusCode).toBe(200);
    const shown = () => as().get(`/api/public/products/${body.slug}`);
    expect((await shown()).json().name).toBe('水泥');

    const current = (await as(productEditor).get(`/api/admin/product/${product.id}`)).json();
    const edited = await as(productEditor).put(`/api/admin/product/${product.id}`, { ...body, status: current.status, name: '高強度水泥' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await as(superAdmin).get(url)).json().state.stage).toBe('in_review');
    expect((await shown()).json().name).toBe('水泥');
  });
});

describe('banners', () => {
  let editor: string;
  let editorId: number;
  let checker: string;
  let checkerId: number;
  const photoIds: number[] = [];
  const B = '/api/admin/banner';
  const shown = async (position: string) =>
    (await as().get(`/api/public/banners?position=${position}`)).json().data as { id: number; title: string; photo: { id: number } }[];
  const homePage = async () => (await t.app.inject({ method: 'GET', url: '/site/' })).body;
  const inPosition = async (position: string, id: number) => (await shown(position)).find((b) => b.id === id);
  /** A banner's form input from its read, with changes. */
  const bannerInput = (b: Record<string, unknown>, change: Record<string, unknown> = {}) => ({
    title: b.title,
    title_en: b.title_en,
    position: b.position,
    photo_id: b.photo_id,
    link: b.link,
    starts_on: b.starts_on,
    ends_on: b.ends_on,
    sort_order: b.sort_order,
    ...change,
  });

  beforeAll(async () => {
    // Two admins who may edit banners (REVIEW_TARGETS.banner.editorRoles: ROLE_BANNER, super admins): the second pair of eyes.
    expect(REVIEW_TARGETS.banner.editorRoles).toContain('ROLE_BANNER');
    const org = (await buildOrganization(t.db)).id;
    const e = await buildAdmin(t.db, { roles: ['ROLE_BANNER', 'ROLE_PHOTO'], name: '王編輯', memberships: { [org]: [] } });
    editorId = e.id;
    editor = await login(t.app, e, { organizationId: org });
    const c = await buildAdmin(t.db, { roles: ['ROLE_BANNER'], name: '陳主任' });
    checkerId = c.id;
    checker = await login(t.app, c);
    for (const color of ['#f97316', '#0ea5e9']) {
      const up = await uploadMultipart(
        t.app,
        editor,
        '/api/admin/photo/upload?library=company',
        {},
        { name: 'b.jpg', data: await samplePhoto(color, 160, 60), type: 'image/jpeg' },
      );
      expect(up.statusCode, up.body).toBe(200);
      photoIds.push(up.json().id);
    }
    const on = await as(superAdmin).put('/api/admin/review-workflows', workflows({ page: true, video: true, product: true, banner: true }));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.find((w: { target_type: string }) => w.target_type === 'banner').enabled).toBe(true);
  });

  it('shows only the published banner, by its published position, dates and image, until an approved edit is published', async () => {
    const today = todayInTaipei();
    // Made to be shown (home, inside its dates, with an image): the banner routes do not put it on the website.
    const created = await as(editor).post(B, {
      title: '第一版',
      position: 'home',
      photo_id: photoIds[0],
      starts_on: today,
      ends_on: addDays(today, 30),
    });
    expect(created.statusCode, created.body).toBe(200);
    const banner = created.json();
    expect(banner.active).toBe(true);
    const url = `/api/admin/reviews/banner/${banner.id}`;
    expect(await inPosition('home', banner.id)).toBeUndefined();
    expect((await as(editor).get(`${B}/${banner.id}/site-link`)).json().preview).toBe(true);

    // Publishing the unapproved banner is refused; so is approving it by its author, or by someone not editing banners.
    const early = await as(checker).post(`${url}/publish`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().key).toBe('review.error.not_approved');
    const submitted = await as(editor).post(`${url}/submit`, { comment: '首頁橫幅' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().state).toMatchObject({ stage: 'in_review', author: { id: editorId } });
    expect((await mailsTo(checkerId)).length).toBeGreaterThan(0);
    const awaiting = (await as(checker).get('/api/admin/reviews?mine=awaiting')).json();
    expect(awaiting.data).toContainEqual(expect.objectContaining({ target_type: 'banner', target_id: banner.id, title: '第一版' }));
    expect(awaiting.counts.banner).toBeGreaterThan(0);
    const ownList = (await as(editor).get('/api/admin/reviews?mine=awaiting')).json();
    expect(ownList.data.map((i: { target_id: number; target_type: string }) => `${i.target_type}:${i.target_id}`)).not.toContain(
      `banner:${banner.id}`,
    );
    const own = await as(editor).post(`${url}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().key).toBe('review.error.own_version');
    expect((await as(approver).post(`${url}/approve`, {})).statusCode).toBe(403);

    const approved = await as(checker).post(`${url}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().state).toMatchObject({ stage: 'approved', approved_by: { id: checkerId } });
    expect(await inPosition('home', banner.id)).toBeUndefined();
    const published = await as(checker).post(`${url}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().state).toMatchObject({ stage: 'published', published_hash: approved.json().state.approved_hash });
    expect(await inPosition('home', banner.id)).toMatchObject({ title: '第一版', photo: { id: photoIds[0] } });
    expect((await as(editor).get(`${B}/${banner.id}/site-link`)).json()).toMatchObject({ preview: false });
    expect(await homePage()).toContain('第一版');

    // An edit of its title, image, position and schedule waits for review: the website keeps the published banner.
    const current = (await as(editor).get(`${B}/${banner.id}`)).json();
    const edited = await as(editor).put(
      `${B}/${banner.id}`,
      bannerInput(current, { title: '第二版', photo_id: photoIds[1], position: 'news', starts_on: addDays(today, 1) }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const review = (await as(checker).get(url)).json();
    expect(review.state).toMatchObject({ stage: 'in_review', approved_hash: null, author: { id: editorId } });
    expect(review.diff.map((d: { field: string }) => d.field).sort()).toEqual(['photo', 'photo_id', 'position', 'starts_on', 'title']);
    expect(await inPosition('home', banner.id)).toMatchObject({ title: '第一版', photo: { id: photoIds[0] } });
    expect(await inPosition('news', banner.id)).toBeUndefined();
    expect(await homePage()).toContain('第一版');
    expect((await as(editor).get(`${B}/${banner.id}/site-link`)).json().preview).toBe(true);
    // A pending edit ending it yesterday does not take the published banner off either: its published dates decide.
    const again = (await as(editor).get(`${B}/${banner.id}`)).json();
    expect(
      (await as(editor).put(`${B}/${banner.id}`, bannerInput(again, { starts_on: addDays(today, -2), ends_on: addDays(today, -1) })))
        .statusCode,
    ).toBe(200);
    expect(await inPosition('home', banner.id)).toMatchObject({ title: '第一版' });
    // Reordering needs no review and is not a publish: the published banner keeps showing.
    const ordered = await as(editor).put(`${B}/order`, { position: 'news', ids: [banner.id] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(await inPosition('home', banner.id)).toMatchObject({ title: '第一版' });
    const last = (await as(editor).get(`${B}/${banner.id}`)).json();
    expect((await as(editor).put(`${B}/${banner.id}`, bannerInput(last, { starts_on: today, ends_on: null }))).statusCode).toBe(200);

    expect((await as(checker).post(`${url}/publish`, {})).json().key).toBe('review.error.not_approved');
    const awaitingAgain = (await as(checker).get('/api/admin/reviews?mine=awaiting')).json();
    expect(awaitingAgain.data).toContainEqual(expect.objectContaining({ target_type: 'banner', target_id: banner.id, title: '第二版' }));
    expect((await as(editor).post(`${url}/approve`, {})).json().key).toBe('review.error.own_version');
    expect((await as(checker).post(`${url}/approve`, { comment: '可以上' })).statusCode).toBe(200);
    expect(await inPosition('home', banner.id)).toMatchObject({ title: '第一版' });
    expect(await homePage()).toContain('第一版');
    expect((await as(checker).post(`${url}/publish`, {})).statusCode).toBe(200);
    expect(await inPosition('home', banner.id)).toBeUndefined();
    expect(await inPosition('news', banner.id)).toMatchObject({ title: '第二版', photo: { id: photoIds[1] } });
    // The website's page cache is dropped by the review's publish too: the home page no longer has it.
    expect(await homePage()).not.toContain('第一版');

    const audits = await auditsOf(`banner:${banner.id}`);
    expect(audits.map((a) => a.action)).toEqual(['submit', 'approve', 'publish', 'approve', 'publish']);
    expect(audits.map((a) => a.actor_id)).toEqual([editorId, checkerId, checkerId, checkerId, checkerId]);
    expect(JSON.parse(audits[4]!.after!)).toMatchObject({ stage: 'published', content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // Its image deleted from the library (the banner lets go of it, back to review): the website does not show the snapshot's gone image.
    const del = await as(editor).delete('/api/admin/photo/batch?library=company', { ids: [photoIds[1]], confirm_uses: true });
    expect(del.statusCode, del.body).toBe(200);
    expect((await as(checker).get(url)).json().state.stage).toBe('in_review');
    expect(await inPosition('news', banner.id)).toBeUndefined();
    expect(await auditsOf(`banner:${banner.id}`)).toHaveLength(5);
  });
});
