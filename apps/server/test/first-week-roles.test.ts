import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { FIRST_ADMIN_ROLES } from '@bo/shared/roles';
import { ensureFirstAdmin, START_UP_JOB } from '../src/lib/bootstrap.ts';
import { systemContextsWithoutServer } from '../src/lib/context/request-context.ts';
import { up } from '../src/db/migrations/0087-first-admin-roles.ts';
import { buildStaff } from '../src/modules/staff/staff.test-helpers.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';
import { uploadMultipart } from './multipart.ts';

/** Issue 26, point 2: the first super admin's roles, role refusals that say who grants, ROLE_MAINTAINER from the API. */
let t: TestApp;
const FIRST = { email: 'owner@example.com', password: 'Owner-pw-2026' };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: FIRST.email, ADMIN_PASSWORD: FIRST.password });
  await ensureFirstAdmin(systemContextsWithoutServer(t.db, t.config, START_UP_JOB), t.config);
});
afterAll(async () => {
  await t?.close();
});

const firstAdmin = async () => {
  const row = await t.db.selectFrom('admins').select(['id', 'roles']).where('email', '=', FIRST.email).executeTakeFirstOrThrow();
  return { id: row.id, email: FIRST.email, password: FIRST.password, roles: JSON.parse(row.roles) as string[] };
};
const rolesOf = async (id: number) =>
  JSON.parse((await t.db.selectFrom('admins').select('roles').where('id', '=', id).executeTakeFirstOrThrow()).roles) as string[];
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();

describe('the first super admin', () => {
  it('holds every company-wide role but ROLE_MAINTAINER, so it uploads a photo and opens a worker of any organization', async () => {
    const first = await firstAdmin();
    expect([...first.roles].sort()).toEqual([...FIRST_ADMIN_ROLES].sort());
    expect(first.roles).not.toContain('ROLE_MAINTAINER');
    const token = await login(t.app, first);
    const photo = await uploadMultipart(
      t.app,
      token,
      '/api/admin/photo/upload',
      {},
      { name: 'site.png', data: await png(), type: 'image/png' },
    );
    expect(photo.statusCode).toBe(200);

    const org = await buildOrganization(t.db);
    const worker = await buildStaff(t.db, org.id);
    const detail = await api(t.app, token).get(`/api/admin/organization/staff/${worker.id}?organization_id=${org.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().id).toBe(worker.id);
    const compliance = await api(t.app, token).get(`/api/admin/certificate-reminder/compliance?organization_id=${org.id}`);
    expect(compliance.statusCode).toBe(200);
  });

  it("migration 0087 gives an existing installation's start-up admin the roles, and no other admin", async () => {
    const first = await firstAdmin();
    await t.db.updateTable('admins').set({ roles: '["ROLE_SUPER_ADMIN","ROLE_BASE"]' }).where('id', '=', first.id).execute();
    const other = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
    await up(t.db as unknown as Kysely<any>);
    expect((await rolesOf(first.id)).sort()).toEqual([...FIRST_ADMIN_ROLES].sort());
    expect(await rolesOf(other.id)).toEqual(['ROLE_SUPER_ADMIN', 'ROLE_BASE']);

    // A start-up admin that is no longer a super admin is left as its admins made it.
    await t.db.updateTable('admins').set({ roles: '["ROLE_BASE"]' }).where('id', '=', first.id).execute();
    await up(t.db as unknown as Kysely<any>);
    expect(await rolesOf(first.id)).toEqual(['ROLE_BASE']);
    await t.db
      .updateTable('admins')
      .set({ roles: JSON.stringify(FIRST_ADMIN_ROLES) })
      .where('id', '=', first.id)
      .execute();
  });
});

describe('a refusal for want of a role', () => {
  it('keeps 403 User permission denied and names the roles that would do and who grants them', async () => {
    const base = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    const photo = await uploadMultipart(
      t.app,
      base,
      '/api/admin/photo/upload',
      {},
      { name: 'a.png', data: await png(), type: 'image/png' },
    );
    expect(photo.statusCode).toBe(403);
    expect(photo.json()).toEqual({
      message: 'User permission denied',
      key: 'permission.role_missing',
      required_roles: ['ROLE_PHOTO'],
      granted_by: ['ROLE_SUPER_ADMIN'],
    });
    expect(await t.db.selectFrom('photos').select('id').execute()).toHaveLength(1);

    const org = await buildOrganization(t.db);
    const reader = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
      organizationId: org.id,
    });
    const settings = await api(t.app, reader).get(`/api/admin/certificate-reminder/settings?organization_id=${org.id}`);
    expect(settings.statusCode).toBe(403);
    expect(settings.json()).toMatchObject({
      key: 'permission.role_missing',
      required_roles: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
      granted_by: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
    });
  });

  it('leaves a refusal that is not about roles as it was (another organization)', async () => {
    const mine = await buildOrganization(t.db);
    const theirs = await buildOrganization(t.db);
    const reader = await login(t.app, await buildAdmin(t.db, { memberships: { [mine.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }));
    const res = await api(t.app, reader).get(`/api/admin/organization/staff/index?organization_id=${theirs.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'User permission denied' });
  });
});

describe('ROLE_MAINTAINER from the admin form', () => {
  it('is granted by a maintainer, and refused to a super admin with the role that grants it', async () => {
    const target = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const superToken = await login(t.app, await firstAdmin());
    const roles = (await api(t.app, superToken).get('/api/admin/admin/roles')).json().data;
    expect(roles.find((r: { name: string }) => r.name === 'ROLE_MAINTAINER').grantable).toBe(false);
    const refused = await api(t.app, superToken).patch(`/api/admin/admin/${target.id}`, {
      field: 'roles',
      value: ['ROLE_BASE', 'ROLE_MAINTAINER'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'User permission denied',
      key: 'permission.role_missing',
      required_roles: ['ROLE_MAINTAINER'],
      granted_by: ['ROLE_MAINTAINER'],
    });
    expect(await rolesOf(target.id)).toEqual(['ROLE_BASE']);

    const maintainer = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE', 'ROLE_MAINTAINER', 'ROLE_SUPER_ADMIN'] }));
    const offered = (await api(t.app, maintainer).get('/api/admin/admin/roles')).json().data;
    expect(offered.find((r: { name: string }) => r.name === 'ROLE_MAINTAINER').grantable).toBe(true);
    const granted = await api(t.app, maintainer).put(`/api/admin/admin/${target.id}`, {
      email: (await t.db.selectFrom('admins').select('email').where('id', '=', target.id).executeTakeFirstOrThrow()).email,
      name: 'Target',
      status: 'active',
      roles: ['ROLE_BASE', 'ROLE_MAINTAINER'],
    });
    expect(granted.statusCode).toBe(200);
    expect((await rolesOf(target.id)).sort()).toEqual(['ROLE_BASE', 'ROLE_MAINTAINER']);
    const entry = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'after'])
      .where('target_type', '=', 'admin')
      .where('target_id', '=', String(target.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('update');
    expect(entry.after).toContain('ROLE_MAINTAINER');
  });
});
