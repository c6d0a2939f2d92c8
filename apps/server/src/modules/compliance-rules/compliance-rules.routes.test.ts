import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildCertificateType } from '../staff/staff.test-helpers.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { recomputeAfterAudit } from '../../lib/compliance/recompute-on-audit.ts';
import { recomputeEveryOrganization } from '../../lib/compliance/recompute-job.ts';

/**
 * Issue 38 §3–4: the organization's rule settings and the due items they compute. The clock is fake
 * (Date only): 2026-12-01 02:00 UTC is 10:00 on 2026-12-01 in Taipei, the day of the shared file's examples.
 */
const R = '/api/admin/organization/compliance/rules';
const S = '/api/admin/organization/staff';
let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let adminA: string;
let readerA: string;
let adminB: string;
let siteA: number;
let admins: Record<'adminA' | 'readerA' | 'adminB', Awaited<ReturnType<typeof buildAdmin>>>;

async function at(iso: string) {
  vi.setSystemTime(new Date(iso));
  adminA = await login(t.app, admins.adminA, { organizationId: orgA.id });
  readerA = await login(t.app, admins.readerA, { organizationId: orgA.id });
  adminB = await login(t.app, admins.adminB, { organizationId: orgB.id });
}

const stamp = () => new Date().toISOString();
/** Writes through the system's write context, as a job or a module does: its audit hook recomputes. */
const system = () => systemContexts(t.app, 'compliance-test');

