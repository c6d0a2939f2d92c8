import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoReference } from '../src/lib/kit/photo-references.ts';
import type { ServerModule } from '../src/lib/kit/server-module.ts';
import { MODULES } from '../src/modules/index.ts';
import { uploadPhoto } from '../src/site/site.testkit.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';

/**
 * A library photo a declared photo column points at (defineModule `photoReferences`) is in use: the
 * photo module, which names none of those tables, lets go of it on every holder when it is deleted
 * (column emptied, `unlink_photo` audited on the row). Walked over the declarations of every module.
 */
let t: TestApp;
let editor: string;
let n = 0;

const flatten = (ms: readonly ServerModule[]): ServerModule[] => ms.flatMap((m) => [m, ...flatten(m.modules ?? [])]);
const declared = flatten(MODULES).flatMap((m) => m.photoReferences ?? []);
const keyOf = (r: Pick<PhotoReference, 'table' | 'column'>) => `${r.table}.${r.column}`;

const ok = async (res: Promise<{ statusCode: number; body: string; json(): any }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

/** A row of each declaring table pointing at `photoId`, made through its module's API; its id. */
const HOLDERS: Record<string, (photoId: number) => Promise<number>> = {
  'videos.photo_id': async (photoId) =>
    (
      await ok(
        api(t.app, editor).post('/api/admin/video', { title: '影片', youtube_url: 'https://youtu.be/ddddddddddd', photo_id: photoId }),
      )
    ).id,
  'banners.photo_id': async (photoId) =>
    (await ok(api(t.app, editor).post('/api/admin/banner', { title: '橫幅', position: 'home', photo_id: photoId }))).id,
  'pages.cover_photo_id': async (photoId) =>
    (
      await ok(
        api(t.app, editor).post('/api/admin/page', {
          type: 'article',
          slug: `cover-${++n}`,
          title: '封面',
          body: '<p>x</p>',
          cover_photo_id: photoId,
        }),
      )
    ).id,
  'product_instances.photo_id': async (photoId) => {
    const product = await ok(
      api(t.app, editor).post('/api/admin/product', { slug: `held-${++n}`, name: '產品', attributes: [{ name: '規格', values: ['大'] }] }),
    );
    const [inst] = (await ok(api(t.app, editor).post(`/api/admin/product/${product.id}/instances/generate`, {}))).data;
    await ok(
      api(t.app, editor).put(`/api/admin/product/${product.id}/instances/${inst.id}`, {
        sku: inst.sku,
        price: 1,
        stock: 1,
        photo_id: photoId,
      }),
    );
    return inst.id;
  },
  // Issue 26: the website settings, one row (no bystander row of its own).
  'website_settings.logo_photo_id': async (photoId) => {
    await ok(api(t.app, editor).put('/api/admin/website-settings/update', { logo_photo_id: photoId }));
    return 1;
  },
};
/** Tables of one row: the column is checked on that row, with no second row beside it. */
const SINGLE_ROW = new Set(['website_settings']);

beforeAll(async () => {
  t = await createTestApp();
  const org = (await buildOrganization(t.db)).id;
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER'], memberships: { [org]: [] } }), { organizationId: org });
});
afterAll(async () => {
  await t?.close();
});

describe('declared photo references', () => {
  it('are declared by the content modules, each with a holder here', () => {
    expect(declared.map(keyOf).sort()).toEqual(Object.keys(HOLDERS).sort());
  });

  it('count a photo a declared column points at as in use: deleting it empties the column on the row, audited', async () => {
    for (const ref of declared) {
      const photoId = await uploadPhoto(t.app, editor);
      const other = await uploadPhoto(t.app, editor, '#16a34a');
      const single = SINGLE_ROW.has(ref.table);
      const bystander = single ? null : await HOLDERS[keyOf(ref)]!(other);
      const holder = await HOLDERS[keyOf(ref)]!(photoId);
      const column = (id: number) =>
        (t.db as any)
          .selectFrom(ref.table)
          .select(ref.column)
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
          .then((r: any) => r[ref.column]);
      expect(await column(holder)).toBe(photoId);
      // Issue 36: the library names the use before deleting, and deletes only once it is confirmed.
      const uses = await ok(api(t.app, editor).post('/api/admin/photo/uses?library=company', { ids: [photoId] }));
      expect(uses.data, keyOf(ref)).toEqual([expect.objectContaining({ photo_id: photoId, kind: ref.kind, id: holder })]);
      expect((await api(t.app, editor).delete('/api/admin/photo/batch?library=company', { ids: [photoId] })).statusCode).toBe(409);
      expect(await column(holder), keyOf(ref)).toBe(photoId);

      await ok(api(t.app, editor).delete('/api/admin/photo/batch?library=company', { ids: [photoId], confirm_uses: true }));
      expect(await column(holder), keyOf(ref)).toBeNull();
      if (bystander !== null) expect(await column(bystander), keyOf(ref)).toBe(other);
      const audits = await t.db
        .selectFrom('audit_logs')
        .select(['target_id', 'before', 'after'])
        .where('action', '=', 'unlink_photo')
        .where('target_type', '=', ref.target)
        .execute();
      expect(
        audits.map((a) => [a.target_id, JSON.parse(a.before!), JSON.parse(a.after!)]),
        keyOf(ref),
      ).toEqual([[String(holder), { [ref.column]: photoId }, { [ref.column]: null }]]);
    }
  });
});
