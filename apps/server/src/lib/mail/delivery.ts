import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { MailConfig } from './outbox.ts';
import { openBody, senderOf } from './outbox.ts';
import { bringRetriesForward, claimMail, dueMailIds, finishMail, readClaimedMail } from './mail.repository.ts';

/**
 * What delivery needs of the system's contexts (`systemContexts(app, 'mail-delivery')` is one): a
 * read handle and a transaction. Named by shape, not imported: lib/context queues mail through
 * outbox.ts, so mail sits below the context layer (scripts/check-queries.mjs).
 */
export interface DeliveryContexts {
  read(): { db: ReadDb };
  inTransaction<T>(fn: (ctx: { trx: Trx }) => Promise<T>): Promise<T>;
}

export interface DeliverySettings {
  smtpUrl: string | undefined;
  /** SMTP_ALLOW_PLAIN: a smtp:// server may be used without STARTTLS (a local relay); else TLS is required. */
  allowPlain: boolean;
  /** MAIL_FROM; null when unset: each mail comes from the app name at no-reply@localhost (senderOf). */
  from: string | null;
  maxAttempts: number;
  pollMs: number;
  /** The first retry waits this long, each next one twice as long, at most an hour. */
  retryBaseMs: number;
  /** SMTP_TIMEOUT_MS: the longest wait for the connection, the greeting or any one answer of the SMTP server. */
  timeoutMs: number;
}

/**
 * How long a worker holds a mail it is sending before another may take it (it died mid-send). It
 * outlasts the slowest send the timeouts allow (connection, greeting and five answers, each up to
 * SMTP_TIMEOUT_MS): a slow server must never let a second worker send the mail again.
 */
const leaseMs = (timeoutMs: number) => Math.max(2 * 60_000, 10 * timeoutMs);
const BATCH = 10;

type SmtpError = { responseCode?: number; response?: string; code?: string; message?: string };

/**
 * nodemailer's codes for a failure of the SMTP setting, not of this mail: no TLS, authentication
 * refused (535), a bad configuration. Every mail would fail alike until the setting is fixed, so the
 * mail waits with the reason and is retried with the back-off, never failed for good (and never
 * counted against MAIL_MAX_ATTEMPTS). Network failures and 4xx answers stay transient, 5xx answers
 * to this mail permanent.
 */
const SETTING_FAILURES = new Set(['ETLS', 'EAUTH', 'ENOAUTH', 'EOAUTH2', 'ECONFIG']);
const isSettingFailure = (e: unknown) => SETTING_FAILURES.has((e as SmtpError).code ?? '');

/** A refusal of this mail that will not change by retrying: a 5xx answer (unknown mailbox, refused sender, …). */
const isPermanent = (e: unknown) => {
  const code = (e as SmtpError).responseCode;
  return !isSettingFailure(e) && typeof code === 'number' && code >= 500 && code < 600;
};

/** The SMTP answer or connection error, for the outbox and the overview: what the server said, never SMTP_URL. */
const describe = (e: unknown) => {
  const err = e as SmtpError;
  const said = err.response ?? (err.code ? `${err.code}: ${err.message}` : err.message) ?? String(e);
  const why =
    err.code === 'ETLS'
      ? 'The SMTP server did not start TLS (STARTTLS): nothing was sent in clear. Fix the server, use smtps://, or set SMTP_ALLOW_PLAIN=true for a local relay. '
      : err.code === 'EAUTH' || err.code === 'ENOAUTH'
        ? "The SMTP server refused the sign-in: check SMTP_URL's user and password. "
        : '';
  return `${why}${said}`.slice(0, 500);
};

/**
 * Sends the outbox (issue 10): polls for due mails, claims each with a conditional update so two
 * processes on one database never send a mail twice, retries transient failures (4xx answers)
 * with exponential back-off up to `maxAttempts`, and marks permanent ones (a 5xx for this mail)
 * failed. Failures of the setting (no TLS, a wrong password) keep the mail waiting with its reason
 * and retry it with the same back-off (at most an hour apart) until the setting is fixed: they are
 * never the mail's fault. TLS is required unless SMTP_ALLOW_PLAIN.
 * A restart picks up pending mails, and mails a dead worker held once their lease ends. Without
 * SMTP_URL it does not run: mails wait in the outbox (the embedded default).
 * It reads and writes through the system's contexts; the claim and the finish are each their own
 * transaction with no audit entry: the outbox row is the record of a mail's delivery, and the
 * audit entry of the change that queued it was written when it was queued.
 */
