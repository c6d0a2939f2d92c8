import { sql, type SelectQueryBuilder } from 'kysely';
import { type Dialect, dialectOf, type ReadDb, readRaw } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { likePattern } from '../../lib/list.ts';
import type { AuditLogItem, AuditLogQuery } from '@bo/shared/schemas/audit-log';
import { instantRange } from '@bo/shared/dates';
import { compiledOnce } from '../../lib/compiled-query.ts';
import { pacedBatches } from '../../lib/event-loop.ts';

/** Filtered totals are exact up to this many rows, then read as "at least" (docs/audit-log.md). */
export const AUDIT_LOG_COUNT_CAP = 10_000;

export type AuditLogFilters = Pick<
  AuditLogQuery,
  'actor_id' | 'action' | 'target_type' | 'target_id' | 'target_label' | 'organization_id' | 'date_from' | 'date_to' | 'keyword'
>;

const hasFilters = (f: AuditLogFilters) =>
  [f.actor_id, f.action, f.target_type, f.target_id, f.target_label, f.organization_id, f.date_from, f.date_to, f.keyword].some(
    (v) => v !== undefined && v !== '',
  );

/** The largest code point: `p` then it sorts after every string starting with `p` (in byte order). */
const PREFIX_END = '\u{10FFFF}';

/**
 * `target_label` starts with `prefix`, case-insensitively, as a range over the
 * `lower(target_label)` index of migration 0078 (the expression must match the index's exactly).
 */
export function labelPrefix(prefix: string, dialect: Dialect) {
  const key = dialect === 'postgres' ? sql`lower(audit_logs.target_label) collate "C"` : sql`lower(audit_logs.target_label)`;
  // Lowered by the database, as the index is (SQLite's lower() folds ASCII only).
  return sql<boolean>`(${key} >= lower(${prefix}) and ${key} < lower(${prefix}) || ${PREFIX_END})`;
}

/**
 * Adds the list filters; every one but `keyword` is served by an index: (column, id) of migrations
 * 0001/0002, and the target label's `lower(target_label)` of 0078.
 */
function applyFilters<O>(qb: SelectQueryBuilder<DB, 'audit_logs', O>, f: AuditLogFilters, dialect: Dialect) {
  let q = qb;
  if (f.actor_id !== undefined) q = q.where('audit_logs.actor_id', '=', f.actor_id);
  if (f.action) q = q.where('audit_logs.action', '=', f.action);
  if (f.target_type) q = q.where('audit_logs.target_type', '=', f.target_type);
  if (f.target_id) q = q.where('audit_logs.target_id', '=', f.target_id);
  if (f.target_label) q = q.where(labelPrefix(f.target_label, dialect));
  if (f.organization_id !== undefined) q = q.where('audit_logs.organization_id', '=', f.organization_id);
  const { from, toExclusive } = instantRange(f.date_from, f.date_to);
  if (from) q = q.where('audit_logs.created_at', '>=', from);
  if (toExclusive) q = q.where('audit_logs.created_at', '<', toExclusive);
  if (f.keyword) {
    const p = likePattern(f.keyword);
    q =
      dialect === 'postgres'
        ? q.where(
            sql<boolean>`(audit_logs.action ilike ${p} escape '\\' or audit_logs.target_type ilike ${p} escape '\\' or audit_logs.target_label ilike ${p} escape '\\')`,
          )
        : q.where(
            sql<boolean>`(audit_logs.action like ${p} escape '\\' or audit_logs.target_type like ${p} escape '\\' or audit_logs.target_label like ${p} escape '\\')`,
          );
  }
  return q;
}

/** One row with who did it and where, joined in the same query. */
function selectItems(db: ReadDb) {
  return db
    .selectFrom('audit_logs')
    .leftJoin('admins as actor', 'actor.id', 'audit_logs.actor_id')
    .leftJoin('admins as imp', 'imp.id', 'audit_logs.impersonator_id')
    .leftJoin('organizations as org', 'org.id', 'audit_logs.organization_id')
    .select([
      'audit_logs.id',
      'audit_logs.actor_kind',
      'audit_logs.actor_id',
      'audit_logs.impersonator_id',
      'audit_logs.organization_id',
      'audit_logs.action',
      'audit_logs.target_type',
      'audit_logs.target_id',
      'audit_logs.target_label',
      'audit_logs.before',
      'audit_logs.after',
      'audit_logs.ip',
      'audit_logs.user_agent',
      'audit_logs.created_at',
      'actor.email as actor_email',
      'actor.name as actor_name',
      'imp.email as imp_email',
      'imp.name as imp_name',
      'org.name as org_name',
      'org.company_id as org_company_id',
    ]);
}
type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

