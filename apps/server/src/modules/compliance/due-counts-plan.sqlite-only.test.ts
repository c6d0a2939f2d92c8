import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildOrganization, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { inOrganization } from '../../lib/context/scope.ts';
import { compiledCounts } from './compliance-dashboard.repository.ts';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrganization(t.db, { name: 'Plan org' })).id;
});
afterAll(async () => {
  await t?.close();
});

it("reads the dashboard's counts through an index of the organization's due items (SQLite's plan)", async () => {
  const q = compiledCounts(t.db, inOrganization(orgId), {}, '2026-12-02');
  const plan = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
  const details = plan.rows.map((r) => r.detail).join('\n');
  expect(details).toMatch(/USING (COVERING )?INDEX compliance_due_items_(org|rule)_idx/);
});
