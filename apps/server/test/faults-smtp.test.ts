import { afterEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/lib/mail/outbox.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';

// The fault suite's mail cases (issue 33): the SMTP server down, slow, or failing mid-DATA. The user
// sees nothing fail: the request that queued a mail is answered, the mail waits in the outbox with
// the server's reason and goes out exactly once when the server is back.
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

const until = async (check: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const outboxRow = (t: TestApp, id: number) => t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const queue = (t: TestApp, to: string) =>
  t.db
    .transaction()
    .execute((trx) => enqueueMail(trx, t.app.config, { to, template: 'sign_in_code', locale: 'en-US', variables: { code: '1' } }));
const mailsTo = (c: SmtpCatcher, to: string) => c.mails.filter((m) => JSON.stringify(m.to).includes(to)).length;
const app = async (env: Record<string, string>) => {
  const t = await createTestApp({ MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '50', MAIL_MAX_ATTEMPTS: '8', ...env });
  open.push(t);
  return t;
};
const catcher = async (opts: Parameters<typeof startSmtpCatcher>[0]) => {
  const c = await startSmtpCatcher(opts);
  open.push(c);
  return c;
};

describe('SMTP faults', () => {
  it('SMTP down: the mail waits with the connection error and goes out once when the server is back', async () => {
    const probe = await startSmtpCatcher();
    const url = probe.url;
    await probe.close();
    // Slow enough a back-off that the mail cannot use up its attempts while the server is down on a loaded machine.
    const t = await app({ SMTP_URL: url, MAIL_RETRY_BASE_MS: '200', MAIL_MAX_ATTEMPTS: '20' });
    const id = await queue(t, 'down@example.com');
    t.app.mailer.kick();
    await until(async () => (await outboxRow(t, id)).attempts >= 1);
    const waiting = await outboxRow(t, id);
    expect(waiting.status).not.toBe('sent');
    expect(waiting.last_error).toContain('ECONNREFUSED');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const back = await catcher({ port: Number(new URL(url).port) });
    await back.next('down@example.com', 30_000);
    await until(async () => (await outboxRow(t, id)).status === 'sent');
    expect(mailsTo(back, 'down@example.com')).toBe(1);
  });

  it('SMTP slow: a send slower than SMTP_TIMEOUT_MS is given up and retried, the server keeps answering, the mail goes out once', async () => {
    let delay = 2_000;
    const c = await catcher({ delayMs: () => delay });
    const t = await app({ SMTP_URL: c.url, SMTP_TIMEOUT_MS: '300' });
    const id = await queue(t, 'slow@example.com');
    t.app.mailer.kick();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await until(async () => (await outboxRow(t, id)).attempts >= 1);
    // Read once: with a short back-off the next attempt may already hold the row ('sending').
    const waiting = await outboxRow(t, id);
    expect(waiting.status).not.toBe('sent');
    expect(waiting.last_error).toMatch(/timeout|ETIMEDOUT/i);
    expect(mailsTo(c, 'slow@example.com')).toBe(0);

    delay = 0;
    await c.next('slow@example.com', 30_000);
    await until(async () => (await outboxRow(t, id)).status === 'sent');
    expect(mailsTo(c, 'slow@example.com')).toBe(1);
  });

  it('a mail being sent is held long enough for the slowest send the timeouts allow: a second worker does not take it', async () => {
    const c = await catcher({ delayMs: () => 1_000 });
    const t = await app({ SMTP_URL: c.url, SMTP_TIMEOUT_MS: '20000' });
    const id = await queue(t, 'held@example.com');
    t.app.mailer.kick();
    await until(async () => (await outboxRow(t, id)).status === 'sending');
    const row = await outboxRow(t, id);
    // Ten times SMTP_TIMEOUT_MS (200 s), more than the two minutes a fast server gets.
    expect(Date.parse(row.locked_until ?? '') - Date.now()).toBeGreaterThan(150_000);
    await c.next('held@example.com', 30_000);
    await until(async () => (await outboxRow(t, id)).status === 'sent');
    expect(mailsTo(c, 'held@example.com')).toBe(1);
  });

  it('a 421 at the end of DATA: the outbox resends once, never twice', async () => {
    let refusals = 1;
    const c = await catcher({ refuseData: () => (refusals-- > 0 ? { code: 421, message: 'Service shutting down' } : null) });
    const t = await app({ SMTP_URL: c.url });
    const id = await queue(t, 'data@example.com');
    t.app.mailer.kick();
    await c.next('data@example.com', 30_000);
    await until(async () => (await outboxRow(t, id)).status === 'sent');
    expect(await outboxRow(t, id)).toMatchObject({ attempts: 2, last_error: null });
    await t.app.mailer.drain();
    expect(mailsTo(c, 'data@example.com')).toBe(1);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'data@example.com').execute()).toHaveLength(1);
  });
});
