import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { addDays, daysBetween } from '@bo/shared/dates';
import type { CertificateRemindersTable } from '../../db/tables/reminders.ts';
import { isSubAccountRole } from '@bo/shared/roles';
import { parseRoles } from '../../lib/context/actor.ts';
import type { DailyJob } from '../../lib/jobs/daily-jobs.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { pushLineText } from '../../lib/integrations/line-push.ts';
import { LINE_TEXT_MAX } from '@bo/shared/schemas/operations';
import { loadAppConfig } from '../../lib/app-config.ts';
import {
  activeMembersOf,
  activeOrganizationsToRemind,
  activeStaffManagers,
  dueItemsToRemind,
  recordReminder,
  remindedIn,
} from './certificate-reminder.repository.ts';
import { dueCertificates } from './certificate-standing.ts';
import { type ComplianceDigest, complianceDigest, contractorDigests, dayFormat } from './compliance-digest.ts';
import { eventLoopPacer } from '../../lib/event-loop.ts';
import { TAIWAN_PACK } from '../../lib/compliance/taiwan-pack.ts';
import { rulesOfOrganizations } from '../../lib/compliance/organization-rules.ts';
import type { ReadDb } from '../../db/database.ts';

export const CERTIFICATE_REMINDER_JOB = 'certificate_reminders';
/** Who of an organization is reminded: those who can renew its staff's certificates. */
export const REMINDED_ROLES = ['SUB_ACCOUNT_ROLE_ADMIN', 'SUB_ACCOUNT_ROLE_STAFF_WRITE'] as const;
/** A digest names at most this many certificates; the link leads to the rest. */
const DIGEST_MAX_ITEMS = 50;
/** The web's compliance dashboard, where the compliance digest's link leads. */
const COMPLIANCE_DASHBOARD_PATH = '/admin/compliance';
/** A rule as the digest names it: the organization's rule's title (the pack's, or its own rule's), else its key. */
async function ruleTitlesOf(db: ReadDb, organizationId: number): Promise<(ruleKey: string) => string> {
  const rules = (await rulesOfOrganizations(db, [organizationId])).get(organizationId) ?? TAIWAN_PACK.rules;
  const titles = new Map(rules.map((r) => [r.key, r.title['zh-TW']]));
  return (ruleKey) => titles.get(ruleKey) ?? ruleKey;
}

/** The daily certificate reminder (CERTIFICATE_REMINDER_TIME, Taipei). */
export const certificateReminderJob = (app: FastifyInstance): DailyJob => ({
  name: CERTIFICATE_REMINDER_JOB,
  at: app.config.jobs.certificateReminderAt,
  run: (day) => sendCertificateReminders(app, day),
});

/**
 * For each active organization, a digest of (a) its certificates expired or expiring within its reminder days and
 * (b) its sites' due items (compliance_due_items: overdue, missing, or due within the same lead time), grouped by
 * site (docs/compliance.md "Reminders"): one mail of each to each of its active staff managers (REMINDED_ROLES; with
 * the app config's certificateRemindersToStaffManagers also each active ROLE_STAFF holder), one of (b) with only its
 * own workers to each subcontractor whose contact has an e-mail, and, when the organization names a LINE target and
 * LINE messaging is configured, each digest pushed there; each recorded in certificate_reminders with its kind. An
 * organization already reminded for `day` is skipped, so a run taken again after a failure does not send twice.
 */
