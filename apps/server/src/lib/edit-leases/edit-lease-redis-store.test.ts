import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_LEASE_TTL_MS } from '@bo/shared/schemas/edit-leases';
import { RedisEditLeaseStore } from './edit-lease-redis-store.ts';

/** Two instances of the app, each with its own connection, see one another's leases through Redis. */
const redisUrl = process.env.TEST_REDIS_URL;
const noCtx = {} as never;
const record = { targetType: 'staff', targetId: '12' };
const wang = { id: 1, name: '王小明' };
const lin = { id: 2, name: '林經理' };

describe.skipIf(!redisUrl)('Redis edit-lease store across instances (TEST_REDIS_URL)', () => {
  let a: RedisEditLeaseStore;
  let b: RedisEditLeaseStore;
  beforeAll(async () => {
    const prefix = `test-el-${randomBytes(4).toString('hex')}:`;
    a = await RedisEditLeaseStore.open(redisUrl!, prefix);
    b = await RedisEditLeaseStore.open(redisUrl!, prefix);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('shares leases, take-overs, ends and expiry between instances', async () => {
    const now = new Date('2026-03-02T02:00:00.000Z');
    await a.heartbeat(noCtx, record, wang, now);
    const seen = await b.heartbeat(noCtx, record, lin, new Date(now.getTime() + 1000));
    expect(seen.map((l) => l.admin.name)).toEqual(['王小明', '林經理']);
    expect(await b.active(noCtx, 'staff', ['12', '13'], now)).toHaveLength(2);

    expect(await b.takeOver(noCtx, record, lin, new Date(now.getTime() + 2000))).toEqual([wang]);
    const afterTakeOver = await a.heartbeat(noCtx, record, wang, new Date(now.getTime() + 3000));
    expect(afterTakeOver.find((l) => l.admin.id === wang.id)?.taken_over).toMatchObject({ by: lin });
    expect((await a.active(noCtx, 'staff', ['12'], now)).map((l) => l.admin.id)).toEqual([lin.id]);

    await a.endSaved(noCtx, [{ target_type: 'staff', target_id: '12', admin_id: lin.id }]);
    expect(await b.active(noCtx, 'staff', ['12'], now)).toEqual([]);

    await a.heartbeat(noCtx, { targetType: 'staff', targetId: '13' }, wang, now);
    expect(await b.active(noCtx, 'staff', ['13'], new Date(now.getTime() + EDIT_LEASE_TTL_MS + 1))).toEqual([]);
  });
});
if (!redisUrl) console.log('SKIP Redis edit-lease store: TEST_REDIS_URL is not set');
