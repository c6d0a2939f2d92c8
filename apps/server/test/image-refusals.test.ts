import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { gifBomb } from '../src/lib/images/image-bombs.testkit.ts';
import { buildCertificateType } from '../src/modules/staff/staff.test-helpers.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';
import { uploadMultipart, type MultipartFile } from './multipart.ts';
import type { CollectedRoute } from './route-collector.ts';

const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

// One bad image, one answer: every route that takes an uploaded image refuses the same bytes with the
// same status (422, the content is what is refused), whichever policy it declares.
let t: TestApp;
let token: string;
let staffId: number;
let certificateId: number;
const S = '/api/admin/organization/staff';

beforeAll(async () => {
  t = await createTestApp({ IMAGE_MAX_FRAMES: '100', IMAGE_MAX_PIXELS: '4000000' });
  const org = await buildOrganization(t.db);
  token = await login(
    t.app,
    await buildAdmin(t.db, { roles: ['ROLE_PHOTO'], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }),
    { organizationId: org.id },
  );
  const type = await buildCertificateType(t.db, org.id);
  const s = (await api(t.app, token).post(S, { name: 'Scan', certificates: [{ certificate_type_id: type.id, number: 'N1' }] })).json();
  staffId = s.id;
  certificateId = s.certificates[0].id;
});
afterAll(async () => {
  await t?.close();
});

/** Every route an image is uploaded to, with how to find out that nothing was kept. */
const imageRoutes = () => [
  { url: '/api/admin/photo/upload', kept: async () => (await api(t.app, token).get('/api/admin/photo/index')).json().meta.total > 0 },
  { url: `${S}/${staffId}/photo`, kept: async () => (await api(t.app, token).get(`${S}/${staffId}`)).json().has_photo },
  {
    url: `${S}/${staffId}/certificates/${certificateId}/file`,
    kept: async () => (await api(t.app, token).get(`${S}/${staffId}`)).json().certificates[0].has_file,
  },
];
/** Upload routes that take any file (or a spreadsheet), not an image. */
const OTHER_UPLOADS = ['/api/admin/file/upload', '/api/admin/organization/staff-excel', '/api/admin/organization/staff-excel/:id/file'];

describe('refused images', () => {
  it('knows every upload route: a new one must say here whether it takes images', () => {
    const uploads = routes
      .filter((r) => [r.method].flat().includes('POST') && /\/(upload|photo|file)$|staff-excel$/.test(r.url))
      .map((r) => r.url);
    // Evidence scans (issue 38) take an image or a PDF through the certificate scans' check (takeDocument);
    // staff-evidence.routes.test.ts shows their refusals.
    const evidence = ['trainings', 'health-checks', 'insurances', 'migrant-documents'].map((k) => `${S}/:id/${k}/:rowId/file`);
    const images = ['/api/admin/photo/upload', `${S}/:id/photo`, `${S}/:id/certificates/:certificateId/file`, ...evidence];
    expect([...new Set(uploads)].sort()).toEqual([...images, ...OTHER_UPLOADS].sort());
  });

  const bad: Record<string, () => Promise<MultipartFile>> = {
    'a script named .png': async () => ({ name: 'evil.png', data: Buffer.from('<script>alert(1)</script>'), type: 'image/png' }),
    'an animated WebP named .gif': async () => ({
      name: 'anim.gif',
      data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
      type: 'image/gif',
    }),
    // 9 megapixels of one colour: a few kilobytes on the wire, 36 MB once decoded.
    'a decompression bomb': async () => ({
      name: 'bomb.png',
      data: await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
      type: 'image/png',
    }),
    'a GIF of 3,000 frames': async () => ({ name: 'frames.gif', data: gifBomb(3000, 100, 100), type: 'image/gif' }),
  };

  for (const [what, make] of Object.entries(bad)) {
    it(`answers 422 with a translation key on file to ${what} on every image upload route, keeping nothing`, async () => {
      const file = await make();
      for (const route of imageRoutes()) {
        const res = await uploadMultipart(t.app, token, route.url, {}, file);
        expect(res.statusCode, `${route.url}: ${res.body}`).toBe(422);
        expect(res.json().errors.file, route.url).toEqual([expect.stringMatching(/^validate\.error\.(image_|file_type$)/)]);
        expect(await route.kept(), route.url).toBe(false);
      }
    });
  }

  it('takes a good image on every image upload route (the refusals above are not of everything)', async () => {
    const good = {
      name: 'ok.png',
      data: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2266aa' } })
        .png()
        .toBuffer(),
      type: 'image/png',
    };
    for (const route of imageRoutes()) {
      const res = await uploadMultipart(t.app, token, route.url, {}, good);
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(200);
      expect(await route.kept(), route.url).toBe(true);
    }
  });
});