export async function sendCertificateReminders(app: FastifyInstance, day: string): Promise<Record<string, unknown>> {
  const system = systemContexts(app, CERTIFICATE_REMINDER_JOB);
  const { db, config } = system.read();
  const organizations = await activeOrganizationsToRemind(db);
  // With the app config's certificateRemindersToStaffManagers, the company-wide staff managers get every organization's digest too.
  const staffManagers = (await loadAppConfig(db)).certificateRemindersToStaffManagers ? await activeStaffManagers(db) : [];
  let reminded = 0;
  let mails = 0;
  let lines = 0;
  // SQLite answers synchronously: a turn for other requests between organizations once a slice is used up.
  const pace = eventLoopPacer();
  for (const org of organizations) {
    await pace();
    if (await remindedIn(db, org.id, day)) continue;
    const days = org.certificate_reminder_days;
    const due = await dueCertificates(db, org.id, day, days);
    const dueItems = await dueItemsToRemind(db, org.id, day, addDays(day, days));
    const ruleTitle = dueItems.length ? await ruleTitlesOf(db, org.id) : (key: string) => key;
    // One office digest per calendar its readers chose (民國 or ISO days), made when first needed.
    const offices = new Map<string, ComplianceDigest>();
    const officeFor = (calendar: string) => {
      if (!offices.has(calendar)) offices.set(calendar, complianceDigest(dueItems, day, ruleTitle, dayFormat(calendar)));
      return offices.get(calendar)!;
    };
    const office = dueItems.length ? officeFor('gregorian') : null;
    const contractors = contractorDigests(dueItems, day, ruleTitle);
    if (!due.length && !office) continue;
    const members = (await activeMembersOf(db, org.id)).filter((r) =>
      parseRoles(r.sub_account_roles)
        .filter(isSubAccountRole)
        .some((role) => (REMINDED_ROLES as readonly string[]).includes(role)),
    );
    const recipients = [...members, ...staffManagers.filter((m) => !members.some((r) => r.id === m.id))];
    const lineTarget = config.integrations.line.accessToken ? org.certificate_reminder_line_target : null;
    if (!recipients.length && !lineTarget && !contractors.length) continue;
    const expired = due.filter((c) => c.standing === 'expired').length;
    const items = due.slice(0, DIGEST_MAX_ITEMS).map((c) => {
      const left = daysBetween(day, c.expires_at!);
      const when = left < 0 ? `已過期 ${-left} 天` : left === 0 ? '今天到期' : `剩 ${left} 天`;
      return `${c.staff_name}｜${c.certificate_type}｜${c.expires_at}（${when}）`;
    });
    if (due.length > DIGEST_MAX_ITEMS) items.push(`… +${due.length - DIGEST_MAX_ITEMS}`);
    const now = new Date().toISOString();
    await system.inTransaction(async ({ trx, sendMail }) => {
      const record = (
        row: Pick<
          Insertable<CertificateRemindersTable>,
          'recipient' | 'admin_id' | 'expired_count' | 'expiring_count' | 'mail_id' | 'kind'
        >,
      ) =>
        recordReminder(trx, {
          organization_id: org.id,
          run_key: day,
          channel: 'mail',
          status: 'queued',
          error: null,
          created_at: now,
          ...row,
        });
      for (const r of recipients) {
        const name = r.name || r.email;
        if (due.length) {
          const mailId = await sendMail({
            to: r.email,
            adminId: r.id,
            template: 'certificate_expiry',
            locale: 'zh-TW',
            variables: {
              name,
              organizationName: org.name,
              count: String(due.length),
              days: String(days),
              items: items.join('\n'),
              link: `${config.publicUrl}/admin/staff?certificate_status=attention&days=${days}`,
            },
          });
          await record({
            recipient: r.email,
            admin_id: r.id,
            expired_count: expired,
            expiring_count: due.length - expired,
            mail_id: mailId,
            kind: 'certificates',
          });
          mails++;
        }
        if (office) {
          const digest = officeFor(r.date_calendar);
          const mailId = await sendMail({
            to: r.email,
            adminId: r.id,
            template: 'compliance_due',
            locale: 'zh-TW',
            variables: {
              name,
              organizationName: org.name,
              count: String(digest.count),
              days: String(days),
              items: digest.lines.join('\n'),
              link: `${config.publicUrl}${COMPLIANCE_DASHBOARD_PATH}`,
            },
          });
          await record({
            recipient: r.email,
            admin_id: r.id,
            expired_count: office.overdue,
            expiring_count: office.upcoming,
            mail_id: mailId,
            kind: 'compliance',
          });
          mails++;
        }
      }
      for (const c of contractors) {
        const mailId = await sendMail({
          to: c.email,
          template: 'compliance_due_contractor',
          locale: 'zh-TW',
          variables: {
            name: c.contact_name || c.contractor_name,
            contractorName: c.contractor_name,
            organizationName: org.name,
            count: String(c.count),
            days: String(days),
            items: c.lines.join('\n'),
          },
        });
        await record({
          recipient: c.email,
          admin_id: null,
          expired_count: c.overdue,
          expiring_count: c.upcoming,
          mail_id: mailId,
          kind: 'compliance',
        });
        mails++;
      }
    });
    if (lineTarget) {
      const pushes: { kind: 'certificates' | 'compliance'; expired_count: number; expiring_count: number; text: string[] }[] = [];
      if (due.length)
        pushes.push({
          kind: 'certificates',
          expired_count: expired,
          expiring_count: due.length - expired,
          text: [`${org.name}：${due.length} 張證照已到期或將在 ${days} 天內到期`, ...items],
        });
      if (office)
        pushes.push({
          kind: 'compliance',
          expired_count: office.overdue,
          expiring_count: office.upcoming,
          text: [`${org.name}：${office.count} 項工地法規事項已逾期、缺少紀錄或將在 ${days} 天內到期`, ...office.lines],
        });
      for (const { text, ...counts } of pushes) {
        // Outside the mails' transaction: LINE is another server; its refusal is recorded, and the other organizations go on.
        const sent = await pushLineText(config.integrations.line, lineTarget, text.join('\n').slice(0, LINE_TEXT_MAX)).then(
          () => ({ status: 'sent' as const, error: null }),
          (e: unknown) => ({ status: 'failed' as const, error: e instanceof Error ? e.message : String(e) }),
        );
        await system.inTransaction(({ trx }) =>
          recordReminder(trx, {
            organization_id: org.id,
            run_key: day,
            channel: 'line',
            recipient: lineTarget,
            admin_id: null,
            ...counts,
            mail_id: null,
            ...sent,
            created_at: new Date().toISOString(),
          }),
        );
        if (sent.status === 'sent') lines++;
      }
    }
    reminded++;
  }
  return { organizations: reminded, mails, lines };
}
