import type { Insertable, Selectable } from 'kysely';
import type { DueState, HealthCheckKind, InsuranceScheme, MigrantDocument, TrainingKind, WorkKind } from '@bo/shared/compliance/vocabulary';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { ComplianceDueItemsTable, ComplianceRulesTable } from '../../db/tables/sites.ts';
import type { WorkerFacts } from './worker-facts.ts';

/**
 * Whose due items a recompute replaces: every worker on a roster of these staff, these sites, or
 * these organizations. Each is a set, so one recompute covers a whole save, an import or a night.
 */
export type RecomputeSelection = { by: 'staff' | 'site' | 'organization'; ids: readonly number[] };

/** Ids per `in (...)` list: well inside SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;
/** Due items per insert (14 columns: 7,000 parameters). */
const INSERT_CHUNK = 500;

const chunks = <T>(xs: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
};

const column = { staff: 'r.staff_id', site: 'r.site_id', organization: 'r.organization_id' } as const;

/** A roster row a recompute evaluates, with its worker. */
type RosterFacts = Pick<WorkerFacts, 'staff' | 'roster'>;

/**
 * The roster rows that carry due items on `today`: not ended before it, on a site that is not
 * completed, of a worker whose record was not anonymised. Rows outside this lose their items.
 */
async function rosterRowsOf(db: ReadDb, by: RecomputeSelection['by'], ids: readonly number[], today: string): Promise<RosterFacts[]> {
  const rows = await db
    .selectFrom('site_roster as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .innerJoin('sites as si', 'si.id', 'r.site_id')
    .select([
      'r.id as roster_id',
      'r.site_id',
      'r.site_role',
      'r.work_kinds',
      'r.starts_on',
      'r.ends_on',
      's.id as staff_id',
      's.organization_id',
      's.contractor_id',
      's.birthday',
      's.nationality',
      's.job_title',
      's.hire_date',
      's.left_on',
      's.entered_taiwan_on',
      's.departure_reported_on',
    ])
    .where(column[by], 'in', ids)
    .where((eb) => eb.or([eb('r.ends_on', 'is', null), eb('r.ends_on', '>=', today)]))
    .where('si.status', '!=', 'completed')
    .where('s.anonymised_at', 'is', null)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    staff: {
      id: r.staff_id,
      organization_id: r.organization_id,
      contractor_id: r.contractor_id,
      birthday: r.birthday,
      nationality: r.nationality,
      job_title: r.job_title,
      hire_date: r.hire_date,
      left_on: r.left_on,
      entered_taiwan_on: r.entered_taiwan_on,
      departure_reported_on: r.departure_reported_on,
    },
    roster: {
      id: r.roster_id,
      site_id: r.site_id,
      site_role: r.site_role,
      work_kinds: parseWorkKinds(r.work_kinds),
      starts_on: r.starts_on,
      ends_on: r.ends_on,
    },
  }));
}

function parseWorkKinds(json: string): WorkKind[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v.filter((k) => typeof k === 'string') as WorkKind[]) : [];
  } catch {
    return [];
  }
}

type Evidence = Omit<WorkerFacts, 'staff' | 'roster'>;

/** The evidence of these staff, one query per table (per CHUNK staff). */
async function evidenceOf(db: ReadDb, staffIds: readonly number[]): Promise<Map<number, Evidence>> {
  const out = new Map<number, Evidence>();
  const of = (id: number): Evidence => {
    let e = out.get(id);
    if (!e) {
      e = { trainings: [], health_checks: [], insurances: [], migrant_documents: [], certificates: [] };
      out.set(id, e);
    }
    return e;
  };
  for (const ids of chunks(staffIds, CHUNK)) {
    const trainings = await db
      .selectFrom('staff_trainings')
      .select(['staff_id', 'course_kind', 'subject', 'hours', 'completed_on'])
      .where('staff_id', 'in', ids)
      .orderBy('completed_on')
      .execute();
    for (const t of trainings)
      of(t.staff_id).trainings.push({
        course_kind: t.course_kind as TrainingKind,
        subject: t.subject,
        hours: t.hours === null ? null : Number(t.hours),
        completed_on: t.completed_on,
      });
    const checks = await db
      .selectFrom('staff_health_checks')
      .select(['staff_id', 'check_kind', 'checked_on'])
      .where('staff_id', 'in', ids)
      .orderBy('checked_on')
      .execute();
    for (const c of checks) of(c.staff_id).health_checks.push({ check_kind: c.check_kind as HealthCheckKind, checked_on: c.checked_on });
    const insurances = await db
      .selectFrom('staff_insurances')
      .select(['staff_id', 'scheme', 'enrolled_on', 'ended_on'])
      .where('staff_id', 'in', ids)
      .orderBy('enrolled_on')
      .execute();
    for (const i of insurances)
      of(i.staff_id).insurances.push({ scheme: i.scheme as InsuranceScheme, enrolled_on: i.enrolled_on, ended_on: i.ended_on });
    const documents = await db
      .selectFrom('staff_migrant_documents')
      .select(['staff_id', 'document', 'starts_on', 'ends_on'])
      .where('staff_id', 'in', ids)
      .orderBy('ends_on')
      .execute();
    for (const d of documents)
      of(d.staff_id).migrant_documents.push({ document: d.document as MigrantDocument, starts_on: d.starts_on, ends_on: d.ends_on });
    const certificates = await db
      .selectFrom('staff_certificates as c')
      .innerJoin('certificate_types as t', 't.id', 'c.certificate_type_id')
      .select(['c.staff_id', 't.name as type_name', 'c.issued_at', 'c.expires_at'])
      .where('c.staff_id', 'in', ids)
      .orderBy('c.id')
      .execute();
    for (const c of certificates)
      of(c.staff_id).certificates.push({ type_name: c.type_name, issued_at: c.issued_at, expires_at: c.expires_at });
  }
  return out;
}

