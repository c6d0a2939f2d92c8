import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { CertificateRemindersTable } from '../../db/tables/reminders.ts';
import type { ListParams } from '../../lib/list.ts';
import { paginate } from '../../db/paginate.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { rowExists } from '../../db/row-exists.ts';
import { isCurrentCertificate } from '../staff/current-certificates.repository.ts';

/** The reminders sent for an organization: its history, gone with it (not named in the delete confirmation). */
export const certificateReminders = scopedTable({
  table: 'certificate_reminders',
  alias: 'r',
  toView: (rows: { id: number }[]) => rows,
  sortColumns: { id: 'r.id' },
  dependent: { name: 'certificate_reminders', counted: false },
});

/** An organization's reminder window (days ahead) and LINE target. */
export const reminderSettings = (db: ReadDb, organizationId: number) =>
  db
    .selectFrom('organizations')
    .select(['certificate_reminder_days as days', 'certificate_reminder_line_target as line_target'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();

export async function saveReminderSettings(
  db: Trx,
  organizationId: number,
  settings: { days: number; line_target: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ certificate_reminder_days: settings.days, certificate_reminder_line_target: settings.line_target, updated_at: now })
    .where('id', '=', organizationId)
    .execute();
}

/** One page of the reminders sent for an organization, with their mail's status. */
export function reminderPage(db: ReadDb, organizationId: number, page: ListParams) {
  const q = db
    .selectFrom('certificate_reminders as r')
    .leftJoin('mail_outbox as m', 'm.id', 'r.mail_id')
    .select([
      'r.id',
      'r.run_key',
      'r.channel',
      'r.kind',
      'r.recipient',
      'r.expired_count',
      'r.expiring_count',
      'm.status as mail_status',
      'r.status',
      'r.error',
      'r.created_at',
    ])
    .where('r.organization_id', '=', organizationId);
  return paginate(q, page, { sortColumns: { id: 'r.id' }, idColumn: 'r.id' });
}

/**
 * Per active staff member and certificate type of the organization, the current certificate
 * (isCurrentCertificate: the latest expiry decides; a superseded one is history).
 */
export function currentCertificatesOfActiveStaff(db: ReadDb, organizationId: number) {
  return db
    .selectFrom('staff_certificates as c')
    .innerJoin('staff as s', 's.id', 'c.staff_id')
    .innerJoin('certificate_types as t', 't.id', 'c.certificate_type_id')
    .select(['c.staff_id', 's.name as staff_name', 'c.certificate_type_id', 't.name as certificate_type', 'c.expires_at'])
    .where('c.organization_id', '=', organizationId)
    .where('s.status', '=', 'active')
    .where(isCurrentCertificate('c'))
    .execute();
}

/** The organization's certificate types in their order. */
export function certificateTypesOf(db: ReadDb, organizationId: number) {
  return db
    .selectFrom('certificate_types')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function activeStaffCount(db: ReadDb, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The active organizations with their reminder settings, in id order (the daily job's round). */
export function activeOrganizationsToRemind(db: ReadDb) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'certificate_reminder_days', 'certificate_reminder_line_target'])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/** Whether the organization was already reminded in the run of `runKey` (a day). */
export const remindedIn = (db: ReadDb, organizationId: number, runKey: string): Promise<boolean> =>
  rowExists(db, 'certificate_reminders', { organization_id: organizationId, run_key: runKey });

/** The organization's active member admins with their sub-account roles, in id order. */
export function activeMembersOf(db: ReadDb, organizationId: number) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('admins as a', 'a.id', 'm.admin_id')
    .select(['a.id', 'a.email', 'a.name', 'a.date_calendar', 'm.sub_account_roles'])
    .where('m.organization_id', '=', organizationId)
    .where('a.status', '=', 'active')
    .orderBy('a.id')
    .execute();
}

export async function recordReminder(db: Trx, reminder: Insertable<CertificateRemindersTable>): Promise<void> {
  await db.insertInto('certificate_reminders').values(reminder).execute();
}

/** Active admins holding ROLE_STAFF themselves (company-wide staff managers), in id order. */
export function activeStaffManagers(db: ReadDb) {
  return db
    .selectFrom('admins')
    .select(['id', 'email', 'name', 'date_calendar'])
    .where('status', '=', 'active')
    .where('roles', 'like', '%"ROLE_STAFF"%')
    .orderBy('id')
    .execute();
}

/**
 * The due items of the organization's current roster rows (active staff, sites not completed, the row not ended before
 * `today`) that a digest names: failed or missing evidence, or dated on or before `lastDay` (the lead time's end).
 * The status in words is dueStatus's (docs/compliance.md "Statuses"); this only narrows the rows.
 */
export function dueItemsToRemind(db: ReadDb, organizationId: number, today: string, lastDay: string) {
  return db
    .selectFrom('compliance_due_items as d')
    .innerJoin('site_roster as r', 'r.id', 'd.roster_id')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .innerJoin('staff as w', 'w.id', 'd.staff_id')
    .leftJoin('contractors as c', (j) => j.onRef('c.id', '=', 'd.contractor_id').on('c.organization_id', '=', organizationId))
    .select([
      'd.id',
      'd.site_id',
      's.name as site_name',
      'd.staff_id',
      'w.name as staff_name',
      'd.contractor_id',
      'c.name as contractor_name',
      'c.contact_name as contractor_contact_name',
      'c.contact_email as contractor_email',
      'd.rule_key',
      'd.state',
      'd.due_on',
      'd.window_opens_on',
      'd.reason_key',
      'd.reason_params',
    ])
    .where('d.organization_id', '=', organizationId)
    .where('w.status', '=', 'active')
    .where('s.status', '!=', 'completed')
    .where((eb) => eb.or([eb('r.ends_on', 'is', null), eb('r.ends_on', '>=', today)]))
    .where((eb) =>
      eb.or([eb('d.state', 'in', ['failed', 'missing']), eb.and([eb('d.state', '=', 'dated'), eb('d.due_on', '<=', lastDay)])]),
    )
    .orderBy('s.name')
    .orderBy('d.site_id')
    .orderBy('w.name')
    .orderBy('d.staff_id')
    .orderBy('d.rule_key')
    .execute();
}
