import type { Selectable } from 'kysely';
import { todayInTaipei } from '@bo/shared/dates';
import type { Contractor, RosterRow, Site } from '@bo/shared/schemas/site';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { ContractorsTable, SiteRosterTable, SitesTable } from '../../db/tables/sites.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';

type ContractorRow = Selectable<ContractorsTable> & { worker_count: number | string };
type SiteRow = Selectable<SitesTable> & {
  director_name: string | null;
  roster_count: number | string;
  contractor_count: number | string;
};
type RosterDbRow = Selectable<SiteRosterTable> & {
  staff_name: string;
  job_title: string | null;
  contractor_id: number | null;
  contractor_name: string | null;
};

/** 協力廠商 of an organization, each with its workers' count. */
export const contractors = scopedTable<Contractor, ContractorRow>({
  table: 'contractors',
  alias: 'c',
  select: (db) =>
    db
      .selectFrom('contractors as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('staff as s')
          .whereRef('s.contractor_id', '=', 'c.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('worker_count'),
      ),
  toView: (rows) => rows.map((r) => ({ ...r, worker_count: Number(r.worker_count ?? 0) })),
  sortColumns: { name: 'c.name', id: 'c.id', created_at: 'c.created_at', updated_at: 'c.updated_at' },
  keywordColumns: ['c.name', 'c.tax_id', 'c.contact_name'],
  dependent: { name: 'contractors', children: [{ table: 'site_contractors' }] },
});

/** Sites of an organization, with the director's name and the counts of the current roster and of subcontractors. */
export const sites = scopedTable<Site, SiteRow>({
  table: 'sites',
  alias: 'si',
  select: (db) =>
    db
      .selectFrom('sites as si')
      .leftJoin('staff as d', (j) => j.onRef('d.id', '=', 'si.director_staff_id').onRef('d.organization_id', '=', 'si.organization_id'))
      .selectAll('si')
      .select('d.name as director_name')
      .select((eb) =>
        eb
          .selectFrom('site_roster as r')
          .whereRef('r.site_id', '=', 'si.id')
          .where((w) => w.or([w('r.ends_on', 'is', null), w('r.ends_on', '>=', todayInTaipei())]))
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('roster_count'),
      )
      .select((eb) =>
        eb
          .selectFrom('site_contractors as sc')
          .whereRef('sc.site_id', '=', 'si.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('contractor_count'),
      ),
  toView: (rows) =>
    rows.map((r) => ({
      ...r,
      director_name: r.director_name ?? null,
      roster_count: Number(r.roster_count ?? 0),
      contractor_count: Number(r.contractor_count ?? 0),
    })),
  sortColumns: {
    id: 'si.id',
    name: 'si.name',
    starts_on: 'si.starts_on',
    ends_on: 'si.ends_on',
    created_at: 'si.created_at',
    updated_at: 'si.updated_at',
  },
  keywordColumns: ['si.name', 'si.contract_number', 'si.address'],
  dependent: { name: 'sites', children: [{ table: 'site_roster' }, { table: 'site_contractors' }] },
});

const parseKinds = (v: string): string[] => {
  try {
    const kinds = JSON.parse(v) as unknown;
    return Array.isArray(kinds) ? kinds.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};

/** Roster rows with their staff's name and company. */
export const rosterRows = scopedTable<RosterRow, RosterDbRow>({
  table: 'site_roster',
  alias: 'r',
  select: (db) =>
    db
      .selectFrom('site_roster as r')
      .innerJoin('staff as s', 's.id', 'r.staff_id')
      .leftJoin('contractors as c', 'c.id', 's.contractor_id')
      .selectAll('r')
      .select(['s.name as staff_name', 's.job_title as job_title', 's.contractor_id as contractor_id', 'c.name as contractor_name']),
  toView: (rows) =>
    rows.map((r) => ({
      id: r.id,
      site_id: r.site_id,
      staff_id: r.staff_id,
      staff_name: r.staff_name,
      job_title: r.job_title ?? null,
      contractor_id: r.contractor_id ?? null,
      contractor_name: r.contractor_name ?? null,
      site_role: r.site_role,
      work_kinds: parseKinds(r.work_kinds),
      starts_on: r.starts_on,
      ends_on: r.ends_on,
      created_at: r.created_at,
      updated_at: r.updated_at,
    })),
  sortColumns: { staff_name: 's.name', id: 'r.id', site_role: 'r.site_role', starts_on: 'r.starts_on', ends_on: 'r.ends_on' },
  keywordColumns: ['s.name', 's.job_title', 'r.site_role'],
});

type AnyQuery = Parameters<NonNullable<Parameters<typeof rosterRows.list>[3]>>[0];

/** The roster list's filters: the site, a company (a contractor or `own`), a role, current or ended rows on `day`. */
export function rosterFilter(
  siteId: number,
  f: { company?: number | 'own'; site_role?: string; period?: 'current' | 'ended' },
  day: string,
): (qb: AnyQuery) => AnyQuery {
  return (qb) => {
    let q = qb.where('r.site_id', '=', siteId);
    if (f.company === 'own') q = q.where('s.contractor_id', 'is', null);
    else if (f.company !== undefined) q = q.where('s.contractor_id', '=', f.company);
    if (f.site_role) q = q.where('r.site_role', '=', f.site_role);
    if (f.period === 'current') q = q.where((w: any) => w.or([w('r.ends_on', 'is', null), w('r.ends_on', '>=', day)]));
    if (f.period === 'ended') q = q.where('r.ends_on', '<', day);
    return q;
  };
}

/** Only sites of a status. */
export const siteStatusFilter =
  (status: string | undefined) =>
  (qb: AnyQuery): AnyQuery =>
    status ? qb.where('si.status', '=', status) : qb;

/** The contractor ids of a site, in id order. */
export async function siteContractorIds(db: ReadDb, organizationId: number, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('site_contractors')
    .select('contractor_id')
    .where('organization_id', '=', organizationId)
    .where('site_id', '=', siteId)
    .orderBy('contractor_id')
    .execute();
  return rows.map((r) => r.contractor_id);
}

/** Replaces a site's subcontractors by `ids` (already checked to be the organization's). */
export async function replaceSiteContractors(trx: Trx, organizationId: number, siteId: number, ids: readonly number[]): Promise<void> {
  await trx.deleteFrom('site_contractors').where('organization_id', '=', organizationId).where('site_id', '=', siteId).execute();
  if (!ids.length) return;
  const t = new Date().toISOString();
  await trx
    .insertInto('site_contractors')
    .values(ids.map((contractor_id) => ({ organization_id: organizationId, site_id: siteId, contractor_id, created_at: t, updated_at: t })))
    .execute();
}

/** The contractors among `ids` whose workers are on the site's roster. */
export async function contractorsWithRosterRows(db: ReadDb, siteId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('site_roster as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .select('s.contractor_id')
    .distinct()
    .where('r.site_id', '=', siteId)
    .where('s.contractor_id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.contractor_id!).filter((id) => id !== null);
}

/** The staff among `ids` in the organization, with their company. */
export async function staffCompanies(
  db: ReadDb,
  organizationId: number,
  ids: readonly number[],
): Promise<{ id: number; contractor_id: number | null }[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('staff')
    .select(['id', 'contractor_id'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Inserts roster rows; answers their ids. */
export async function insertRosterRows(
  trx: Trx,
  rows: {
    organization_id: number;
    site_id: number;
    staff_id: number;
    site_role: string;
    work_kinds: string;
    starts_on: string;
    ends_on: string | null;
  }[],
): Promise<number[]> {
  if (!rows.length) return [];
  const t = new Date().toISOString();
  const out = await trx
    .insertInto('site_roster')
    .values(rows.map((r) => ({ ...r, created_at: t, updated_at: t })))
    .returning('id')
    .execute();
  return out.map((r) => r.id);
}

/** The staff among `ids` on the site's roster for a period overlapping `from`–`to` (`to` null: open). */
export async function staffOnRoster(
  db: ReadDb,
  siteId: number,
  ids: readonly number[],
  from: string,
  to: string | null,
): Promise<number[]> {
  if (!ids.length) return [];
  let q = db
    .selectFrom('site_roster')
    .select('staff_id')
    .distinct()
    .where('site_id', '=', siteId)
    .where('staff_id', 'in', [...ids])
    .where((w) => w.or([w('ends_on', 'is', null), w('ends_on', '>=', from)]));
  if (to !== null) q = q.where('starts_on', '<=', to);
  return (await q.execute()).map((r) => r.staff_id);
}
