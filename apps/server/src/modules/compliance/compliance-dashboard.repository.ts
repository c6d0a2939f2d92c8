import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { addDays } from '@bo/shared/dates';
import { DUE_BUCKETS, DUE_STATUSES, type DueStatus } from '@bo/shared/compliance/vocabulary';
import type { DB } from '../../db/schema.ts';
import type { ReadDb } from '../../db/database.ts';
import { whereInScope, type Scope } from '../../lib/context/scope.ts';
import { likePattern } from '../../lib/list.ts';

/** The dashboards' filters (issue 38 part 5); every one is optional. */
export interface DueItemFilter {
  site_id?: number;
  contractor_id?: number;
  rule_key?: string;
  status?: DueStatus;
  keyword?: string;
}

const RANK: Record<DueStatus, number> = Object.fromEntries(DUE_STATUSES.map((s, i) => [s, i])) as Record<DueStatus, number>;
const OK_RANK = RANK.ok;

/**
 * `dueStatus(item, today)` (packages/shared/src/compliance/vocabulary.ts) as one SQL CASE over a due
 * item's `state` and `due_on`, so counts and filters are one query on the indexed columns. `as: 'rank'`
 * answers the status's place in DUE_STATUSES (0 is the worst) for "worst first". The days are
 * literals, not parameters: PostgreSQL matches a grouped CASE to its select only when both spell it alike.
 */
export function dueStatusSql(today: string, alias = 'i', as: 'status' | 'rank' = 'status'): RawBuilder<any> {
  const out = (s: DueStatus) => (as === 'status' ? sql.lit(s) : sql.lit(RANK[s]));
  const state = sql.ref(`${alias}.state`);
  const due = sql.ref(`${alias}.due_on`);
  const day = (d: string) => sql.lit(/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : '0000-00-00');
  const buckets = DUE_BUCKETS.map((days) => sql`when ${due} <= ${day(addDays(today, days))} then ${out(`due_${days}` as DueStatus)}`);
  return sql`(case
    when ${state} = 'satisfied' then ${out('ok')}
    when ${state} = 'failed' then ${out('overdue')}
    when ${state} = 'missing' then ${out('missing')}
    when ${state} = 'cannot_tell' then ${out('cannot_tell')}
    when ${due} is null then ${out('cannot_tell')}
    when ${due} < ${day(today)} then ${out('overdue')}
    ${sql.join(buckets, sql` `)}
    else ${out('ok')} end)`;
}

type ItemQuery = SelectQueryBuilder<DB & { i: DB['compliance_due_items'] }, 'i', object>;

/** The due items of `scope` matching `f` (the organization or site index leads; keyword joins staff). */
function dueItems(db: ReadDb, scope: Scope, f: DueItemFilter, today: string): ItemQuery {
  let q = whereInScope(db.selectFrom('compliance_due_items as i') as ItemQuery, 'i.organization_id', scope);
  if (f.site_id !== undefined) q = q.where('i.site_id', '=', f.site_id);
  if (f.contractor_id !== undefined) q = q.where('i.contractor_id', '=', f.contractor_id);
  if (f.rule_key !== undefined) q = q.where('i.rule_key', '=', f.rule_key);
  if (f.status !== undefined) q = q.where(dueStatusSql(today), '=', f.status);
  return q;
}