function toItem(r: ItemRow): AuditLogItem {
  return {
    id: r.id,
    actor_kind: r.actor_kind,
    actor_id: r.actor_id,
    actor: r.actor_id !== null && r.actor_email !== null ? { id: r.actor_id, email: r.actor_email, name: r.actor_name ?? '' } : null,
    impersonator_id: r.impersonator_id,
    impersonator:
      r.impersonator_id !== null && r.imp_email !== null ? { id: r.impersonator_id, email: r.imp_email, name: r.imp_name ?? '' } : null,
    organization_id: r.organization_id,
    organization:
      r.organization_id !== null && r.org_name !== null ? { id: r.organization_id, name: r.org_name, company_id: r.org_company_id } : null,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    target_label: r.target_label,
    before: parseJson(r.before),
    after: parseJson(r.after),
    ip: r.ip,
    user_agent: r.user_agent,
    created_at: r.created_at,
  };
}

export async function findAuditLogs(db: ReadDb, ids: readonly number[]): Promise<AuditLogItem[]> {
  if (!ids.length) return [];
  return (
    await selectItems(db)
      .where('audit_logs.id', 'in', [...ids])
      .execute()
  ).map(toItem);
}

/** min(id) and max(id) as one row `s`: two index seeks, whatever the table's size. */
const SPAN = sql.raw('(select (select min(id) from audit_logs) as min_id, (select max(id) from audit_logs) as max_id) s');
const SPAN_TABLE = sql<{
  min_id: number;
  max_id: number;
}>`(select (select min(id) from audit_logs) as min_id, (select max(id) from audit_logs) as max_id)`.as('s');

/** min(id) and max(id): two primary-key seeks, whatever the table's size; null for an empty table. */
async function idSpan(db: ReadDb): Promise<{ min: number; max: number } | null> {
  const {
    rows: [s],
  } = await readRaw(db, sql<{ min_id: number | null; max_id: number | null }>`select s.min_id, s.max_id from ${SPAN}`);
  return s?.max_id == null || s.min_id == null ? null : { min: Number(s.min_id), max: Number(s.max_id) };
}

async function idSpanTotal(db: ReadDb): Promise<number> {
  const span = await idSpan(db);
  return span ? span.max - span.min + 1 : 0;
}

/**
 * Unfiltered, id order: page N is an id window counted from the newest (or oldest) id. Two
 * statements on purpose: with the span joined into the page query SQLite sorts through a
 * temporary B-tree (~1.7x slower); alone, the page is a primary-key range read in order.
 */
async function idWindowPage(db: ReadDb, q: AuditLogQuery) {
  const skip = (q.page - 1) * q.per_page;
  if (dialectOf(db) === 'postgres') {
    // PostgreSQL: one round trip (issue 15). The span rides along in every row; a page past the end
    // has no row to carry it, and asks for it on its own.
    const rows = await (q.order === 'desc' ? pgWindowDesc : pgWindowAsc)(db, skip, q.per_page, skip);
    const first = rows[0];
    if (first) return { total: Number(first.span_max) - Number(first.span_min) + 1, items: rows.map(toItem) };
    return { total: await idSpanTotal(db), items: [] };
  }
  const span = await idSpan(db);
  if (!span) return { total: 0, items: [] };
  const [lo, hi] =
    q.order === 'desc' ? [span.max - skip - q.per_page + 1, span.max - skip] : [span.min + skip, span.min + skip + q.per_page - 1];
  const rows = await (q.order === 'desc' ? idWindowDesc : idWindowAsc)(db, lo, hi);
  return { total: span.max - span.min + 1, items: rows.map(toItem) };
}

// The default list page runs on every visit to the audit log: its SQL is compiled once per order.
const idWindow = (order: 'asc' | 'desc') =>
  compiledOnce((db: ReadDb, lo: number, hi: number) =>
    selectItems(db).where('audit_logs.id', '>=', lo).where('audit_logs.id', '<=', hi).orderBy('audit_logs.id', order),
  );
const idWindowDesc = idWindow('desc');
const idWindowAsc = idWindow('asc');

/** The same window with the span joined in, for PostgreSQL, whose planner keeps the primary-key range read. */
const pgWindow = (order: 'asc' | 'desc') =>
  compiledOnce((db: ReadDb, skip: number, perPage: number, skipAgain: number) =>
    selectItems(db)
      .innerJoin(SPAN_TABLE, (join) => join.onTrue())
      .select([sql<number>`s.min_id`.as('span_min'), sql<number>`s.max_id`.as('span_max')])
      .where(
        order === 'desc'
          ? sql<boolean>`audit_logs.id > s.max_id - ${skip} - ${perPage} and audit_logs.id <= s.max_id - ${skipAgain}`
          : sql<boolean>`audit_logs.id >= s.min_id + ${skip} and audit_logs.id < s.min_id + ${perPage} + ${skipAgain}`,
      )
      .orderBy('audit_logs.id', order),
  );
