import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { rawRequest, TRAVERSAL_PROBES, upload } from '../file/media.testkit.ts';
import { photoVariantKey } from './photo.repository.ts';
import { todayInTaipei } from '@bo/shared/dates';

let t: TestApp;
let small: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  small = await createTestApp({ UPLOAD_MAX_BYTES: '4096', IMAGE_MAX_PIXELS: '10000' });
});
afterAll(async () => {
  await t?.close();
  await small?.close();
});

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
const WIDTHS = { xlarge: 1920, large: 1280, middle: 800, small: 480, tiny: 160 } as const;

async function photoEditor(app: TestApp, organizationId?: number) {
  const admin = await buildAdmin(app.db, { roles: ['ROLE_PHOTO'], memberships: organizationId ? { [organizationId]: [] } : {} });
  return login(app.app, admin, organizationId ? { organizationId } : {});
}

describe('photo upload', () => {
  it('stores every variant at the documented widths in the original format and WebP, upright, without EXIF or GPS', async () => {
    const token = await photoEditor(t);
    const input = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#00ff00' } })
      .composite([{ input: { create: { width: 1500, height: 2000, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(t.app, token, '/api/admin/photo/upload?title=Site%20A&tags=roof,steel&folder=2026/site-a', {
      name: 'IMG_0001.JPG',
      data: input,
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(200);
    const photo = res.json();
    expect(photo).toMatchObject({
      title: 'Site A',
      tags: ['roof', 'steel'],
      folder: '2026/site-a',
      width: 2000,
      height: 3000,
      mime: 'image/jpeg',
      original_name: 'IMG_0001.JPG',
    });
    expect(photo.url).toBe(photo.size_list.origin.url);
    expect(Object.keys(photo.size_list)).toEqual(['origin', 'xlarge', 'large', 'middle', 'small', 'tiny']);
    for (const [size, v] of Object.entries<any>(photo.size_list)) {
      const expectedWidth = size === 'origin' ? 2000 : Math.min(WIDTHS[size as keyof typeof WIDTHS], 2000);
      for (const [url, format] of [
        [v.url, 'jpeg'],
        [v.webp_url, 'webp'],
      ]) {
        const got = await t.app.inject({ method: 'GET', url });
        expect(got.statusCode).toBe(200);
        const meta = await sharp(got.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(expectedWidth);
        expect(meta.height).toBe(expectedWidth * 1.5);
        expect(meta.exif).toBeUndefined();
      }
      expect([v.width, v.height]).toEqual([expectedWidth, expectedWidth * 1.5]);
    }
    const { data, info } = await sharp((await t.app.inject({ method: 'GET', url: photo.size_list.small.url })).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[(5 * info.width + 5) * 3]).toBeGreaterThan(200); // the red half is on top after orientation 6
    expect(await photoVariantKey(t.db, photo.id, 'small')).toBe(`public/photos/${photo.uid}/small.jpg`);
    expect(await photoVariantKey(t.db, photo.id, 'tiny', { webp: true })).toBe(`public/photos/${photo.uid}/tiny.webp`);
  });

  it('never upscales a small image', async () => {
    const token = await photoEditor(t);
    const res = await upload(t.app, token, '/api/admin/photo/upload', { name: 'small.png', data: await png(100, 80) });
    expect(res.statusCode).toBe(200);
    for (const v of Object.values<any>(res.json().size_list)) expect([v.width, v.height]).toEqual([100, 80]);
    expect(res.json().size_list.tiny.url).toMatch(/tiny\.png$/);
  });

  it('refuses an HTML file renamed .png and handles a PNG renamed .gif as PNG', async () => {
    const token = await photoEditor(t);
    const html = await upload(t.app, token, '/api/admin/photo/upload', {
      name: 'evil.png',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
      type: 'image/png',
    });
    expect(html.statusCode).toBe(422);
    expect(html.json()).toEqual({ message: 'Only PNG, JPEG and GIF images are accepted', errors: { file: ['validate.error.image_type'] } });
    const svg = await upload(t.app, token, '/api/admin/photo/upload', {
      name: 'x.jpg',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    expect(svg.statusCode).toBe(422);
    const webp = await upload(t.app, token, '/api/admin/photo/upload', {
      name: 'x.png',
      data: await sharp(await png(10, 10))
        .webp()
        .toBuffer(),
    });
    expect(webp.statusCode).toBe(422);
    const renamed = await upload(t.app, token, '/api/admin/photo/upload', {
      name: 'really-a-png.gif',
      data: await png(50, 40),
      type: 'image/gif',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().mime).toBe('image/png');
    expect(renamed.json().size_list.origin.url).toMatch(/origin\.png$/);
  });

  it('answers 413 past the size limit and 422 past the pixel limit, storing nothing', async () => {
    const token = await photoEditor(small);
    const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(4096);
    const tooBig = await upload(small.app, token, '/api/admin/photo/upload', { name: 'big.png', data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is larger than the limit of 4096 bytes');
    const manyPixels = await png(200, 200); // 40 000 px > 10 000, yet small in bytes
    expect(manyPixels.length).toBeLessThan(4096);
    const res = await upload(small.app, token, '/api/admin/photo/upload', { name: 'wide.png', data: manyPixels });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The image is larger than 10000 pixels');
    expect((await api(small.app, token).get('/api/admin/photo/index')).json().meta.total).toBe(0);
    // Nothing reached the storage either (no variant, no temporary file).
    const storage = join(small.dataDir, 'storage');
    expect(
      existsSync(storage)
        ? readdirSync(storage, { recursive: true, withFileTypes: true })
            .filter((e) => !e.isDirectory())
            .map((e) => e.name)
        : [],
    ).toEqual([]);
  });

  it('refuses a request without a file and bad query params', async () => {
    const token = await photoEditor(t);
    expect((await api(t.app, token).post('/api/admin/photo/upload', {})).statusCode).toBe(400);
    for (const folder of ['..', '../x', 'a/../b', '%2e%2e', '/abs', 'a\\b', 'a%00b']) {
      const res = await upload(t.app, token, `/api/admin/photo/upload?folder=${encodeURIComponent(folder)}`, {
        name: 'a.png',
        data: await png(10, 10),
      });
      expect(res.statusCode, folder).toBe(400);
    }
  });
});

describe('photo list, patch and delete', () => {
  it("lists the active organization's photos with keyword, tag and date filters", async () => {
    const org = await buildOrganization(t.db);
    const token = await photoEditor(t, org.id);
    await upload(t.app, token, '/api/admin/photo/upload?title=Bridge&tags=steel', { name: 'a.jpg', data: await jpeg(50, 50) });
    await upload(t.app, token, '/api/admin/photo/upload?title=Tunnel&tags=concrete', { name: 'b.jpg', data: await jpeg(50, 50) });
    const a = api(t.app, token);
    expect((await a.get('/api/admin/photo/index')).json().meta.total).toBe(2);
    expect((await a.get('/api/admin/photo/index?keyword=brid')).json().data.map((p: any) => p.title)).toEqual(['Bridge']);
    expect((await a.get('/api/admin/photo/index?tag=concrete')).json().data.map((p: any) => p.title)).toEqual(['Tunnel']);
    const today = todayInTaipei();
    expect((await a.get(`/api/admin/photo/index?date_from=${today}&date_to=${today}`)).json().meta.total).toBe(2);
    expect((await a.get('/api/admin/photo/index?date_to=2000-01-01')).json().meta.total).toBe(0);
    const page = (await a.get('/api/admin/photo/index?per_page=1&page=2&sort=title&order=asc')).json();
    expect(page.data[0].title).toBe('Tunnel');
    expect(page.meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 });
  });

  it('lets any ROLE_ admin list but only ROLE_PHOTO change', async () => {
    const base = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    expect((await api(t.app, base).get('/api/admin/photo/index')).statusCode).toBe(200);
    expect((await upload(t.app, base, '/api/admin/photo/upload', { name: 'a.png', data: await png(10, 10) })).statusCode).toBe(403);
    expect((await api(t.app, base).patch('/api/admin/photo/1', { field: 'title', value: 'x' })).statusCode).toBe(403);
    expect((await api(t.app, base).delete('/api/admin/photo/batch', { ids: [1] })).statusCode).toBe(403);
    const subOnly = await buildOrganization(t.db);
    const member = await login(t.app, await buildAdmin(t.db, { memberships: { [subOnly.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
      organizationId: subOnly.id,
    });
    expect((await api(t.app, member).get('/api/admin/photo/index')).statusCode).toBe(403);
    expect((await api(t.app).get('/api/admin/photo/index')).statusCode).toBe(401);
  });

  it('patches title, alt and tags and refuses any other field', async () => {
    const token = await photoEditor(t);
    const id = (await upload(t.app, token, '/api/admin/photo/upload', { name: 'a.png', data: await png(10, 10) })).json().id;
    const a = api(t.app, token);
    expect((await a.patch(`/api/admin/photo/${id}`, { field: 'title', value: 'New title' })).json().title).toBe('New title');
    expect((await a.patch(`/api/admin/photo/${id}`, { field: 'alt', value: 'A roof' })).json().alt).toBe('A roof');
    expect((await a.patch(`/api/admin/photo/${id}`, { field: 'tags', value: ['a', 'b', 'a'] })).json().tags).toEqual(['a', 'b']);
    for (const body of [
      { field: 'width', value: 1 },
      { field: 'organization_id', value: 9 },
      { field: 'variants', value: '{}' },
      { field: 'tags', value: ['bad"tag'] },
      { field: 'title', value: 5 },
    ]) {
      expect((await a.patch(`/api/admin/photo/${id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const bad of [...TRAVERSAL_PROBES, '1%2f2', 'abc']) {
      expect(
        (await rawRequest(t.app, 'PATCH', `/api/admin/photo/${bad}`, { token, body: { field: 'title', value: 'x' } })).statusCode,
        bad,
      ).toBe(400);
    }
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'photo')
      .where('target_id', '=', String(id))
      .where('action', '=', 'update')
      .execute();
    expect(audit).toHaveLength(3);
  });

  it("hides another organization's photos: list, patch and delete answer as if they did not exist", async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const tokenA = await photoEditor(t, orgA.id);
    const tokenB = await photoEditor(t, orgB.id);
    const photo = (await upload(t.app, tokenA, '/api/admin/photo/upload', { name: 'a.png', data: await png(10, 10) })).json();
    expect(photo.organization_id).toBe(orgA.id);
    expect((await api(t.app, tokenB).get('/api/admin/photo/index')).json().data.map((p: any) => p.id)).not.toContain(photo.id);
    expect((await api(t.app, tokenB).patch(`/api/admin/photo/${photo.id}`, { field: 'title', value: 'x' })).statusCode).toBe(404);
    expect((await api(t.app, tokenB).delete('/api/admin/photo/batch', { ids: [photo.id] })).statusCode).toBe(404);
  });

  it('refuses a batch delete holding one photo of another organization and deletes nothing', async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const tokenA = await photoEditor(t, orgA.id);
    const tokenB = await photoEditor(t, orgB.id);
    const theirs = (await upload(t.app, tokenA, '/api/admin/photo/upload', { name: 'a.png', data: await png(10, 10) })).json();
    const mine = (await upload(t.app, tokenB, '/api/admin/photo/upload', { name: 'b.png', data: await png(10, 10) })).json();
    expect((await api(t.app, tokenB).delete('/api/admin/photo/batch', { ids: [mine.id, theirs.id] })).statusCode).toBe(404);
    for (const p of [mine, theirs]) expect((await t.app.inject({ method: 'GET', url: p.url })).statusCode).toBe(200);
    expect((await api(t.app, tokenB).get('/api/admin/photo/index')).json().data.map((p: any) => p.id)).toContain(mine.id);
  });

  it('deletes a batch all or nothing, stored variants included', async () => {
    const token = await photoEditor(t);
    const a = api(t.app, token);
    const p1 = (await upload(t.app, token, '/api/admin/photo/upload', { name: 'a.png', data: await png(10, 10) })).json();
    const p2 = (await upload(t.app, token, '/api/admin/photo/upload', { name: 'b.png', data: await png(10, 10) })).json();
    const missing = await a.delete('/api/admin/photo/batch', { ids: [p1.id, 999999] });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: p1.url })).statusCode).toBe(200);
    const res = await a.delete('/api/admin/photo/batch', { ids: [p1.id, p2.id] });
    expect(res.statusCode).toBe(200);
    for (const p of [p1, p2]) {
      for (const v of Object.values<any>(p.size_list)) {
        expect((await t.app.inject({ method: 'GET', url: v.url })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: v.webp_url })).statusCode).toBe(404);
      }
    }
    expect(await photoVariantKey(t.db, p1.id, 'small')).toBeNull();
  });
});