export class MailDelivery {
  private transport: Transporter | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    /** The system's contexts (`systemContexts(app, 'mail-delivery')`). */
    private readonly system: DeliveryContexts,
    private readonly config: MailConfig,
    private readonly settings: DeliverySettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return !!this.settings.smtpUrl;
  }

  start(): void {
    if (!this.settings.smtpUrl || this.timer) return;
    // Loaded only when there is an SMTP server to send to: the embedded default never needs it (idle RSS, issue 15).
    const { createTransport } = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
    // requireTLS: a smtp:// server that offers no STARTTLS (or an attacker who strips it) gets no
    // password and no mail in clear; the mail waits in the outbox with the reason.
    const plain = this.settings.allowPlain && this.settings.smtpUrl.startsWith('smtp://');
    const timeouts = {
      connectionTimeout: this.settings.timeoutMs,
      greetingTimeout: this.settings.timeoutMs,
      socketTimeout: this.settings.timeoutMs,
    };
    this.transport = createTransport(
      { url: this.settings.smtpUrl, ...timeouts, ...(plain ? {} : { requireTLS: true }) },
      this.settings.from ? { from: this.settings.from } : {},
    );
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    // Mails held back by a failure (a wrong password, no TLS) are tried at once: a restart is how a
    // fixed SMTP setting takes effect, and the waiting mails then go out without waiting their back-off.
    const now = new Date().toISOString();
    void this.system
      .inTransaction(({ trx }) => bringRetriesForward(trx, now))
      .catch((e) => this.log.error({ err: e }, 'mail delivery: could not bring waiting mails forward'))
      .finally(() => this.kick());
  }

  /** Look for due mails now (after a mail was queued). */
  kick(): void {
    if (!this.transport || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((e) => this.log.error({ err: e }, 'mail delivery failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends every due mail and returns once none is left (tests; SIGTERM waits for the send in flight). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    if (this.transport && !this.stopped) await this.sendDue();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
    this.transport?.close();
    this.transport = null;
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const now = new Date().toISOString();
      const due = await dueMailIds(this.system.read().db, now, BATCH);
      if (due.length === 0) return;
      for (const id of due) {
        if (this.stopped) return;
        // The setting failed: the other mails would fail alike, they wait for the next round.
        if ((await this.sendOne(id, now)) === 'setting_failed') return;
      }
    }
  }

  private async sendOne(id: number, now: string): Promise<'setting_failed' | undefined> {
    const lockedUntil = new Date(Date.now() + leaseMs(this.settings.timeoutMs)).toISOString();
    const mail = await this.system.inTransaction(async ({ trx }) =>
      (await claimMail(trx, id, now, lockedUntil)) ? readClaimedMail(trx, id) : null,
    );
    if (!mail) return undefined;
    const attempts = mail.attempts + 1;
    const body = openBody(this.config, mail.body);
    if (!body) {
      await this.finish(id, {
        status: 'failed',
        attempts,
        last_error: 'The mail was sealed under another server secret (JWT_SECRET changed)',
      });
      return undefined;
    }
    try {
      await this.transport!.sendMail({
        to: mail.to_address,
        subject: mail.subject,
        html: body.html,
        text: body.text,
        from: senderOf(this.settings.from, body),
      });
      await this.finish(id, { status: 'sent', attempts, last_error: null, sent_at: new Date().toISOString() });
    } catch (e) {
      const last_error = describe(e);
      if (isSettingFailure(e)) this.log.warn({ mailId: id, attempts }, `mail delivery failing: ${last_error}`);
      if (isPermanent(e) || (attempts >= this.settings.maxAttempts && !isSettingFailure(e))) {
        this.log.warn({ mailId: id, attempts }, `mail not delivered: ${last_error}`);
        await this.finish(id, { status: 'failed', attempts, last_error });
      } else {
        const wait = Math.min(this.settings.retryBaseMs * 2 ** (attempts - 1), 3_600_000);
        await this.finish(id, { status: 'pending', attempts, last_error, next_attempt_at: new Date(Date.now() + wait).toISOString() });
      }
      if (isSettingFailure(e)) return 'setting_failed';
    }
  }

  private async finish(
    id: number,
    set: { status: 'sent' | 'failed' | 'pending'; attempts: number; last_error: string | null; sent_at?: string; next_attempt_at?: string },
  ): Promise<void> {
    await this.system.inTransaction(({ trx }) => finishMail(trx, id, set));
  }
}
