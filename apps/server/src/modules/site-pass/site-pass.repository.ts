import type { Selectable } from 'kysely';
import type { Pass, PassRevokeReason } from '@bo/shared/schemas/gate';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { SitePassesTable } from '../../db/tables/sites.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';

/** A pass as stored, with what its badge shows: the site, the worker, their company and whether they have a photo. */
type PassDbRow = Selectable<SitePassesTable> & {
  site_name: string;
  staff_name: string;
  job_title: string | null;
  photo_key: string | null;
  photo_id: number | null;
  contractor_name: string | null;
  organization_name: string;
};

/** A pass without its QR text (the service signs it: lib/gate/pass-token.ts). */
export type PassView = Omit<Pass, 'qr'>;

/**
 * Site passes (issue 39, migration 0108) with their worker's badge lines. The company line is the worker's
 * subcontractor (協力廠商), else the organization; nothing of the worker beyond name, job title and photo.
 */
export const passes = scopedTable<PassView, PassDbRow>({
  table: 'site_passes',
  alias: 'p',
  select: (db) =>
    db
      .selectFrom('site_passes as p')
      .innerJoin('sites as si', 'si.id', 'p.site_id')
      .innerJoin('staff as s', 's.id', 'p.staff_id')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .leftJoin('contractors as c', 'c.id', 's.contractor_id')
      .selectAll('p')
      .select([
        'si.name as site_name',
        's.name as staff_name',
        's.job_title as job_title',
        's.photo_key as photo_key',
        's.photo_id as photo_id',
        'c.name as contractor_name',
        'o.name as organization_name',
      ]),
  toView: (rows) =>
    rows.map((r) => ({
      id: r.id,
      organization_id: r.organization_id,
      site_id: r.site_id,
      site_name: r.site_name,
      staff_id: r.staff_id,
      staff_name: r.staff_name,
      contractor_name: r.contractor_name ?? null,
      company_name: r.contractor_name ?? r.organization_name,
      job_title: r.job_title ?? null,
      // As the staff record tells it (modules/staff toStaff): its own upload or a library photo.
      has_photo: !!(r.photo_key || r.photo_id),
      code: r.code,
      serial: Number(r.serial),
      issued_at: r.issued_at,
      revoked_at: r.revoked_at,
      revoked_reason: r.revoked_reason,
      replaced_by_id: r.replaced_by_id,
    })),
  sortColumns: { staff_name: 's.name', issued_at: 'p.issued_at', id: 'p.id' },
  keywordColumns: ['s.name', 'p.code', 'c.name'],
  dependent: { name: 'site_passes' },
});

type AnyQuery = Parameters<NonNullable<Parameters<typeof passes.list>[3]>>[0];

/** The list's filters: the site, and current (not revoked), revoked or all passes. */
export const passFilter =
  (siteId: number, state: 'current' | 'revoked' | 'all') =>
  (qb: AnyQuery): AnyQuery => {
    const q = qb.where('p.site_id', '=', siteId);
    if (state === 'current') return q.where('p.revoked_at', 'is', null);
    if (state === 'revoked') return q.where('p.revoked_at', 'is not', null);
    return q;
  };

/** The staff on the site's roster on `day` (started, not ended), once each. */
export async function rosterStaffOn(db: ReadDb, organizationId: number, siteId: number, day: string): Promise<number[]> {
  const rows = await db
    .selectFrom('site_roster')
    .select('staff_id')
    .distinct()
    .where('organization_id', '=', organizationId)
    .where('site_id', '=', siteId)
    .where('starts_on', '<=', day)
    .where((w) => w.or([w('ends_on', 'is', null), w('ends_on', '>=', day)]))
    .orderBy('staff_id')
    .execute();
  return rows.map((r) => r.staff_id);
}

/** The current (not revoked) passes of the site held by any of `staffIds`: their ids, by staff. */
export async function currentPassIds(db: ReadDb, siteId: number, staffIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const chunk of chunks(staffIds)) {
    const rows = await db
      .selectFrom('site_passes')
      .select(['id', 'staff_id'])
      .where('site_id', '=', siteId)
      .where('revoked_at', 'is', null)
      .where('staff_id', 'in', chunk)
      .execute();
    for (const r of rows) out.set(r.staff_id, r.id);
  }
  return out;
}

/** The highest serial each of `staffIds` has had on the site (revoked passes included). */
export async function lastSerials(db: ReadDb, siteId: number, staffIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const chunk of chunks(staffIds)) {
    const rows = await db
      .selectFrom('site_passes')
      .select(['staff_id', (eb) => eb.fn.max('serial').as('serial')])
      .where('site_id', '=', siteId)
      .where('staff_id', 'in', chunk)
      .groupBy('staff_id')
      .execute();
    for (const r of rows) out.set(r.staff_id, Number(r.serial));
  }
  return out;
}

/**
 * Inserts a pass unless a unique index refuses it (its code is taken, or the worker holds a current pass on
 * the site already, issued by a request at the same moment): answers its id, or null (the caller tells
 * which). ON CONFLICT DO NOTHING leaves a PostgreSQL transaction usable, unlike an error.
 */
export async function insertPass(
  trx: Trx,
  values: { organization_id: number; site_id: number; staff_id: number; code: string; serial: number; issued_at: string },
): Promise<number | null> {
  const row = await trx
    .insertInto('site_passes')
    .values({ ...values, created_at: values.issued_at, updated_at: values.issued_at })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Names the pass that replaced a revoked one (a reissue). */
export async function setReplacement(trx: Trx, organizationId: number, id: number, replacedById: number): Promise<void> {
  await trx
    .updateTable('site_passes')
    .set({ replaced_by_id: replacedById })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

/** Revokes a current pass of the organization; answers false when it was revoked already (nothing changed). */
export async function revokePass(
  trx: Trx,
  organizationId: number,
  id: number,
  revoke: { reason: PassRevokeReason; at: string; replacedById?: number | null },
): Promise<boolean> {
  const r = await trx
    .updateTable('site_passes')
    .set({ revoked_at: revoke.at, revoked_reason: revoke.reason, replaced_by_id: revoke.replacedById ?? null, updated_at: revoke.at })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

function* chunks(ids: readonly number[], size = 500): Generator<number[]> {
  for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size);
}