/** Status counts of the matching due items by site and rule, in one pass over them (the summary adds them up). */
export async function dueCounts(db: ReadDb, scope: Scope, f: DueItemFilter, today: string) {
  const statused = dueItems(db, scope, f, today).select(['i.site_id', 'i.rule_key', dueStatusSql(today).as('status')]);
  const rows = await db
    .selectFrom(statused.as('d'))
    .select(['d.site_id', 'd.rule_key', 'd.status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['d.site_id', 'd.rule_key', 'd.status'])
    .execute();
  return rows.map((r) => ({ site_id: r.site_id, rule_key: r.rule_key, status: r.status as DueStatus, n: Number(r.n) }));
}

/** The sites of `scope` (one when `siteId` is given), by name, with their organization. */
export function sitesOf(db: ReadDb, scope: Scope, siteId?: number) {
  let q = db
    .selectFrom('sites as st')
    .innerJoin('organizations as o', 'o.id', 'st.organization_id')
    .select(['st.id', 'st.name', 'st.organization_id', 'o.name as organization_name']);
  q = whereInScope(q, 'st.organization_id', scope);
  if (siteId !== undefined) q = q.where('st.id', '=', siteId);
  return q.orderBy('st.name').orderBy('st.id').execute();
}

/** The subcontractors of `scope`, by name. */
export function contractorsOf(db: ReadDb, scope: Scope) {
  return whereInScope(db.selectFrom('contractors as c').select(['c.id', 'c.name']), 'c.organization_id', scope)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** How many roster rows (workers on sites) `scope` has: none is the dashboard's empty state. */
export async function rosterCount(db: ReadDb, scope: Scope, siteId?: number): Promise<number> {
  let q = db.selectFrom('site_roster as r').select((eb) => eb.fn.countAll<number>().as('n'));
  q = whereInScope(q, 'r.organization_id', scope);
  if (siteId !== undefined) q = q.where('r.site_id', '=', siteId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The organizations' own rules (compliance_rules, source 'custom') of these keys, with their definitions (JSON). */
export function customRuleDefinitions(db: ReadDb, scope: Scope, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return whereInScope(
    db
      .selectFrom('compliance_rules as cr')
      .select(['cr.organization_id', 'cr.rule_key', 'cr.definition'])
      .where('cr.source', '=', 'custom')
      .where('cr.rule_key', 'in', keys),
    'cr.organization_id',
    scope,
  ).execute();
}

/** Whether a site, or a contractor, of that id is in `scope`. */
export async function inScope(db: ReadDb, table: 'sites' | 'contractors', id: number, scope: Scope): Promise<boolean> {
  const q = whereInScope(db.selectFrom(table).select('id').where('id', '=', id), 'organization_id', scope);
  return (await q.executeTakeFirst()) !== undefined;
}

export type WorkerSort = 'worst' | 'name' | 'site' | 'due_on';

/** The due items the worker list counts: without a status filter those not ok; the keyword on names. */
function matchingRosters(db: ReadDb, scope: Scope, f: DueItemFilter, today: string) {
  let q = dueItems(db, scope, f, today);
  if (f.status === undefined) q = q.where(dueStatusSql(today, 'i', 'rank'), '<', OK_RANK);
  if (f.keyword) {
    const p = likePattern(f.keyword);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('staff as ks')
          .select('ks.id')
          .whereRef('ks.id', '=', 'i.staff_id')
          .where((k) =>
            k.or([
              sql<boolean>`${sql.ref('ks.name')} like ${p} escape '\\'`,
              sql<boolean>`${sql.ref('ks.nickname')} like ${p} escape '\\'`,
            ]),
          ),
      ),
    );
  }
  return q;
}

/**
 * One row per roster row (a worker on a site in a role) with matching due items, worst first: without a
 * status filter only what the worker lacks (items not ok). The keyword looks at names, never national IDs.
 * The items are grouped first and the names joined to the groups, so the joins touch one row per worker.
 */
function workerGroups(db: ReadDb, scope: Scope, f: DueItemFilter, today: string) {
  const grouped = matchingRosters(db, scope, f, today)
    .select([
      'i.roster_id',
      sql<number>`min(${dueStatusSql(today, 'i', 'rank')})`.as('worst_rank'),
      sql<string>`coalesce(min(${sql.ref('i.due_on')}), '9999-12-31')`.as('first_due_on'),
    ])
    .groupBy('i.roster_id');
  return db
    .selectFrom(grouped.as('a'))
    .innerJoin('site_roster as r', 'r.id', 'a.roster_id')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .innerJoin('sites as st', 'st.id', 'r.site_id')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('contractors as c', 'c.id', 's.contractor_id')
    .select([
      'a.roster_id',
      'r.organization_id',
      'o.name as organization_name',
      's.id as staff_id',
      's.name as staff_name',
      'c.name as company',
      'st.id as site_id',
      'st.name as site_name',
      'r.site_role',
      'a.worst_rank',
      'a.first_due_on',
    ]);
}

export async function workerPage(
  db: ReadDb,
  scope: Scope,
  f: DueItemFilter,
  today: string,
  page: { page: number; per_page: number; sort: WorkerSort; order: 'asc' | 'desc' },
) {
  const groups = workerGroups(db, scope, f, today);
  // 'desc' is worst first on the worst sort (the list's default order), as it is the latest first on dates.
  const dir = page.order;
  const rev = dir === 'desc' ? 'asc' : 'desc';
  let ordered = db.selectFrom(groups.as('g')).selectAll();
  switch (page.sort) {
    case 'worst':
      ordered = ordered.orderBy('g.worst_rank', rev).orderBy('g.first_due_on', rev);
      break;
    case 'due_on':
      ordered = ordered.orderBy('g.first_due_on', dir);
      break;
    case 'name':
      ordered = ordered.orderBy('g.staff_name', dir);
      break;
    case 'site':
      ordered = ordered.orderBy('g.site_name', dir).orderBy('g.worst_rank', 'asc');
      break;
  }
  const [countRow, data] = await Promise.all([
    matchingRosters(db, scope, f, today)
      .select((eb) => eb.fn.count<number>('i.roster_id').distinct().as('total'))
      .executeTakeFirstOrThrow(),
    ordered
      .orderBy('g.staff_name', 'asc')
      .orderBy('g.roster_id', 'asc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
  ]);
  const total = Number(countRow.total);
  return {
    rows: data,
    meta: { page: page.page, per_page: page.per_page, total, last_page: Math.max(1, Math.ceil(total / page.per_page)) },
  };
}

/** The matching due items of these roster rows, worst first (what the list shows under each worker). */
export async function itemsOfRosters(db: ReadDb, scope: Scope, rosterIds: readonly number[], f: DueItemFilter, today: string) {
  if (rosterIds.length === 0) return [];
  let q = dueItems(db, scope, f, today).where('i.roster_id', 'in', rosterIds);
  if (f.status === undefined) q = q.where(dueStatusSql(today, 'i', 'rank'), '<', OK_RANK);
  const rows = await q
    .select([
      'i.roster_id',
      'i.rule_key',
      'i.due_on',
      'i.window_opens_on',
      'i.reason_key',
      'i.reason_params',
      dueStatusSql(today).as('status'),
      dueStatusSql(today, 'i', 'rank').as('rank'),
    ])
    .orderBy('i.roster_id')
    .orderBy('rank')
    .orderBy('i.due_on')
    .orderBy('i.rule_key')
    .execute();
  return rows.map((r) => ({ ...r, status: r.status as DueStatus }));
}

/** Every matching worker with their items, in pages of `size` (the export streams them). */
export async function* workerBatches(
  db: ReadDb,
  scope: Scope,
  f: DueItemFilter,
  today: string,
  sort: WorkerSort,
  order: 'asc' | 'desc',
  size = 500,
) {
  for (let page = 1; ; page++) {
    const { rows, meta } = await workerPage(db, scope, f, today, { page, per_page: size, sort, order });
    const items = await itemsOfRosters(
      db,
      scope,
      rows.map((r) => r.roster_id),
      f,
      today,
    );
    yield { rows, items };
    if (page >= meta.last_page) return;
  }
}

/** The counts' statement as it runs (the test asks SQLite for its plan: an index of the due items must lead). */
export const compiledCounts = (db: ReadDb, scope: Scope, f: DueItemFilter, today: string) =>
  dueItems(db, scope, f, today)
    .select(['i.site_id', dueStatusSql(today).as('status')])
    .compile();

/** The dashboard counters of `scope`'s organizations (compliance_generations), by organization. */
export function generationsOf(db: ReadDb, scope: Scope) {
  return whereInScope(
    db.selectFrom('compliance_generations as g').select(['g.organization_id', 'g.generation']),
    'g.organization_id',
    scope,
  )
    .orderBy('g.organization_id')
    .execute();
}
