import type { Generated } from 'kysely';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** Migration 0070: every mail, queued then sent by the worker (lib/mail/delivery.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  admin_id: number | null;
  template: string;
  locale: string;
  /** Plain: a template's subject may not hold a secret variable (lib/mail/templates.ts). */
  subject: string;
  /** JSON {html, text}, sealed (lib/secret-box.ts, label 'mail'). */
  body: string;
  status: MailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string;
  /** A worker's claim on a 'sending' row: past it, the row is due again (the worker died mid-send). */
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
}

/** An administrator's version of a default template in one locale. */
export interface MailTemplatesTable {
  template: string;
  locale: string;
  subject: string;
  html: string;
  updated_by: number | null;
  updated_at: string;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
  mail_templates: MailTemplatesTable;
}