const noEvidence = (): Evidence => ({ trainings: [], health_checks: [], insurances: [], migrant_documents: [], certificates: [] });

/**
 * The facts of every roster row the selection covers on `today`, in a few set-based queries: the
 * roster rows with their workers, then each evidence table once per CHUNK staff (no query per worker).
 */
export async function workerFactsOf(db: ReadDb, selection: RecomputeSelection, today: string): Promise<WorkerFacts[]> {
  const rows: RosterFacts[] = [];
  for (const ids of chunks([...new Set(selection.ids)], CHUNK)) rows.push(...(await rosterRowsOf(db, selection.by, ids, today)));
  const evidence = await evidenceOf(db, [...new Set(rows.map((r) => r.staff.id))]);
  return rows.map((r) => ({ ...r, ...(evidence.get(r.staff.id) ?? noEvidence()) }));
}

/** The organizations' rule settings over the pack (compliance_rules), by organization. */
export async function ruleSettingsOf(db: ReadDb, organizationIds: readonly number[]): Promise<Map<number, ComplianceRulesRow[]>> {
  const out = new Map<number, ComplianceRulesRow[]>(organizationIds.map((id) => [id, []]));
  for (const ids of chunks([...new Set(organizationIds)], CHUNK)) {
    const rows = await db.selectFrom('compliance_rules').selectAll().where('organization_id', 'in', ids).orderBy('id').execute();
    for (const r of rows) out.get(r.organization_id)?.push(r);
  }
  return out;
}

export type ComplianceRulesRow = Selectable<ComplianceRulesTable>;

/** One computed due item, as the table stores it. */
export interface DueItemRow {
  organization_id: number;
  site_id: number;
  roster_id: number;
  staff_id: number;
  contractor_id: number | null;
  rule_key: string;
  rule_version: number;
  state: DueState;
  due_on: string | null;
  window_opens_on: string | null;
  reason_key: string;
  reason_params: string;
  computed_at: string;
}

/** The selection's organizations, from its own rows (a staff or site id names its organization). */
export async function organizationsOf(db: ReadDb, selection: RecomputeSelection): Promise<number[]> {
  if (selection.by === 'organization') return [...new Set(selection.ids)];
  const out = new Set<number>();
  const table = selection.by === 'staff' ? 'staff' : 'sites';
  for (const ids of chunks([...new Set(selection.ids)], CHUNK)) {
    const rows = await db.selectFrom(table).select('organization_id').distinct().where('id', 'in', ids).execute();
    for (const r of rows) out.add(r.organization_id);
  }
  return [...out];
}

/** Replaces the selection's due items with `items`, in the caller's transaction. */
export async function replaceDueItems(trx: Trx, selection: RecomputeSelection, items: readonly DueItemRow[]): Promise<void> {
  const col = { staff: 'staff_id', site: 'site_id', organization: 'organization_id' } as const;
  for (const ids of chunks([...new Set(selection.ids)], CHUNK))
    await trx.deleteFrom('compliance_due_items').where(col[selection.by], 'in', ids).execute();
  for (const part of chunks(items, INSERT_CHUNK))
    await trx
      .insertInto('compliance_due_items')
      .values(part as Insertable<ComplianceDueItemsTable>[])
      .execute();
}

/** A roster row's site and worker (for an audited roster row: whose items change). */
export const rosterRowsById = (db: ReadDb, ids: readonly number[]) =>
  ids.length ? db.selectFrom('site_roster').select(['id', 'staff_id', 'site_id']).where('id', 'in', ids).execute() : Promise.resolve([]);

/** The tables of evidence a worker holds, by the audit target type that names their rows. */
export const EVIDENCE_TABLES = {
  staff_certificate: 'staff_certificates',
  staff_training: 'staff_trainings',
  staff_health_check: 'staff_health_checks',
  staff_insurance: 'staff_insurances',
  staff_migrant_document: 'staff_migrant_documents',
} as const;
export type EvidenceTarget = keyof typeof EVIDENCE_TABLES;

/** The workers of these evidence rows, by row id (rows already deleted are not found). */
export const staffOfEvidence = async (db: ReadDb, target: EvidenceTarget, ids: readonly number[]) =>
  ids.length ? db.selectFrom(EVIDENCE_TABLES[target]).select(['id', 'staff_id']).where('id', 'in', ids).execute() : [];

/** Every organization with a roster row (the nightly recompute's list). */
export const organizationsWithRosters = async (db: ReadDb): Promise<number[]> =>
  (await db.selectFrom('site_roster').select('organization_id').distinct().orderBy('organization_id').execute()).map(
    (r) => r.organization_id,
  );

/** Raises the organizations' dashboard counters (compliance_generations), in the caller's transaction. */
export async function raiseGenerations(trx: Trx, organizationIds: Iterable<number>): Promise<void> {
  for (const organization_id of new Set(organizationIds))
    await trx
      .insertInto('compliance_generations')
      .values({ organization_id, generation: 1 })
      .onConflict((oc) =>
        oc.column('organization_id').doUpdateSet((eb) => ({ generation: eb('compliance_generations.generation', '+', 1) })),
      )
      .execute();
}
