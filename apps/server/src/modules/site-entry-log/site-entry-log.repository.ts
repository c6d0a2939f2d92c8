import type { Selectable } from 'kysely';
import { z } from 'zod';
import { gateReasonSchema, type Entry, type GateReason } from '@bo/shared/schemas/gate';
import type { ReadDb } from '../../db/database.ts';
import type { SiteEntriesTable } from '../../db/tables/sites.ts';
import { userAgentSummary } from '../../lib/context/audit-labels.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';

/**
 * Issue 39 point 4 (docs/site-gate.md): reads over the entry log the gate writes (modules/site-gate):
 * a site's entries, who is on it today, the attendance workbook's day rows and the director's overrides.
 */

type EntryDbRow = Selectable<SiteEntriesTable> & {
  staff_name: string | null;
  contractor_name: string | null;
  organization_name: string;
  admin_name: string | null;
  override_admin_name: string | null;
  site_name: string;
};

const reasonList = z.array(gateReasonSchema);

/** The stored JSON of an entry's reasons; an unreadable value reads as none (never a 500). */
export function parseReasons(text: string | null | undefined): GateReason[] {
  try {
    const parsed = reasonList.safeParse(JSON.parse(text ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The labels of the login devices named by `device_id`s (the gate records the signed-in device's id):
 * "Chrome 122 · Android" from its user agent, only for a device of the admin who scanned. Anything else
 * (an id the screen made up, another admin's device) has no label.
 */
async function deviceLabels(db: ReadDb, rows: readonly { device_id: string | null; admin_id: number | null }[]) {
  const ids = [...new Set(rows.filter((r) => r.admin_id !== null && /^\d{1,9}$/.test(r.device_id ?? '')).map((r) => Number(r.device_id)))];
  const out = new Map<number, { admin_id: number; label: string }>();
  if (!ids.length) return out;
  const found = await db.selectFrom('login_devices').select(['id', 'admin_id', 'user_agent']).where('id', 'in', ids).execute();
  for (const d of found) out.set(d.id, { admin_id: d.admin_id, label: userAgentSummary(d.user_agent) });
  return out;
}

/** Entries of an organization with the worker's name and company, the admins' names and the device's label. */
export const entries = scopedTable<Entry & { site_name: string }, EntryDbRow>({
  table: 'site_entries',
  alias: 'e',
  select: (db) =>
    db
      .selectFrom('site_entries as e')
      .innerJoin('sites as si', 'si.id', 'e.site_id')
      .innerJoin('organizations as o', 'o.id', 'e.organization_id')
      .leftJoin('staff as s', (j) => j.onRef('s.id', '=', 'e.staff_id').onRef('s.organization_id', '=', 'e.organization_id'))
      .leftJoin('contractors as c', 'c.id', 's.contractor_id')
      .leftJoin('admins as a', 'a.id', 'e.admin_id')
      .leftJoin('admins as oa', 'oa.id', 'e.override_admin_id')
      .selectAll('e')
      .select([
        'si.name as site_name',
        'o.name as organization_name',
        's.name as staff_name',
        'c.name as contractor_name',
        'a.name as admin_name',
        'oa.name as override_admin_name',
      ]),
  toView: async (rows, db) => {
    const devices = await deviceLabels(db, rows);
    return rows.map((r) => {
      const device = r.device_id !== null && /^\d{1,9}$/.test(r.device_id) ? devices.get(Number(r.device_id)) : undefined;
      return {
        id: r.id,
        site_id: r.site_id,
        site_name: r.site_name,
        staff_id: r.staff_id ?? null,
        staff_name: r.staff_name ?? null,
        company_name: r.staff_id === null || r.staff_name === null ? null : (r.contractor_name ?? r.organization_name),
        pass_id: r.pass_id ?? null,
        direction: r.direction === 'out' ? 'out' : 'in',
        verdict: r.verdict === 'admit' ? 'admit' : 'refuse',
        admitted: Number(r.admitted) === 1,
        reasons: parseReasons(r.reasons),
        scanned_at: r.scanned_at,
        day: r.day,
        received_at: r.received_at,
        admin_id: r.admin_id ?? null,
        admin_name: r.admin_name ?? null,
        device_id: r.device_id ?? null,
        device_label: device && device.admin_id === r.admin_id ? device.label : null,
        client_entry_id: r.client_entry_id,
        offline: Number(r.offline) === 1,
        snapshot_at: r.snapshot_at ?? null,
        override_admin_id: r.override_admin_id ?? null,
        override_admin_name: r.override_admin_name ?? null,
        override_reason: r.override_reason ?? null,
        override_at: r.override_at ?? null,
      };
    });
  },
  sortColumns: { scanned_at: 'e.scanned_at', id: 'e.id', override_at: 'e.override_at' },
  keywordColumns: ['s.name'],
});

type AnyQuery = Parameters<NonNullable<Parameters<typeof entries.list>[3]>>[0];

/** The entry list's filters: the site, a day, the verdict, overridden or not, one worker. */
export function entryFilter(
  siteId: number,
  f: { day?: string; verdict?: 'admit' | 'refuse'; overridden?: 'true' | 'false'; staff_id?: number },
): (qb: AnyQuery) => AnyQuery {
  return (qb) => {
    let q = qb.where('e.site_id', '=', siteId);
    if (f.day) q = q.where('e.day', '=', f.day);
    if (f.verdict) q = q.where('e.verdict', '=', f.verdict);
    if (f.overridden === 'true') q = q.where('e.override_at', 'is not', null);
    if (f.overridden === 'false') q = q.where('e.override_at', 'is', null);
    if (f.staff_id !== undefined) q = q.where('e.staff_id', '=', f.staff_id);
    return q;
  };
}

/** The organization's overridden entries, newest override first. */
export const overriddenFilter = (qb: AnyQuery): AnyQuery => qb.where('e.override_at', 'is not', null);

/** One scan as the day's reads need it (on-site, counts, the workbook): no joins. */
export interface DayEntry {
  id: number;
  staff_id: number | null;
  direction: 'in' | 'out';
  verdict: 'admit' | 'refuse';
  admitted: number;
  reasons: string;
  scanned_at: string;
  override_at: string | null;
}

/** Every entry of the site on `day` (the site_day index), in scan order. */
export async function dayEntries(db: ReadDb, organizationId: number, siteId: number, day: string): Promise<DayEntry[]> {
  const rows = await db
    .selectFrom('site_entries')
    .select(['id', 'staff_id', 'direction', 'verdict', 'admitted', 'reasons', 'scanned_at', 'override_at'])
    .where('site_id', '=', siteId)
    .where('day', '=', day)
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  // By the instant, not the text: a device may send its clock with an offset.
  const at = (v: string) => Date.parse(v) || 0;
  return rows.map((r) => ({ ...r, admitted: Number(r.admitted) })).sort((a, b) => at(a.scanned_at) - at(b.scanned_at) || a.id - b.id);
}

export interface WorkerOfSite {
  id: number;
  name: string;
  job_title: string | null;
  company_name: string;
  has_photo: boolean;
  site_role: string | null;
}

/**
 * The organization's staff among `ids` as the gate shows them, with their role on the site's roster
 * (the row covering `day`, else their latest row; null when they have none).
 */
export async function workersOfSite(
  db: ReadDb,
  organizationId: number,
  siteId: number,
  ids: readonly number[],
  day: string,
): Promise<Map<number, WorkerOfSite>> {
  const out = new Map<number, WorkerOfSite>();
  if (!ids.length) return out;
  const unique = [...new Set(ids)];
  const staff = await db
    .selectFrom('staff as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .leftJoin('contractors as c', 'c.id', 's.contractor_id')
    .select(['s.id', 's.name', 's.job_title', 's.photo_key', 's.photo_id', 'c.name as contractor_name', 'o.name as organization_name'])
    .where('s.organization_id', '=', organizationId)
    .where('s.id', 'in', unique)
    .execute();
  const roster = await db
    .selectFrom('site_roster')
    .select(['staff_id', 'site_role', 'starts_on', 'ends_on'])
    .where('organization_id', '=', organizationId)
    .where('site_id', '=', siteId)
    .where('staff_id', 'in', unique)
    .orderBy('starts_on')
    .execute();
  // Their latest row (rows come by start), then a row covering the day over it.
  const roleOf = new Map<number, string>();
  for (const r of roster) roleOf.set(r.staff_id, r.site_role);
  for (const r of roster) if (r.starts_on <= day && (r.ends_on === null || r.ends_on >= day)) roleOf.set(r.staff_id, r.site_role);
  for (const s of staff)
    out.set(s.id, {
      id: s.id,
      name: s.name,
      job_title: s.job_title ?? null,
      company_name: s.contractor_name ?? s.organization_name,
      has_photo: s.photo_key !== null || s.photo_id !== null,
      site_role: roleOf.get(s.id) ?? null,
    });
  return out;
}
