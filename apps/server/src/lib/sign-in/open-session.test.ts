import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildOrganization, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { adminActing, visitor } from '../context/principals.ts';
import { appHost, runInTransaction } from '../context/request-context.ts';
import { openSession } from './open-session.ts';
import { provenAdmin } from './proven-account.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const client = { ip: '10.8.0.1', userAgent: 'vitest', fingerprint: 'open-session-browser' };
// A sign-in runs as a visitor; a switch of account in the switching super admin's own context.
const open = (adminId: number, opts: { switchedBy?: number; keepLogin?: boolean } = {}) =>
  runInTransaction(
    appHost(t.app),
    opts.switchedBy === undefined ? visitor(client) : adminActing(opts.switchedBy, { ip: client.ip, userAgent: null }),
    null,
    (ctx) =>
      openSession(ctx, t.app, {
        principal: provenAdmin(adminId),
        client,
        keepLogin: opts.keepLogin ?? false,
        ...(opts.switchedBy === undefined ? {} : { switchedBy: { adminId: opts.switchedBy } }),
      }),
  );

describe('openSession', () => {
  it("opens the browser's login device in the admin's first organization, audits the sign-in and answers an admin token for it", async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const { token, deviceId } = await open(admin.id, { keepLogin: true });
    const payload = decodeJwt(token) as { id: number; type: string; data: { id: number; sub_account_roles: string[] } };
    expect(payload).toMatchObject({ id: deviceId, type: 'admin', data: { id: admin.id, sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const device = await t.db.selectFrom('login_devices').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      admin_id: admin.id,
      impersonator_id: null,
      organization_id: org.id,
      fingerprint: client.fingerprint,
      keep_login: 1,
      user_agent: 'vitest',
    });
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'login')
      .where('target_id', '=', String(deviceId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, organization_id: org.id, target_type: 'login_device', ip: client.ip });
  });

  it('reuses the device of the same browser and kills the tokens of its earlier session', async () => {
    const admin = await buildAdmin(t.db);
    const first = await open(admin.id);
    const second = await open(admin.id);
    expect(second.deviceId).toBe(first.deviceId);
    const device = await t.db.selectFrom('login_devices').select('token_id').where('id', '=', first.deviceId).executeTakeFirstOrThrow();
    expect(device.token_id).toBe((decodeJwt(second.token) as { jti: string }).jti);
    expect(device.token_id).not.toBe((decodeJwt(first.token) as { jti: string }).jti);
  });

  it('opens a device of its own for a super admin switching in, audited as its switch_account', async () => {
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const admin = await buildAdmin(t.db);
    const own = await open(admin.id);
    const switched = await open(admin.id, { switchedBy: sa.id });
    expect(switched.deviceId).not.toBe(own.deviceId);
    const device = await t.db
      .selectFrom('login_devices')
      .select('impersonator_id')
      .where('id', '=', switched.deviceId)
      .executeTakeFirstOrThrow();
    expect(device.impersonator_id).toBe(sa.id);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'target_type', 'target_id', 'after'])
      .where('actor_id', '=', sa.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'switch_account',
        target_type: 'admin',
        target_id: String(admin.id),
        after: JSON.stringify({ login_device_id: switched.deviceId }),
      },
    ]);
    expect((decodeJwt(switched.token) as { data: { impersonator?: { id: number } } }).data.impersonator?.id).toBe(sa.id);
  });
});
