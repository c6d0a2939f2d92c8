import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { MailLocale, MailTemplateName } from '@bo/shared/schemas/mail';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { MailOutboxTable, MailStatus } from '../../db/tables/mail.ts';
import { likePattern, type ListParams } from '../list.ts';
import { paginate } from '../../db/paginate.ts';

/*
 * The mail tables' queries: templates an administrator edited (mail_templates) and the outbox the
 * delivery worker sends from (mail_outbox). Used by lib/mail (queueing, delivery) and the mail module.
 */

const OUTBOX_COLUMNS = [
  'id',
  'to_address',
  'template',
  'locale',
  'subject',
  'status',
  'attempts',
  'last_error',
  'next_attempt_at',
  'created_at',
  'sent_at',
] as const;

/** An administrator's version of a template in one locale, if any. */
export function findTemplateOverride(db: ReadDb, name: MailTemplateName, locale: MailLocale) {
  return db
    .selectFrom('mail_templates')
    .select(['subject', 'html', 'updated_at'])
    .where('template', '=', name)
    .where('locale', '=', locale)
    .executeTakeFirst();
}

/** Replaces an administrator's version of a template in one locale. */
export async function saveTemplateOverride(
  trx: Trx,
  row: { template: MailTemplateName; locale: MailLocale; subject: string; html: string; updated_by: number | null; updated_at: string },
): Promise<void> {
  await deleteTemplateOverride(trx, row.template, row.locale);
  await trx.insertInto('mail_templates').values(row).execute();
}

export async function deleteTemplateOverride(trx: Trx, name: MailTemplateName, locale: MailLocale): Promise<void> {
  await trx.deleteFrom('mail_templates').where('template', '=', name).where('locale', '=', locale).execute();
}

export async function insertOutboxMail(db: Trx, row: Insertable<MailOutboxTable>): Promise<number> {
  return (await db.insertInto('mail_outbox').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The outbox list screen's page (never the bodies). */
export function outboxPage(
  db: ReadDb,
  filter: { status?: MailStatus | undefined; template?: string | undefined; keyword?: string | undefined },
  page: ListParams,
) {
  let qb = db.selectFrom('mail_outbox').select([...OUTBOX_COLUMNS]);
  if (filter.status) qb = qb.where('status', '=', filter.status);
  if (filter.template) qb = qb.where('template', '=', filter.template);
  if (filter.keyword) qb = qb.where(sql<boolean>`lower(to_address) like ${likePattern(filter.keyword.toLowerCase())} escape '\\'`);
  return paginate(qb, page, { idColumn: 'id', sortColumns: { id: 'id', created_at: 'created_at', to_address: 'to_address' } });
}

/** One outbox row as listed. */
export function findOutboxRow(db: ReadDb, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select([...OUTBOX_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One outbox row with its sealed body. */
export function findOutboxMail(db: ReadDb, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select([...OUTBOX_COLUMNS, 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Queues a sent or failed mail again, as new. */
export async function requeueOutboxMail(trx: Trx, id: number, now: string): Promise<void> {
  await trx
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, last_error: null, next_attempt_at: now, locked_until: null, sent_at: null })
    .where('id', '=', id)
    .execute();
}

/** The mails waiting, the latest failure's reason and the oldest mail waiting after a failure. */
export async function outboxStanding(db: ReadDb) {
  const waiting = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  // A mail being retried right now ('sending') keeps its last failure: mail is still failing meanwhile.
  const retrying = db.selectFrom('mail_outbox').where('status', 'in', ['pending', 'sending']).where('last_error', 'is not', null);
  // The latest failure is the one retried last (its next attempt is the furthest away).
  const last = await retrying.select('last_error').orderBy('next_attempt_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  const oldest = await retrying.select('created_at').orderBy('created_at').executeTakeFirst();
  return { waiting: Number(waiting.n), lastError: last?.last_error ?? null, failing: !!last, oldestRetrying: oldest?.created_at ?? null };
}

/** Mails held back by a failed attempt become due now. */
export async function bringRetriesForward(db: Trx, now: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: now })
    .where('status', '=', 'pending')
    .where('attempts', '>', 0)
    .where('next_attempt_at', '>', now)
    .execute();
}

/** Due at `now`: pending and its time has come, or sending under a claim that ran out (the worker died). */
const isDue = (now: string) => (eb: ExpressionBuilder<DB, 'mail_outbox'>) =>
  eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
  ]);

export async function dueMailIds(db: ReadDb, now: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('mail_outbox').select('id').where(isDue(now)).orderBy('next_attempt_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Claims a due mail for sending until `lockedUntil`; false when another worker took it first. */
export async function claimMail(db: Trx, id: number, now: string, lockedUntil: string): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_outbox')
    .set({ status: 'sending', locked_until: lockedUntil })
    .where('id', '=', id)
    .where(isDue(now))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export function readClaimedMail(db: ReadDb, id: number) {
  return db.selectFrom('mail_outbox').select(['to_address', 'subject', 'body', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Records an attempt's outcome and lets go of the claim. */
export async function finishMail(db: Trx, id: number, set: Updateable<MailOutboxTable>): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ ...set, locked_until: null })
    .where('id', '=', id)
    .execute();
}
