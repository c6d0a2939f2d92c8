import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MESSAGES } from '@bo/shared/messages';
import { gifBomb, joinedAnimation } from '../src/lib/images/image-bombs.testkit.ts';
import { buildCertificateType, buildStaff } from '../src/modules/staff/staff.test-helpers.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';
import { uploadMultipart, type MultipartFile } from './multipart.ts';

// Every image path (photo library, staff photo, scanned certificate) refuses frame and pixel bombs
// from the headers, before any decoding, and shares one bounded image queue.
let t: TestApp;
let orgId: number;
let photoEditor: string;
let staffWriter: string;
beforeAll(async () => {
  t = await createTestApp({
    IMAGE_MAX_FRAMES: '100',
    IMAGE_MAX_PIXELS: '4000000',
    IMAGE_MAX_ANIMATION_PIXELS: '1000000',
    IMAGE_QUEUE_CONCURRENCY: '1',
    IMAGE_QUEUE_MAX_WAITING: '1',
  });
  orgId = (await buildOrganization(t.db)).id;
  photoEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'], memberships: { [orgId]: [] } }), {
    organizationId: orgId,
  });
  staffWriter = await login(t.app, await buildAdmin(t.db, { memberships: { [orgId]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgId,
  });
});
afterAll(async () => {
  await t?.close();
});

const S = '/api/admin/organization/staff';
const uploadPhoto = (file: MultipartFile) => uploadMultipart(t.app, photoEditor, '/api/admin/photo/upload', {}, file);
const uploadStaffPhoto = (staffId: number, file: MultipartFile) => uploadMultipart(t.app, staffWriter, `${S}/${staffId}/photo`, {}, file);
const gif = (data: Buffer, name = 'anim.gif'): MultipartFile => ({ name, data, type: 'image/gif' });

const storedFiles = () => {
  const root = join(t.dataDir, 'storage');
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory()).length : 0;
};
const photoRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const uploadAudits = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', 'in', ['upload', 'upload_photo', 'upload_certificate_file'])
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What the server holds: rows, audit entries, stored objects and image jobs run so far. */
async function snapshot() {
  return { photos: await photoRows(), audits: await uploadAudits(), files: storedFiles(), imageJobs: t.app.imageQueue.stats.started };
}