async function site(organizationId: number, name: string): Promise<number> {
  return system().inTransaction(async ({ trx }) => {
    const row = await trx
      .insertInto('sites')
      .values({ organization_id: organizationId, name, created_at: stamp(), updated_at: stamp() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }, organizationId);
}

/**
 * A roster row written through a write context; the audit row it gets once the sites branch audits
 * rosters (`site_roster`) is handed to the hook as the context would.
 */
async function roster(
  organizationId: number,
  siteId: number,
  staffId: number,
  siteRole: string,
  startsOn: string,
  endsOn: string | null = null,
) {
  return system().inTransaction(async (ctx) => {
    const row = await ctx.trx
      .insertInto('site_roster')
      .values({
        organization_id: organizationId,
        site_id: siteId,
        staff_id: staffId,
        site_role: siteRole,
        starts_on: startsOn,
        ends_on: endsOn,
        created_at: stamp(),
        updated_at: stamp(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recomputeAfterAudit(ctx, [
      {
        organization_id: organizationId,
        action: 'create',
        target_type: 'site_roster',
        target_id: String(row.id),
        before: null,
        after: null,
      },
    ]);
    return row.id;
  }, organizationId);
}

async function healthCheck(organizationId: number, staffId: number, checkedOn: string) {
  await system().inTransaction(async (ctx) => {
    const row = await ctx.trx
      .insertInto('staff_health_checks')
      .values({
        organization_id: organizationId,
        staff_id: staffId,
        check_kind: 'general',
        checked_on: checkedOn,
        provider: null,
        result_grade_enc: null,
        notes_enc: null,
        file_key: null,
        file_name: null,
        file_type: null,
        file_size: null,
        created_at: stamp(),
        updated_at: stamp(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The evidence routes audit `staff_health_check` with the row's id: the hook finds whose it is.
    await recomputeAfterAudit(ctx, [
      {
        organization_id: organizationId,
        action: 'create',
        target_type: 'staff_health_check',
        target_id: String(row.id),
        before: null,
        after: null,
      },
    ]);
  }, organizationId);
}

const dueItems = (staffId: number, ruleKey?: string) => {
  let q = t.db.selectFrom('compliance_due_items').selectAll().where('staff_id', '=', staffId);
  if (ruleKey) q = q.where('rule_key', '=', ruleKey);
  return q.orderBy('rule_key').execute();
};

async function staff(token: string, body: Record<string, unknown>): Promise<{ id: number; [k: string]: unknown }> {
  const res = await api(t.app, token).post(S, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T02:00:00.000Z') });
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  admins = {
    adminA: await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }),
    readerA: await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }),
    adminB: await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }),
  };
  await at('2026-12-01T02:00:00.000Z');
  siteA = await site(orgA.id, '台中七期新建工程');
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('GET /api/admin/organization/compliance/rules', () => {
  it('lists the pack with citations; unconfirmed rules are off with their note; staff readers may read', async () => {
    const res = await api(t.app, readerA).get(R);
    expect(res.statusCode, res.body).toBe(200);
    const rules = res.json().data as any[];
    const byKey = new Map(rules.map((r) => [r.key, r]));
    expect(byKey.get('general-training')).toMatchObject({ source: 'pack', enabled: true, unconfirmed: null, version: 0 });
    expect(byKey.get('general-training').citation.text['zh-TW']).toContain('職業安全衛生法');
    expect(byKey.get('migrant-passport')).toMatchObject({ enabled: false });
    expect(byKey.get('migrant-passport').unconfirmed['zh-TW']).toBeTruthy();
    expect(byKey.get('training-operator-3y3h')).toMatchObject({
      timing: { kind: 'every', months: 36 },
      pack_timing: { months: 36 },
      overrides: null,
    });
  });

  it('refuses a staff reader’s change (403) and a change without a version (428)', async () => {
    expect((await api(t.app, readerA).patch(`${R}/general-training`, { enabled: false, reason: 'x' })).statusCode).toBe(403);
    expect((await api(t.app, adminA, { versions: false }).patch(`${R}/general-training`, { enabled: false, reason: 'x' })).statusCode).toBe(
      428,
    );
  });
});

describe('due items follow the evidence, the roster and the rules', () => {
  it('computes a worker’s items when put on a roster, and again when the staff route changes the record', async () => {
    const worker = await staff(adminA, { name: '陳大文', birthday: '1980-05-10', job_title: '危險性機械操作人員' });
    await roster(orgA.id, siteA, worker.id, 'operator', '2026-11-01');
    const items = await dueItems(worker.id);
    expect(items.map((i) => i.rule_key)).toEqual(
      expect.arrayContaining(['general-training', 'labour-insurance', 'training-operator-3y3h']),
    );
    // periodic-health ships switched off (its article is unconfirmed): no item.
    expect(items.some((i) => i.rule_key === 'periodic-health')).toBe(false);
    expect(items.find((i) => i.rule_key === 'training-operator-3y3h')).toMatchObject({
      organization_id: orgA.id,
      site_id: siteA,
      state: 'missing',
    });

    // Switching on an unconfirmed rule asks why; with a reason it is on, and the organization is recomputed.
    const noReason = await api(t.app, adminA).patch(`${R}/periodic-health`, { enabled: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: ['validate.error.rule_reason_required'] });
    expect(await dueItems(worker.id, 'periodic-health')).toEqual([]);
    const on = await api(t.app, adminA).patch(`${R}/periodic-health`, { enabled: true, reason: '已對照勞工健康保護規則第17條' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ key: 'periodic-health', enabled: true, reason: '已對照勞工健康保護規則第17條', version: 1 });
    expect(await dueItems(worker.id, 'periodic-health')).toMatchObject([{ state: 'missing' }]);

    // A health check recorded (the evidence routes' audit target): born 1980-05-10, last check 2023-11-20 → due 2026-11-20.
    await healthCheck(orgA.id, worker.id, '2023-11-20');
    expect(await dueItems(worker.id, 'periodic-health')).toMatchObject([{ state: 'dated', due_on: '2026-11-20' }]);

    // The birthday removed through the staff route: the age band cannot be told.
    const current = (await api(t.app, adminA).get(`${S}/${worker.id}`)).json();
    const put = await api(t.app, adminA).put(`${S}/${worker.id}`, { name: current.name, job_title: current.job_title, birthday: null });
    expect(put.statusCode, put.body).toBe(200);
    expect(await dueItems(worker.id, 'periodic-health')).toMatchObject([{ state: 'cannot_tell', due_on: null }]);
  });

  it('reads certificates saved through the staff route (site director’s 回訓 every 4 years)', async () => {
    const type = await buildCertificateType(t.db, orgA.id, '工地主任回訓證明');
    const director = await staff(adminA, { name: '林主任', job_title: '工地主任' });
    await roster(orgA.id, siteA, director.id, 'site_director', '2026-01-01');
    expect(await dueItems(director.id, 'site-director-refresher')).toMatchObject([{ state: 'missing' }]);
    const res = await api(t.app, adminA).put(`${S}/${director.id}`, {
      name: '林主任',
      job_title: '工地主任',
      certificates: [{ certificate_type_id: type.id, number: 'R-1', issued_at: '2022-12-20' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dueItems(director.id, 'site-director-refresher')).toMatchObject([{ state: 'dated', due_on: '2026-12-20' }]);
  });

  it('takes a stricter interval, refuses a laxer one with a key and writes nothing', async () => {
    const op = await staff(adminA, { name: '操作員', job_title: '危險性機械操作人員' });
    await roster(orgA.id, siteA, op.id, 'operator', '2026-01-01');
    await system().inTransaction(async (ctx) => {
      await ctx.trx
        .insertInto('staff_trainings')
        .values({
          organization_id: orgA.id,
          staff_id: op.id,
          course_kind: 'in_service',
          course_name: '在職教育訓練',
          subject: null,
          hours: 3,
          completed_on: '2023-09-30',
          provider: null,
          card_number_enc: null,
          card_number_masked: null,
          file_key: null,
          file_name: null,
          file_type: null,
          file_size: null,
          created_at: stamp(),
          updated_at: stamp(),
        })
        .execute();
      // The evidence entry names its worker in `after`.
      await recomputeAfterAudit(ctx, [
        {
          organization_id: orgA.id,
          action: 'create',
          target_type: 'staff_training',
          target_id: null,
          before: null,
          after: JSON.stringify({ staff_id: op.id }),
        },
      ]);
    }, orgA.id);
    expect(await dueItems(op.id, 'training-operator-3y3h')).toMatchObject([{ state: 'dated', due_on: '2026-09-30' }]);

    const laxer = await api(t.app, adminA).patch(`${R}/training-operator-3y3h`, { overrides: { months: 48 } });
    expect(laxer.statusCode).toBe(400);
    expect(laxer.json().errors).toEqual({ 'overrides.months': ['validate.error.rule_not_stricter'] });
    expect(await t.db.selectFrom('compliance_rules').selectAll().where('rule_key', '=', 'training-operator-3y3h').execute()).toEqual([]);

    const stricter = await api(t.app, adminA).patch(`${R}/training-operator-3y3h`, { overrides: { months: 24 } });
    expect(stricter.statusCode, stricter.body).toBe(200);
    expect(stricter.json()).toMatchObject({ timing: { months: 24 }, pack_timing: { months: 36 }, overrides: { months: 24 } });
    expect(await dueItems(op.id, 'training-operator-3y3h')).toMatchObject([{ state: 'dated', due_on: '2025-09-30' }]);

    const entry = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'compliance_rule')
      .where('target_id', '=', `${orgA.id}:training-operator-3y3h`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'update', organization_id: orgA.id, target_label: 'training-operator-3y3h' });
    expect(JSON.parse(entry.after!)).toMatchObject({ overrides: { months: 24 } });
  });

  it('switching a rule off asks for a reason and drops its items; on again brings them back', async () => {
    const w = await staff(adminA, { name: '一般工' });
    await roster(orgA.id, siteA, w.id, 'worker', '2026-11-15');
    expect(await dueItems(w.id, 'general-training')).toHaveLength(1);
    const bare = await api(t.app, adminA).patch(`${R}/general-training`, { enabled: false });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ reason: ['validate.error.rule_reason_required'] });
    const off = await api(t.app, adminA).patch(`${R}/general-training`, { enabled: false, reason: '由總包統一辦理' });
    expect(off.statusCode, off.body).toBe(200);
    expect(await dueItems(w.id, 'general-training')).toEqual([]);
    // Another organization's settings are its own.
    const inB = (await api(t.app, adminB).get(R)).json().data.find((r: any) => r.key === 'general-training');
    expect(inB).toMatchObject({ enabled: true, reason: null });
    const back = await api(t.app, adminA).patch(`${R}/general-training`, { enabled: true });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ enabled: true, reason: null });
    expect(await dueItems(w.id, 'general-training')).toHaveLength(1);
  });

  it('a roster row that ended, or a site completed, keeps no items after the nightly recompute', async () => {
    const w = await staff(adminA, { name: '短期工' });
    await roster(orgA.id, siteA, w.id, 'worker', '2026-11-01', '2026-12-01');
    expect((await dueItems(w.id)).length).toBeGreaterThan(0);
    await at('2026-12-02T02:00:00.000Z');
    const done = await recomputeEveryOrganization(system(), '2026-12-02');
    expect(done.organizations).toBeGreaterThanOrEqual(1);
    expect(await dueItems(w.id)).toEqual([]);
    await at('2026-12-01T02:00:00.000Z');

    // A site completed (the sites routes audit `site`): its rosters' items go at once.
    const done2 = await site(orgA.id, '已完工工程');
    const v = await staff(adminA, { name: '收尾工' });
    await roster(orgA.id, done2, v.id, 'worker', '2026-11-01');
    expect((await dueItems(v.id)).length).toBeGreaterThan(0);
    await system().inTransaction(async (ctx) => {
      await ctx.trx.updateTable('sites').set({ status: 'completed' }).where('id', '=', done2).execute();
      await recomputeAfterAudit(ctx, [
        { organization_id: orgA.id, action: 'update', target_type: 'site', target_id: String(done2), before: null, after: null },
      ]);
    }, orgA.id);
    expect(await dueItems(v.id)).toEqual([]);
  });
});

describe('custom rules', () => {
  const custom = {
    key: 'fall-arrest-drill',
    version: 1,
    source: 'custom',
    title: { 'zh-TW': '墜落防止演練', 'en-US': 'Fall-arrest drill' },
    requires: { 'zh-TW': '每半年一次墜落防止演練', 'en-US': 'A fall-arrest drill every six months' },
    citation: {
      text: { 'zh-TW': '公司安全衛生工作守則', 'en-US': 'Company safety code' },
      laws: [{ law: '公司安全衛生工作守則', article: null }],
    },
    requirement: { kind: 'training', course_kinds: ['other'] },
    timing: { kind: 'every', months: 6 },
  };

  it('adds one, computes its items, refuses a taken key, and deletes it (its items with it)', async () => {
    const w = await staff(adminA, { name: '架設工' });
    await roster(orgA.id, siteA, w.id, 'worker', '2026-11-20');
    const res = await api(t.app, adminA).post(R, { rule: custom });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ key: 'fall-arrest-drill', source: 'custom', enabled: true, pack_timing: null, version: 1 });
    expect(await dueItems(w.id, 'fall-arrest-drill')).toMatchObject([{ state: 'missing' }]);

    const again = await api(t.app, adminA).post(R, { rule: custom });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ 'rule.key': ['validate.error.rule_key_taken'] });
    const packKey = await api(t.app, adminA).post(R, { rule: { ...custom, key: 'general-training' } });
    expect(packKey.json().errors).toEqual({ 'rule.key': ['validate.error.rule_key_taken'] });
    const invalid = await api(t.app, adminA).post(R, { rule: { ...custom, timing: { kind: 'every' } } });
    expect(invalid.statusCode).toBe(400);

    // Another organization does not see it, and gets 404 for it.
    expect((await api(t.app, adminB).get(R)).json().data.some((r: any) => r.key === 'fall-arrest-drill')).toBe(false);
    expect((await api(t.app, adminB).patch(`${R}/fall-arrest-drill`, { enabled: false, reason: 'x' })).statusCode).toBe(404);
    expect((await api(t.app, adminB).delete(`${R}/fall-arrest-drill`)).statusCode).toBe(404);

    // Its definition replaced (a laxer interval is the company's own business), its key kept; off needs a reason.
    const changed = await api(t.app, adminA).patch(`${R}/fall-arrest-drill`, {
      definition: { ...custom, key: 'other-key', timing: { kind: 'every', months: 12 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ key: 'fall-arrest-drill', timing: { months: 12 }, version: 2 });
    expect((await api(t.app, adminA).patch(`${R}/fall-arrest-drill`, { overrides: { months: 3 } })).json().errors).toEqual({
      overrides: ['validate.error.rule_override_not_applicable'],
    });
    expect((await api(t.app, adminA).patch(`${R}/fall-arrest-drill`, { enabled: false })).statusCode).toBe(400);

    const packDelete = await api(t.app, adminA).delete(`${R}/general-training`);
    expect(packDelete.statusCode).toBe(400);
    expect(packDelete.json().errors).toEqual({ key: ['validate.error.rule_pack_not_deletable'] });

    const del = await api(t.app, adminA).delete(`${R}/fall-arrest-drill`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await dueItems(w.id, 'fall-arrest-drill')).toEqual([]);
    expect((await api(t.app, adminA).get(R)).json().data.some((r: any) => r.key === 'fall-arrest-drill')).toBe(false);
  });
});
