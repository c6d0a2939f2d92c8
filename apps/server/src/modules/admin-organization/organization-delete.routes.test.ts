import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { upload as uploadFile } from '../file/media.testkit.ts';
import { upload as uploadWithFields } from '../staff/staff.test-helpers.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';
import { cardTemplate, samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every object key the organization's rows point at. */
async function storedKeysOf(organizationId: number): Promise<string[]> {
  const photos = await t.db.selectFrom('photos').select('variants').where('organization_id', '=', organizationId).execute();
  const files = await t.db.selectFrom('files').select('storage_key').where('organization_id', '=', organizationId).execute();
  const staff = await t.db.selectFrom('staff').select('photo_key').where('organization_id', '=', organizationId).execute();
  const excels = await t.db.selectFrom('staff_excels').select('file_key').where('organization_id', '=', organizationId).execute();
  return [
    ...photos.flatMap((p) =>
      Object.values(JSON.parse(p.variants) as Record<string, { key: string; webp_key: string }>).flatMap((v) => [v.key, v.webp_key]),
    ),
    ...files.map((f) => f.storage_key),
    ...staff.map((s) => s.photo_key!).filter(Boolean),
    ...excels.map((e) => e.file_key),
  ];
}

async function fillOrganization(organizationId: number) {
  const admin = await buildAdmin(t.db, {
    roles: ['ROLE_BASE', 'ROLE_PHOTO'],
    memberships: { [organizationId]: ['SUB_ACCOUNT_ROLE_ADMIN', 'SUB_ACCOUNT_ROLE_STAFF_WRITE'] },
  });
  const token = await login(t.app, admin, { organizationId });
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  expect((await uploadFile(t.app, token, '/api/admin/photo/upload', { name: 'site.png', data: png })).statusCode).toBe(200);
  expect(
    (await uploadFile(t.app, token, '/api/admin/file/upload?private=1', { name: 'contract.txt', data: Buffer.from('terms') })).statusCode,
  ).toBe(200);
  const staff = await buildStaff(t.db, organizationId, { name: '王小明' });
  expect(
    (
      await uploadWithFields(
        t.app,
        token,
        `/api/admin/organization/staff/${staff.id}/photo`,
        {},
        { name: 'ming.jpg', data: await samplePhoto(), type: 'image/jpeg' },
      )
    ).statusCode,
  ).toBe(200);
  const tpl = await uploadWithFields(
    t.app,
    token,
    '/api/admin/organization/staff-excel',
    { name: '資料卡', layout: 'card', cells: '[]' },
    { name: 'card.xlsx', data: await cardTemplate(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  );
  expect(tpl.statusCode, tpl.body).toBe(200);
  return admin;
}

describe('deleting an organization', () => {
  it('names what goes, then removes the rows and their stored files, and nothing of another organization', async () => {
    const doomed = await buildOrganization(t.db, { name: 'Doomed' });
    const kept = await buildOrganization(t.db, { name: 'Kept' });
    await fillOrganization(doomed.id);
    await fillOrganization(kept.id);
    const doomedKeys = await storedKeysOf(doomed.id);
    const keptKeys = await storedKeysOf(kept.id);
    expect(doomedKeys.length).toBeGreaterThanOrEqual(15);
    for (const k of doomedKeys) expect(await t.app.storage.exists(k), k).toBe(true);

    const sa = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    const refused = await api(t.app, sa).delete(`/api/admin/admin-organization/${doomed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().dependents).toMatchObject({ members: 1, staff: 1, staff_excels: 1, photos: 1, files: 1 });
    for (const k of doomedKeys) expect(await t.app.storage.exists(k)).toBe(true);

    const ok = await api(t.app, sa).delete(`/api/admin/admin-organization/${doomed.id}?confirm=true`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedKeysOf(doomed.id)).toEqual([]);
    for (const k of doomedKeys) expect(await t.app.storage.exists(k), k).toBe(false);
    for (const k of keptKeys) expect(await t.app.storage.exists(k), k).toBe(true);
    expect(await t.db.selectFrom('certificate_types').select('id').where('organization_id', '=', doomed.id).execute()).toEqual([]);
  });
});
