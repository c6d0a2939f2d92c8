import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, createTestApp, testDialect, type TestApp } from '../../../test/helpers.ts';
import { systemContexts, type WriteContext } from '../context/request-context.ts';
import { affectedBy } from './recompute-on-audit.ts';
import { recomputeDueItems } from './recompute.ts';

/**
 * The recompute at the scale: 5,000 workers on 50 sites under the whole pack, in a few
 * set-based queries (no query per worker). Prints the time; asserts what was written, never a duration.
 */
const TODAY = '2026-12-01';
let t: TestApp;
let org: number;

beforeAll(async () => {
  t = await createTestApp();
  org = (await buildOrganization(t.db)).id;
  const stamp = new Date().toISOString();
  const sites = await t.db
    .insertInto('sites')
    .values(Array.from({ length: 50 }, (_, i) => ({ organization_id: org, name: `工地 ${i + 1}`, created_at: stamp, updated_at: stamp })))
    .returning('id')
    .execute();
  const staffIds: number[] = [];
  for (let i = 0; i < 5000; i += 500) {
    const rows = await t.db
      .insertInto('staff')
      .values(
        Array.from({ length: 500 }, (_, j) => ({
          organization_id: org,
          name: `工人 ${i + j}`,
          birthday: `19${60 + ((i + j) % 40)}-0${1 + ((i + j) % 9)}-15`,
          job_title: (i + j) % 10 === 0 ? '危險性機械操作人員' : '作業員',
          nationality: (i + j) % 7 === 0 ? 'VN' : 'TW',
          entered_taiwan_on: (i + j) % 7 === 0 ? '2026-06-10' : null,
          status: 'active',
          created_at: stamp,
          updated_at: stamp,
        })) as any,
      )
      .returning('id')
      .execute();
    staffIds.push(...rows.map((r) => r.id));
  }
  for (let i = 0; i < staffIds.length; i += 500) {
    const part = staffIds.slice(i, i + 500);
    await t.db
      .insertInto('site_roster')
      .values(
        part.map((id, j) => ({
          organization_id: org,
          site_id: sites[(i + j) % 50]!.id,
          staff_id: id,
          site_role: (i + j) % 10 === 0 ? 'operator' : 'worker',
          starts_on: '2026-10-01',
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    const evidence = { file_key: null, file_name: null, file_type: null, file_size: null, created_at: stamp, updated_at: stamp };
    await t.db
      .insertInto('staff_trainings')
      .values(
        part.map((id) => ({
          ...evidence,
          organization_id: org,
          staff_id: id,
          course_kind: 'general',
          course_name: '營造業一般安全衛生教育訓練',
          subject: null,
          hours: 6,
          completed_on: '2026-09-20',
          provider: null,
          card_number_enc: null,
          card_number_masked: null,
        })),
      )
      .execute();
    await t.db
      .insertInto('staff_insurances')
      .values(
        part.map((id) => ({
          ...evidence,
          organization_id: org,
          staff_id: id,
          scheme: 'labour',
          enrolled_on: '2026-10-01',
          ended_on: null,
        })),
      )
      .execute();
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('recomputeDueItems', () => {
  it('recomputes an organization of 5,000 workers on 50 sites in one pass, and again to the same rows', async () => {
    const system = systemContexts(t.app, 'recompute-test');
    const started = performance.now();
    const first = await system.inTransaction((ctx) => recomputeDueItems(ctx.trx, { by: 'organization', ids: [org] }, TODAY), org);
    const ms = Math.round(performance.now() - started);
    console.log(`recompute: ${first.rows} roster rows, ${first.items} due items in ${ms} ms (${testDialect})`);
    expect(first.rows).toBe(5000);
    expect(first.items).toBeGreaterThan(5000 * 3);
    const stored = await t.db
      .selectFrom('compliance_due_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(first.items);
    const again = await system.inTransaction((ctx) => recomputeDueItems(ctx.trx, { by: 'organization', ids: [org] }, TODAY), org);
    expect(again).toEqual(first);
    const general = await t.db
      .selectFrom('compliance_due_items')
      .select(['state'])
      .distinct()
      .where('organization_id', '=', org)
      .where('rule_key', '=', 'general-training')
      .execute();
    expect(general).toEqual([{ state: 'satisfied' }]);
  }, 120_000);
});

describe('affectedBy', () => {
  const ctx = { organizationId: 7, trx: undefined } as unknown as WriteContext;
  const row = (target_type: string, target_id: string | null, extra: { action?: string; after?: unknown; before?: unknown } = {}) => ({
    organization_id: 7,
    action: extra.action ?? 'update',
    target_type,
    target_id,
    before: extra.before === undefined ? null : JSON.stringify(extra.before),
    after: extra.after === undefined ? null : JSON.stringify(extra.after),
  });

  it('names the workers, sites and organizations a transaction changed; reads and unrelated targets name none', async () => {
    expect(
      await affectedBy(ctx, [
        row('staff', '3'),
        row('staff', null, { action: 'import' }),
        row('staff', '4', { action: 'reveal' }),
        row('site', '11'),
        row('site_roster', '21', { after: { staff_id: 5 }, before: { staff_id: 6 } }),
        row('staff_training', '31', { after: { staff_id: 8 } }),
        row('page', '1'),
        row('login_device', '2', { action: 'login' }),
      ]),
    ).toEqual([
      { by: 'site', ids: [11] },
      { by: 'staff', ids: [3, 5, 6, 8] },
    ]);
    expect(await affectedBy(ctx, [row('compliance_rule', '7:general-training'), row('certificate_type', '2')])).toEqual([
      { by: 'organization', ids: [7] },
    ]);
    expect(await affectedBy(ctx, [row('contractor', '4', { action: 'delete' })])).toEqual([{ by: 'organization', ids: [7] }]);
    expect(
      await affectedBy(ctx, [
        row('admin', '1'),
        row('staff', '9', { action: 'export_copy' }),
        row('contractor', '4', { action: 'update' }),
      ]),
    ).toEqual([]);
  });
});
