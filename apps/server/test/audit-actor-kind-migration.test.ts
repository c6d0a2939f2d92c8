import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { down, up } from '../src/db/migrations/0084-audit-actor-kind.ts';
import { buildAdmin, createTestApp, type TestApp } from './helpers.ts';

/** Migration 0084 gives the entries written before it their principal's kind from what they recorded. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('migration 0084 (audit_logs.actor_kind)', () => {
  it('reads the kind of earlier entries from their actor, ip and user agent', async () => {
    const admin = await buildAdmin(t.db);
    const db = t.db as unknown as Kysely<any>;
    await down(db);
    const entry = (action: string, who: { actor_id?: number; ip?: string | null; user_agent?: string | null }) => ({
      actor_id: who.actor_id ?? null,
      impersonator_id: null,
      organization_id: null,
      action,
      target_type: 'kind_test',
      target_id: null,
      before: null,
      after: null,
      ip: who.ip ?? null,
      user_agent: who.user_agent ?? null,
      created_at: new Date().toISOString(),
    });
    await db
      .insertInto('audit_logs')
      .values([
        entry('by_admin', { actor_id: admin.id, ip: '10.0.0.1', user_agent: 'Firefox' }),
        entry('by_cli', { ip: 'cli', user_agent: 'cli' }),
        entry('by_scheduler', { user_agent: 'scheduler' }),
        entry('by_visitor', { ip: '10.0.0.2', user_agent: 'Safari' }),
        // Only the scheduler wrote no ip: a visitor whose browser sent "scheduler" is still a visitor.
        entry('by_visitor_named_scheduler', { ip: '10.0.0.3', user_agent: 'scheduler' }),
      ])
      .execute();
    await up(db);
    const rows = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_kind'])
      .where('target_type', '=', 'kind_test')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'by_admin', actor_kind: 'admin' },
      { action: 'by_cli', actor_kind: 'operator' },
      { action: 'by_scheduler', actor_kind: 'system' },
      { action: 'by_visitor', actor_kind: 'visitor' },
      { action: 'by_visitor_named_scheduler', actor_kind: 'visitor' },
    ]);
  });
});