describe('animated-image bombs', () => {
  it('refuses a 3,000-frame GIF of 69 KB from its headers on every image path, without decoding it or storing anything', async () => {
    const bomb = gifBomb(3000, 100, 100);
    expect(bomb.length).toBeLessThan(70_000);
    const staff = await buildStaff(t.db, orgId);
    const type = await buildCertificateType(t.db, orgId);
    const withCert = (
      await api(t.app, staffWriter).post(S, { name: 'Scan', certificates: [{ certificate_type_id: type.id, number: 'N1' }] })
    ).json();
    const before = await snapshot();

    const started = performance.now();
    const photo = await uploadPhoto(gif(bomb));
    // Decoding and resizing this file took over 20 s of server time before the frame cap.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(photo.statusCode).toBe(422);
    expect(photo.json()).toEqual({
      message: 'The image has more than 100 frames',
      errors: { file: ['validate.error.image_too_many_frames'] },
    });

    const staffPhoto = await uploadStaffPhoto(staff.id, gif(bomb));
    expect(staffPhoto.statusCode).toBe(422);
    expect(staffPhoto.json()).toEqual({
      message: 'The image has more than 100 frames',
      errors: { file: ['validate.error.image_too_many_frames'] },
    });

    const certificate = await uploadMultipart(
      t.app,
      staffWriter,
      `${S}/${withCert.id}/certificates/${withCert.certificates[0].id}/file`,
      {},
      gif(bomb),
    );
    expect(certificate.statusCode).toBe(422);
    expect(certificate.json().errors).toEqual({ file: ['validate.error.image_too_many_frames'] });

    expect(await snapshot()).toEqual(before);
    expect((await api(t.app, staffWriter).get(`${S}/${staff.id}`)).json().has_photo).toBe(false);
    expect((await api(t.app, staffWriter).get(`${S}/${withCert.id}`)).json().certificates[0].has_file).toBe(false);
  });

  it('refuses a GIF made by sharp with more frames than IMAGE_MAX_FRAMES', async () => {
    const before = await snapshot();
    const res = await uploadPhoto(gif(await joinedAnimation(150, 64, 'gif')));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['validate.error.image_too_many_frames'] });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an animation whose frames together exceed IMAGE_MAX_PIXELS, though each frame is small', async () => {
    const staff = await buildStaff(t.db, orgId);
    const before = await snapshot();
    const wide = gifBomb(60, 300, 300); // 60 frames × 90,000 px = 5.4 million > 4 million
    const photo = await uploadPhoto(gif(wide));
    expect(photo.statusCode).toBe(422);
    expect(photo.json()).toEqual({
      message: 'The image is larger than 4000000 pixels',
      errors: { file: ['validate.error.image_too_many_pixels'] },
    });
    const staffPhoto = await uploadStaffPhoto(staff.id, gif(wide));
    expect(staffPhoto.statusCode).toBe(422);
    expect(staffPhoto.json().errors).toEqual({ file: ['validate.error.image_too_large'] });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an animated WebP as a type the spec does not accept, on both paths', async () => {
    const staff = await buildStaff(t.db, orgId);
    const webp = await joinedAnimation(150, 64, 'webp');
    const before = await snapshot();
    const photo = await uploadPhoto({ name: 'anim.gif', data: webp, type: 'image/gif' });
    expect(photo.statusCode).toBe(422);
    expect(photo.json().errors).toEqual({ file: ['validate.error.image_type'] });
    const staffPhoto = await uploadStaffPhoto(staff.id, { name: 'anim.png', data: webp, type: 'image/png' });
    expect(staffPhoto.statusCode).toBe(422);
    expect(staffPhoto.json().errors).toEqual({ file: ['validate.error.image_type'] });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a small animation animated in every size', async () => {
    const res = await uploadPhoto(gif(gifBomb(20, 120, 90))); // 216,000 px over all frames: within the animation budget
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'image/gif', width: 120, height: 90 });
    for (const v of Object.values<any>(res.json().size_list)) {
      for (const url of [v.url, v.webp_url]) {
        const got = await t.app.inject({ method: 'GET', url });
        expect((await sharp(got.rawPayload, { animated: true }).metadata()).pages, url).toBeGreaterThan(1);
      }
    }
  });

  it('stores the first frame only of an animation over IMAGE_MAX_ANIMATION_PIXELS', async () => {
    const res = await uploadPhoto(gif(gifBomb(40, 200, 200))); // 1.6 million px: within IMAGE_MAX_PIXELS, over the animation budget
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'image/gif', width: 200, height: 200 });
    for (const v of Object.values<any>(res.json().size_list)) {
      for (const url of [v.url, v.webp_url]) {
        const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload, { animated: true }).metadata();
        expect(meta.pages ?? 1, url).toBe(1);
        expect([meta.width, meta.height]).toEqual([v.width, v.height]);
      }
    }
  });

  it('takes the first frame of an animation within the limits as a staff photo', async () => {
    const staff = await buildStaff(t.db, orgId);
    const res = await uploadStaffPhoto(staff.id, gif(gifBomb(20, 120, 90)));
    expect(res.statusCode, res.body).toBe(200);
    const img = await api(t.app, staffWriter).get(`${S}/${staff.id}/photo`);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 90 });
  });
});

describe('image queue', () => {
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();

  it('answers 503 with Retry-After on every image path while the queue is full, stores nothing, and takes the next upload once a slot frees', async () => {
    const queue = t.app.imageQueue;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // Hold the one slot and the one place in the waiting line, as two long image jobs would.
    const held = [queue.run(() => gate), queue.run(() => gate)];
    expect(queue.stats).toMatchObject({ running: 1, waiting: 1 });
    const staff = await buildStaff(t.db, orgId);
    const photoFile = { name: 'site.png', data: await png(400, 300), type: 'image/png' };
    const before = await snapshot();
    try {
      for (const res of [await uploadPhoto(photoFile), await uploadStaffPhoto(staff.id, photoFile)]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: MESSAGES.imagesBusy });
        expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      open();
      await Promise.all(held);
    }
    const photo = await uploadPhoto(photoFile);
    expect(photo.statusCode, photo.body).toBe(200);
    expect((await uploadStaffPhoto(staff.id, photoFile)).statusCode).toBe(200);
    expect(await photoRows()).toBe(before.photos + 1);
  });

  it('refuses real uploads beyond one running and one waiting while a large photo is being resized', async () => {
    // 3.9 megapixels (under this app's IMAGE_MAX_PIXELS), twelve variants: hundreds of ms of real resizing each.
    const large = {
      name: 'large.jpg',
      type: 'image/jpeg',
      data: await sharp({ create: { width: 2300, height: 1700, channels: 3, background: '#884422' } })
        .composite([{ input: { create: { width: 1000, height: 800, channels: 3, background: '#2244aa' } }, left: 300, top: 300 }])
        .jpeg()
        .toBuffer(),
    };
    const before = await photoRows();
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => uploadPhoto(large)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    for (const r of results.filter((x) => x.statusCode === 503)) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await photoRows()).toBe(before + statuses.filter((s) => s === 200).length);
    expect(t.app.imageQueue.stats).toMatchObject({ running: 0, waiting: 0 });
    expect((await uploadPhoto(large)).statusCode).toBe(200);
  });
});
