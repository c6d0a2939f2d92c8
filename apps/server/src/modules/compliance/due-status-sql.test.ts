import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueStatus, type DueState } from '@bo/shared/compliance/vocabulary';
import { buildOrganization, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';
import { dueStatusSql } from './compliance-dashboard.repository.ts';
import { buildDueItem, buildRoster, buildSite } from './compliance.test-helpers.ts';

const TODAY = '2026-12-02';
/** state, due_on: every edge of dueStatus (today, the 30/60/90-day limits and the day after each). */
const CASES: [DueState, string | null][] = [
  ['satisfied', null],
  ['satisfied', '2020-01-01'],
  ['failed', null],
  ['failed', '2030-01-01'],
  ['missing', null],
  ['missing', '2026-12-10'],
  ['cannot_tell', null],
  ['cannot_tell', '2026-11-01'],
  ['dated', null],
  ['dated', '2026-11-30'],
  ['dated', '2026-12-01'],
  ['dated', '2026-12-02'],
  ['dated', '2026-12-03'],
  ['dated', '2027-01-01'],
  ['dated', '2027-01-02'],
  ['dated', '2027-01-31'],
  ['dated', '2027-02-01'],
  ['dated', '2027-03-02'],
  ['dated', '2027-03-03'],
  ['dated', '2028-01-01'],
];

let t: TestApp;
let orgId: number;
const ids = new Map<number, [DueState, string | null]>();

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrganization(t.db, { name: 'Status org' })).id;
  const site = await buildSite(t.db, orgId, 'Site');
  const staff = await buildStaff(t.db, orgId, { name: 'Worker' });
  const roster = await buildRoster(t.db, orgId, site.id, staff.id);
  for (const [i, [state, due_on]] of CASES.entries()) {
    const row = await buildDueItem(
      t.db,
      { organization_id: orgId, site_id: site.id, roster_id: roster.id, staff_id: staff.id },
      { rule_key: `rule-${i}`, state, due_on },
    );
    ids.set(row.id, [state, due_on]);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('dueStatusSql', () => {
  it('answers what dueStatus answers for every case, on this database', async () => {
    const rows = await t.db
      .selectFrom('compliance_due_items as i')
      .select(['i.id', dueStatusSql(TODAY).as('status'), dueStatusSql(TODAY, 'i', 'rank').as('rank')])
      .where('i.organization_id', '=', orgId)
      .execute();
    expect(rows).toHaveLength(CASES.length);
    for (const r of rows) {
      const [state, due_on] = ids.get(r.id)!;
      expect({ state, due_on, status: r.status }).toEqual({ state, due_on, status: dueStatus({ state, due_on }, TODAY) });
    }
    const seen = new Set(rows.map((r) => r.status));
    expect([...seen].sort()).toEqual(['cannot_tell', 'due_30', 'due_60', 'due_90', 'missing', 'ok', 'overdue']);
  });
});
