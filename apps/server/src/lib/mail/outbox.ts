import type { MailLocale, MailTemplateName } from '@bo/shared/schemas/mail';
import type { Config } from '../../config.ts';
import type { ReadDb, Trx } from '../../db/database.ts';
import { APP_CONFIG_DEFAULTS } from '@bo/shared/app-config-defaults';
import { loadAppConfig } from '../app-config.ts';
import { websiteCompanyName } from '../website-identity.repository.ts';
import { secretBox } from '../secret-box.ts';
import { findTemplateOverride, insertOutboxMail, outboxStanding } from './mail.repository.ts';
import { mailLayout, renderMail, type RenderedMail } from './render.ts';
import { templateDefinition, type TemplateText } from './templates.ts';

export type { MailLocale, MailTemplateName };

export interface MailRequest {
  to: string;
  template: MailTemplateName;
  locale: MailLocale;
  variables: Record<string, string | number>;
  /** The admin the mail is for, when it is one. */
  adminId?: number | null;
  /**
   * Whose name the mail carries as `appName`: the website's company (a mail to a member of the site,
   * website settings) or, by default, the application's.
   */
  brand?: 'website' | 'app';
}

/** What sealing and opening a queued mail needs of the config. */
export type MailConfig = Pick<Config, 'jwtSecret' | 'publicUrl'>;

/** An absolute link into the web app for a mail: PUBLIC_URL, never a request's Host header. */
export const appLink = (config: Pick<Config, 'publicUrl'>, path: string): string =>
  `${config.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;

export const mailBox = (config: Pick<Config, 'jwtSecret'>) => secretBox(config.jwtSecret, 'mail');

/** The template text in force: an administrator's version when there is one, else the default. */
export async function templateText(
  db: ReadDb,
  name: MailTemplateName,
  locale: MailLocale,
): Promise<TemplateText & { customised: boolean; updated_at: string | null }> {
  const row = await findTemplateOverride(db, name, locale);
  if (row) return { subject: row.subject, html: row.html, customised: true, updated_at: row.updated_at };
  return { ...templateDefinition(name).defaults[locale], customised: false, updated_at: null };
}

/** appName and supportEmail of the application config (spec section 1), for every mail; a member's mail names the website's company. */
export async function commonValues(
  db: ReadDb,
  locale: MailLocale,
  brand: MailRequest['brand'] = 'app',
): Promise<{ appName: string; supportEmail: string }> {
  const config = await loadAppConfig(db);
  const appName = brand === 'website' ? await websiteCompanyName(db, locale) : config.appName;
  return { appName, supportEmail: config.supportEmail };
}

/** Renders a template with values (the common ones added). */
export async function renderTemplate(
  db: ReadDb,
  name: MailTemplateName,
  locale: MailLocale,
  variables: Record<string, string | number>,
  text?: TemplateText,
  brand?: MailRequest['brand'],
): Promise<RenderedMail> {
  const common = await commonValues(db, locale, brand);
  const values = Object.fromEntries(Object.entries({ ...common, ...variables }).map(([k, val]) => [k, String(val)]));
  return renderMail(text ?? (await templateText(db, name, locale)), values, mailLayout(common.appName), locale);
}

/**
 * Queues a mail (inside the caller's transaction when given one): rendered now, sealed, sent by the
 * delivery worker (delivery.ts) within about a second when SMTP_URL is set; without it the mail waits in
 * the outbox, readable on the outbox screen.
 */
export async function enqueueMail(db: Trx, config: MailConfig, mail: MailRequest): Promise<number> {
  const rendered = await renderTemplate(db, mail.template, mail.locale, mail.variables, undefined, mail.brand);
  // A member's mail comes from the company (the sender's name), at MAIL_FROM's address.
  const fromName = mail.brand === 'website' ? await websiteCompanyName(db, mail.locale) : undefined;
  // The back office's own mails are signed with the app name when MAIL_FROM is unset (senderOf).
  const appName = mail.brand === 'website' ? undefined : (await loadAppConfig(db)).appName;
  const now = new Date().toISOString();
  return insertOutboxMail(db, {
    to_address: mail.to,
    admin_id: mail.adminId ?? null,
    template: mail.template,
    locale: mail.locale,
    subject: rendered.subject,
    body: mailBox(config).seal(JSON.stringify({ html: rendered.html, text: rendered.text, fromName, appName, link: linkOf(mail) })),
    status: 'pending',
    last_error: null,
    next_attempt_at: now,
    locked_until: null,
    created_at: now,
    sent_at: null,
  });
}

/** The link a mail carries (its `link` variable: set-password, confirmation, e-mail change), kept for the outbox's copy button. */
const linkOf = (mail: MailRequest): string | undefined => (typeof mail.variables.link === 'string' ? mail.variables.link : undefined);

/** A queued mail's html and text, or null when it was sealed under another server secret. */
export function openBody(config: Pick<Config, 'jwtSecret'>, body: string): OpenedMail | null {
  const plain = mailBox(config).open(body);
  return plain === null ? null : (JSON.parse(plain) as OpenedMail);
}

/** A queued mail's sealed part: `fromName` the website company's (member mails), `appName` the app's when queued. */
export interface OpenedMail {
  html: string;
  text: string;
  fromName?: string;
  appName?: string;
  link?: string;
}

/** The address mails come from when MAIL_FROM is unset. */
export const DEFAULT_MAIL_ADDRESS = 'no-reply@localhost';

/**
 * Who a mail comes from: a member's mail names the company at MAIL_FROM's address; otherwise MAIL_FROM
 * as set, or, unset, the app name (系統設定's 後台名稱 when the mail was queued, 營造後台 by default)
 * at no-reply@localhost.
 */
export function senderOf(
  mailFrom: string | null,
  body: Pick<OpenedMail, 'fromName' | 'appName'>,
): string | { name: string; address: string } {
  if (body.fromName) return fromWithName(mailFrom ?? DEFAULT_MAIL_ADDRESS, body.fromName);
  if (mailFrom) return mailFrom;
  return { name: body.appName || APP_CONFIG_DEFAULTS.appName, address: DEFAULT_MAIL_ADDRESS };
}

/** MAIL_FROM with another sender's name (`Name <address>` or a bare address): a member's mail names the company. */
export function fromWithName(from: string, name: string): { name: string; address: string } {
  return { name, address: /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim() };
}

/**
 * Whether a mail queued now reaches its addressee (issue 26): 'smtp' when SMTP_URL is set and no mail
 * waits after a failed attempt; 'outbox' without SMTP_URL (it waits on the outbox screen); 'failing'
 * while delivery fails (a wrong password, no TLS, the server down). Only 'smtp' keeps a set-password
 * link out of the inviter's hands.
 */
export async function mailDeliverability(db: ReadDb, config: Pick<Config, 'mail'>): Promise<'smtp' | 'outbox' | 'failing'> {
  if (!config.mail.smtpUrl) return 'outbox';
  return (await outboxStanding(db)).failing ? 'failing' : 'smtp';
}

/** How the outbox is doing (GET /api/admin/mail/status): read from the outbox, so every server process agrees. */
export async function deliveryStatus(
  db: ReadDb,
): Promise<{ waiting: number; failing: boolean; reason: string | null; since: string | null }> {
  const s = await outboxStanding(db);
  return { waiting: s.waiting, failing: s.failing, reason: s.lastError, since: s.oldestRetrying };
}