const pgWindowDesc = pgWindow('desc');
const pgWindowAsc = pgWindow('asc');

export interface AuditLogPage {
  data: AuditLogItem[];
  meta: { page: number; per_page: number; total: number; last_page: number; total_capped: boolean };
}

const meta = (q: AuditLogQuery, total: number, capped = false) => ({
  page: q.page,
  per_page: q.per_page,
  total,
  last_page: Math.max(1, Math.ceil(total / q.per_page)),
  total_capped: capped,
});

/**
 * One page of the list without COUNT(*) over the table or a deep OFFSET on table rows:
 * - unfiltered, sorted by id: page N is the id window N counted from the newest (or oldest) id,
 *   found by a primary-key range seek; the total is the id span;
 * - otherwise: the page's ids come from an index-only scan (filter, id) with OFFSET, the rows are
 *   joined for those ids only, and the total is counted exactly up to AUDIT_LOG_COUNT_CAP.
 */
export async function listAuditLogs(db: ReadDb, q: AuditLogQuery): Promise<AuditLogPage> {
  const dialect = dialectOf(db);
  if (!hasFilters(q)) {
    if (q.sort === 'id') {
      const { total, items } = await idWindowPage(db, q);
      return { data: items, meta: meta(q, total) };
    }
    const [total, data] = await Promise.all([idSpanTotal(db), pageByIndex(db, dialect, q)]);
    return { data, meta: meta(q, total) };
  }
  const [data, counted] = await Promise.all([pageByIndex(db, dialect, q), countCapped(db, dialect, q)]);
  return { data, meta: meta(q, Math.min(counted, AUDIT_LOG_COUNT_CAP), counted > AUDIT_LOG_COUNT_CAP) };
}

async function pageByIndex(db: ReadDb, dialect: Dialect, q: AuditLogQuery): Promise<AuditLogItem[]> {
  let ids = applyFilters(db.selectFrom('audit_logs').select('audit_logs.id'), q, dialect);
  if (q.sort !== 'id') ids = ids.orderBy(`audit_logs.${q.sort}`, q.order);
  const idRows = await ids
    .orderBy('audit_logs.id', q.order)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
    .execute();
  if (idRows.length === 0) return [];
  let rows = selectItems(db).where(
    'audit_logs.id',
    'in',
    idRows.map((r) => r.id),
  );
  if (q.sort !== 'id') rows = rows.orderBy(`audit_logs.${q.sort}`, q.order);
  return (await rows.orderBy('audit_logs.id', q.order).execute()).map(toItem);
}

async function countCapped(db: ReadDb, dialect: Dialect, f: AuditLogFilters): Promise<number> {
  const limited = applyFilters(db.selectFrom('audit_logs').select(sql<number>`1`.as('one')), f, dialect).limit(AUDIT_LOG_COUNT_CAP + 1);
  const r = await db
    .selectFrom(limited.as('t'))
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** An entry as exported: before/after as stored (the chain hashes that text) and its chain hashes. */
export type AuditLogExportRow = AuditLogItem & {
  stored_before: string | null;
  stored_after: string | null;
  prev_hash: string | null;
  hash: string | null;
};

/**
 * The filtered set in id order, in batches (keyset on id, so each batch is one index seek),
 * for exports. Stops after `max` rows.
 */
export async function* streamAuditLogs(
  db: ReadDb,
  f: AuditLogFilters,
  order: 'asc' | 'desc',
  max: number,
): AsyncGenerator<AuditLogExportRow[]> {
  const dialect = dialectOf(db);
  let left = max;
  // Paced (lib/event-loop.ts): an export of 100,000 entries on SQLite leaves turns for other requests.
  const batches = pacedBatches<AuditLogExportRow>(
    async (limit, last) => {
      let ids = applyFilters(db.selectFrom('audit_logs').select('audit_logs.id'), f, dialect);
      if (last) ids = ids.where('audit_logs.id', order === 'desc' ? '<' : '>', last.id);
      const idRows = await ids.orderBy('audit_logs.id', order).limit(Math.min(limit, left)).execute();
      if (idRows.length === 0) return [];
      const rows = await selectItems(db)
        .select(['audit_logs.prev_hash', 'audit_logs.hash'])
        .where(
          'audit_logs.id',
          'in',
          idRows.map((r) => r.id),
        )
        .orderBy('audit_logs.id', order)
        .execute();
      return rows.map((r) => ({ ...toItem(r), stored_before: r.before, stored_after: r.after, prev_hash: r.prev_hash, hash: r.hash }));
    },
    { max: 1000 },
  );
  for await (const rows of batches) {
    yield rows;
    left -= rows.length;
    if (left <= 0) return;
  }
}
