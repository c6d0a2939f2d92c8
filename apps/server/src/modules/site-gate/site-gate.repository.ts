import type { ReadDb, Trx } from '../../db/database.ts';
import type { SiteEntriesTable } from '../../db/tables/sites.ts';
import { likePattern } from '../../lib/list.ts';
import { keywordMatch } from '../../lib/kit/scoped-table.repository.ts';

/**
 * The gate's queries (issue 39, docs/site-gate.md). A scan is a few indexed lookups: the pass by its
 * unique code, the worker, their roster row on the site and their computed due items (never the rules).
 */

/** The statuses a gate opens for. */
export const OPEN_STATUSES = ['planned', 'active'] as const;

export const gateSites = (db: ReadDb, organizationId: number) =>
  db
    .selectFrom('sites')
    .select(['id', 'name', 'address', 'status'])
    .where('organization_id', '=', organizationId)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('name')
    .orderBy('id')
    .execute();

export const siteOf = (db: ReadDb, organizationId: number, siteId: number) =>
  db
    .selectFrom('sites')
    .select(['id', 'name', 'status', 'organization_id'])
    .where('id', '=', siteId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();

/** A pass by its code, in any organization (the caller tells another organization's apart). */
export const passByCode = (db: ReadDb, code: string) =>
  db
    .selectFrom('site_passes')
    .select(['id', 'organization_id', 'site_id', 'staff_id', 'code', 'serial', 'revoked_at', 'revoked_reason'])
    .where('code', '=', code)
    .executeTakeFirst();

const workerColumns = [
  's.id as staff_id',
  's.name',
  's.job_title',
  's.photo_key',
  's.photo_id',
  'c.name as contractor_name',
  'o.name as organization_name',
] as const;

const workersQuery = (db: ReadDb, organizationId: number) =>
  db
    .selectFrom('staff as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .leftJoin('contractors as c', 'c.id', 's.contractor_id')
    .where('s.organization_id', '=', organizationId);

export type WorkerRow = {
  staff_id: number;
  name: string;
  job_title: string | null;
  photo_key: string | null;
  photo_id: number | null;
  contractor_name: string | null;
  organization_name: string;
};

export const workerOf = (db: ReadDb, organizationId: number, staffId: number): Promise<WorkerRow | undefined> =>
  workersQuery(db, organizationId).select(workerColumns).where('s.id', '=', staffId).executeTakeFirst();

/** The worker's roster row on the site that counts on `today`: the current one, else the next to start, else none. */
export const rosterRowOf = (db: ReadDb, siteId: number, staffId: number, today: string) =>
  db
    .selectFrom('site_roster')
    .select(['id', 'site_role', 'starts_on', 'ends_on'])
    .where('site_id', '=', siteId)
    .where('staff_id', '=', staffId)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
    .orderBy('starts_on')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** The computed due items of one roster row. */
export const dueItemsOf = (db: ReadDb, staffId: number, rosterId: number) =>
  db
    .selectFrom('compliance_due_items')
    .select(['rule_key', 'state', 'due_on'])
    .where('staff_id', '=', staffId)
    .where('roster_id', '=', rosterId)
    .orderBy('id')
    .execute();

// ── The snapshot ───────────────────────────────────────────────────────────

/** Every current pass of the site with its worker (name, company, photo flag; never an ID number). */
export const currentPassesOf = (db: ReadDb, organizationId: number, siteId: number) =>
  workersQuery(db, organizationId)
    .innerJoin('site_passes as p', 'p.staff_id', 's.id')
    .select(workerColumns)
    .select(['p.id as pass_id', 'p.code', 'p.serial'])
    .where('p.site_id', '=', siteId)
    .where('p.revoked_at', 'is', null)
    .orderBy('p.id')
    .execute();

export const revokedCodesOf = (db: ReadDb, siteId: number) =>
  db.selectFrom('site_passes').select('code').where('site_id', '=', siteId).where('revoked_at', 'is not', null).orderBy('id').execute();

/** The site's roster rows not ended before `today`. */
export const rosterRowsOf = (db: ReadDb, siteId: number, today: string) =>
  db
    .selectFrom('site_roster')
    .select(['id', 'staff_id', 'site_role', 'starts_on', 'ends_on'])
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
    .orderBy('starts_on')
    .orderBy('id')
    .execute();

export const siteDueItemsOf = (db: ReadDb, siteId: number) =>
  db
    .selectFrom('compliance_due_items')
    .select(['roster_id', 'rule_key', 'state', 'due_on'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();

// ── Finding a worker by name ───────────────────────────────────────────────

/** Workers on the site's current roster whose name (or nickname) holds `keyword`, with their current pass here. */
export function rosterWorkers(
  db: ReadDb,
  organizationId: number,
  siteId: number,
  today: string,
  keyword: string | undefined,
  limit: number,
) {
  let qb = workersQuery(db, organizationId)
    .innerJoin('site_roster as r', (j) => j.onRef('r.staff_id', '=', 's.id').on('r.site_id', '=', siteId))
    .leftJoin('site_passes as p', (j) => j.onRef('p.staff_id', '=', 's.id').on('p.site_id', '=', siteId).on('p.revoked_at', 'is', null))
    .select(workerColumns)
    .select(['r.site_role', 'p.id as pass_id', 'p.code'])
    .where((eb) => eb.or([eb('r.ends_on', 'is', null), eb('r.ends_on', '>=', today)]))
    .where('s.anonymised_at', 'is', null);
  const k = keyword?.trim().toLowerCase();
  if (k) qb = qb.where(keywordMatch(['s.name', 's.nickname'], likePattern(k)));
  return qb.orderBy('s.name').orderBy('s.id').limit(limit).execute();
}

/** Whether the staff is on the site's current roster (the photo route's check). */
export const onRoster = async (db: ReadDb, organizationId: number, siteId: number, staffId: number, today: string) =>
  !!(await db
    .selectFrom('site_roster')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('site_id', '=', siteId)
    .where('staff_id', '=', staffId)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
    .executeTakeFirst());

// ── Entries ────────────────────────────────────────────────────────────────

export type NewEntry = Omit<SiteEntriesTable, 'id' | 'direction' | 'reasons' | 'offline'> & {
  direction: 'in' | 'out';
  reasons: string;
  offline: number;
};

/** Inserts the entry unless the organization has one of its client_entry_id already: its id, or null then. */
export async function insertEntry(trx: Trx, values: NewEntry): Promise<number | null> {
  const row = await trx
    .insertInto('site_entries')
    .values(values)
    .onConflict((oc) => oc.columns(['organization_id', 'client_entry_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export const entryIdByClient = async (db: ReadDb, organizationId: number, clientEntryId: string) =>
  (
    await db
      .selectFrom('site_entries')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('client_entry_id', '=', clientEntryId)
      .executeTakeFirst()
  )?.id ?? null;

export const overrideEntry = (trx: Trx, id: number, adminId: number, reason: string, at: string) =>
  trx
    .updateTable('site_entries')
    .set({ admitted: 1, override_admin_id: adminId, override_reason: reason, override_at: at })
    .where('id', '=', id)
    .where('admitted', '=', 0)
    .executeTakeFirst();

/** An entry of the site (its id, verdict, admitted), or undefined: the override's lookup. */
export const siteEntry = (db: ReadDb, organizationId: number, siteId: number, id: number) =>
  db
    .selectFrom('site_entries')
    .select(['id', 'admitted', 'staff_id'])
    .where('organization_id', '=', organizationId)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The organization's gate entries, for the organization's delete (its confirmation counts them). */
export const countOrganizationEntries = async (db: ReadDb, organizationId: number) =>
  Number(
    (
      await db
        .selectFrom('site_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

export const deleteOrganizationEntries = (trx: Trx, organizationId: number) =>
  trx.deleteFrom('site_entries').where('organization_id', '=', organizationId).execute();
