import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EDIT_LEASE_TTL_MS } from '@bo/shared/schemas/edit-leases';
import { RedisEditLeaseStore } from '../../lib/edit-leases/edit-lease-redis-store.ts';
import type { EditLeaseStore } from '../../lib/edit-leases/edit-lease-store.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

/**
 * The same behaviour from the database store (the default, on SQLite and PostgreSQL) and, with
 * TEST_REDIS_URL, from the Redis store (each run under keys of its own).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test-el-${randomBytes(4).toString('hex')}:`;
const STORES: [string, (() => Promise<EditLeaseStore>) | undefined][] = [['database store', undefined]];
if (redisUrl) STORES.push(['Redis store', () => RedisEditLeaseStore.open(redisUrl, prefix)]);
else console.log('SKIP edit leases on the Redis store: TEST_REDIS_URL is not set');

for (const [storeName, openStore] of STORES) {
  describe(`edit leases (${storeName})`, () => {
    const L = '/api/admin/edit-leases';
    let t: TestApp;
    let orgA: number;
    let orgB: number;
    let staffA: number;
    let staffB: number;
    let wang: ReturnType<typeof api>;
    let lin: ReturnType<typeof api>;
    let wangId: number;
    let linId: number;

    const insertStaff = async (organizationId: number) => {
      const now = new Date().toISOString();
      return (
        (await t.db
          .insertInto('staff' as never)
          .values({
            organization_id: organizationId,
            name: `Staff ${organizationId}`,
            status: 'active',
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id' as never)
          .executeTakeFirstOrThrow()) as { id: number }
      ).id;
    };

    beforeAll(async () => {
      t = await createTestApp({}, { editLeases: openStore ? await openStore() : undefined });
      orgA = (await buildOrganization(t.db)).id;
      orgB = (await buildOrganization(t.db)).id;
      staffA = await insertStaff(orgA);
      staffB = await insertStaff(orgB);
      const w = await buildAdmin(t.db, { name: '王小明', memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } });
      const l = await buildAdmin(t.db, { name: '林經理', memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
      wangId = w.id;
      linId = l.id;
      wang = api(t.app, await login(t.app, w, { organizationId: orgA }));
      lin = api(t.app, await login(t.app, l, { organizationId: orgA }));
    });
    afterAll(async () => {
      await t?.close();
    });
    afterEach(async () => {
      vi.useRealTimers();
      await t.db.deleteFrom('edit_leases').execute();
      if (redisUrl && openStore) {
        const r = new Redis(redisUrl);
        const keys = await r.keys(`${prefix}*`);
        if (keys.length) await r.del(...keys);
        r.disconnect();
      }
    });

    const staff = (id: number) => ({ target_type: 'staff', target_id: String(id) });

    describe('leases', () => {
      it('takes a lease and shows it to the next admin who opens the record', async () => {
        const first = await wang.post(L, staff(staffA));
        expect(first.statusCode).toBe(200);
        expect(first.json()).toMatchObject({
          mine: { since: expect.any(String), expires_at: expect.any(String) },
          others: [],
          taken_over: null,
        });
        const second = await lin.post(L, staff(staffA));
        expect(second.json().others).toEqual([{ admin: { id: wangId, name: '王小明' }, since: first.json().mine.since }]);
        // And the first sees the second on its next heartbeat.
        expect((await wang.post(L, staff(staffA))).json().others).toEqual([
          { admin: { id: linId, name: '林經理' }, since: second.json().mine.since },
        ]);
      });

      it('lists the active leases of a page of rows, only rows the caller may read', async () => {
        await wang.post(L, staff(staffA));
        const res = await lin.get(`${L}?target_type=staff&ids=${staffA},${staffB},999999`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual([{ target_id: String(staffA), admin: { id: wangId, name: '王小明' }, since: expect.any(String) }]);
      });

      it('renews the lease with every heartbeat and ends it 5 minutes after the last one', async () => {
        vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T02:00:00.000Z') });
        const since = (await wang.post(L, staff(staffA))).json().mine.since;
        vi.setSystemTime(Date.now() + 4 * 60_000);
        const renewed = (await wang.post(L, staff(staffA))).json().mine;
        expect(renewed.since).toBe(since);
        expect(Date.parse(renewed.expires_at)).toBe(Date.now() + EDIT_LEASE_TTL_MS);
        vi.setSystemTime(Date.now() + 4 * 60_000);
        expect((await lin.post(L, staff(staffA))).json().others).toHaveLength(1);
        vi.setSystemTime(Date.now() + EDIT_LEASE_TTL_MS + 1000);
        expect((await lin.post(L, staff(staffA))).json().others).toEqual([]);
        expect((await wang.get(`${L}?target_type=staff&ids=${staffA}`)).json().data).toEqual([
          expect.objectContaining({ admin: { id: linId, name: '林經理' } }),
        ]);
        // The caller's own lease is not listed to them.
        expect((await lin.get(`${L}?target_type=staff&ids=${staffA}`)).json().data).toEqual([]);
      });

      it('ends the lease when the form is left', async () => {
        await wang.post(L, staff(staffA));
        expect((await wang.delete(L, staff(staffA))).statusCode).toBe(200);
        expect((await lin.post(L, staff(staffA))).json().others).toEqual([]);
      });

      it('ends the lease when its holder saves the record, not when someone else does', async () => {
        await wang.post(L, staff(staffA));
        await lin.post(L, staff(staffA));
        const saved = await lin.patch(`/api/admin/organization/staff/${staffA}`, { field: 'job_title', value: '工地主任' });
        expect(saved.statusCode).toBe(200);
        const leases = (await lin.get(`${L}?target_type=staff&ids=${staffA}`)).json().data;
        expect(leases.map((l: { admin: { id: number } }) => l.admin.id)).toEqual([wangId]);
        expect((await wang.get(`${L}?target_type=staff&ids=${staffA}`)).json().data).toEqual([]);
      });

      it('takes the editing over, audited, and tells the previous holder', async () => {
        await wang.post(L, staff(staffA));
        const taken = await lin.post(`${L}/take-over`, staff(staffA));
        expect(taken.statusCode).toBe(200);
        expect(taken.json()).toMatchObject({ mine: { since: expect.any(String) }, others: [] });
        const told = (await wang.post(L, staff(staffA))).json();
        expect(told).toMatchObject({ mine: null, taken_over: { by: { id: linId, name: '林經理' }, at: expect.any(String) } });
        // The heartbeat of the one taken over renews nothing: the others still see only the new holder.
        expect((await lin.post(L, staff(staffA))).json().others).toEqual([]);
        const entry = await t.db.selectFrom('audit_logs').selectAll().where('target_type', '=', 'edit_lease').executeTakeFirstOrThrow();
        expect(entry).toMatchObject({ action: 'take_over', actor_id: linId, target_id: `staff:${staffA}`, target_label: `Staff ${orgA}` });
        expect(JSON.parse(entry.after!)).toMatchObject({
          target_type: 'staff',
          target_id: String(staffA),
          from: [{ id: wangId, name: '王小明' }],
        });
      });

      it('refuses a record of another organization (404) and a record type it may not read (403)', async () => {
        for (const res of [
          await wang.post(L, staff(staffB)),
          await wang.delete(L, staff(staffB)),
          await wang.post(`${L}/take-over`, staff(staffB)),
          await wang.post(L, staff(987654)),
          await wang.post(L, { target_type: 'staff', target_id: 'abc' }),
        ])
          expect(res.statusCode).toBe(404);
        expect((await wang.get(`${L}?target_type=staff&ids=${staffB}`)).json().data).toEqual([]);
        expect((await wang.post(L, { target_type: 'admin', target_id: String(linId) })).statusCode).toBe(403);
        expect((await wang.post(L, { target_type: 'nonsense', target_id: '1' })).statusCode).toBe(400);
        expect((await wang.get(`${L}?target_type=staff&ids=1;drop`)).statusCode).toBe(400);
        expect((await wang.get(`${L}?target_type=staff&ids=${staffA},${staffB}`)).json().data).toEqual([]);
      });

      it('refuses a caller without a token', async () => {
        expect((await api(t.app).post(L, staff(staffA))).statusCode).toBe(401);
      });
    });

    // The settings documents (系統設定, 網站設定, the mail templates) and 我的組織 with its reminder settings: keyed as their versions are.
    describe('settings documents', () => {
      let chen: ReturnType<typeof api>;
      let lee: ReturnType<typeof api>;
      let chenId: number;
      beforeAll(async () => {
        const c = await buildAdmin(t.db, { name: '陳總', roles: ['ROLE_SUPER_ADMIN'] });
        const l = await buildAdmin(t.db, { name: '李總', roles: ['ROLE_SUPER_ADMIN'] });
        chenId = c.id;
        chen = api(t.app, await login(t.app, c));
        lee = api(t.app, await login(t.app, l));
      });
      const doc = (target_type: string, target_id: string) => ({ target_type, target_id });
      const holders = async (who: ReturnType<typeof api>, type: string, key: string) =>
        (await who.get(`${L}?target_type=${type}&ids=${encodeURIComponent(key)}`))
          .json()
          .data.map((l: { admin: { id: number } }) => l.admin.id);

      it('leases the app config by its name, shows it to the next super admin and ends it when its holder saves', async () => {
        expect((await chen.post(L, doc('app_config', 'app'))).statusCode).toBe(200);
        expect((await lee.post(L, doc('app_config', 'app'))).json().others).toEqual([
          { admin: { id: chenId, name: '陳總' }, since: expect.any(String) },
        ]);
        expect(await holders(lee, 'app_config', 'app')).toEqual([chenId]);
        expect((await chen.put('/api/admin/app-config/app/update', { staffExcelMaxCellLimit: 77 })).statusCode).toBe(200);
        expect(await holders(lee, 'app_config', 'app')).toEqual([]);
      });

      it('leases a mail template in one locale and the website settings', async () => {
        expect((await chen.post(L, doc('mail_template', 'password_reset:zh-TW'))).statusCode).toBe(200);
        expect(await holders(lee, 'mail_template', 'password_reset:zh-TW')).toEqual([chenId]);
        // The other locale is another record.
        expect(await holders(lee, 'mail_template', 'password_reset:en-US')).toEqual([]);
        expect((await chen.post(L, doc('website_settings', '1'))).statusCode).toBe(200);
        expect((await lee.post(L, doc('website_settings', '1'))).json().others).toHaveLength(1);
        expect((await chen.delete(L, doc('website_settings', '1'))).statusCode).toBe(200);
        expect(await holders(lee, 'website_settings', '1')).toEqual([]);
      });

      it('refuses a document that does not exist (404) and one the caller may not read (403)', async () => {
        for (const res of [
          await chen.post(L, doc('app_config', 'nonsense')),
          await chen.post(L, doc('mail_template', 'password_reset:fr-FR')),
          await chen.post(L, doc('mail_template', 'no_such_mail:zh-TW')),
          await chen.post(L, doc('website_settings', '2')),
          await chen.delete(L, doc('app_config', 'nonsense')),
        ])
          expect(res.statusCode).toBe(404);
        expect((await chen.get(`${L}?target_type=app_config&ids=nonsense`)).json().data).toEqual([]);
        for (const res of [
          await lin.post(L, doc('app_config', 'app')),
          await lin.post(L, doc('mail_template', 'password_reset:zh-TW')),
          await wang.post(L, doc('website_settings', '1')),
          await wang.get(`${L}?target_type=app_config&ids=app`),
        ])
          expect(res.statusCode).toBe(403);
        expect((await chen.get(`${L}?target_type=app_config&ids=app;drop`)).statusCode).toBe(400);
      });

      it('leases 我的組織 for its own administrator, ended by a save of its reminder settings; another organization is 404', async () => {
        expect((await lin.post(L, doc('organization', String(orgA)))).statusCode).toBe(200);
        // The super admin sees it on the form and in the organizations list.
        expect((await chen.post(L, doc('organization', String(orgA)))).json().others).toEqual([
          { admin: { id: linId, name: '林經理' }, since: expect.any(String) },
        ]);
        expect((await chen.get(`${L}?target_type=organization&ids=${orgA},${orgB}`)).json().data).toEqual([
          expect.objectContaining({ target_id: String(orgA), admin: { id: linId, name: '林經理' } }),
        ]);
        const saved = await lin.put('/api/admin/certificate-reminder/settings', { days: 45 });
        expect(saved.statusCode).toBe(200);
        expect(await holders(chen, 'organization', String(orgA))).toEqual([]);
        expect((await lin.post(L, doc('organization', String(orgB)))).statusCode).toBe(404);
        expect((await lin.get(`${L}?target_type=organization&ids=${orgB}`)).json().data).toEqual([]);
        // A member without the organization admin role may not read the organization.
        expect((await wang.post(L, doc('organization', String(orgA)))).statusCode).toBe(403);
      });
    });
  });
}
