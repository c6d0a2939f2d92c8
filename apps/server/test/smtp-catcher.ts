import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every mail received, parsed, in order. */
  mails: ParsedMail[];
  /** Every AUTH attempt the server saw (with `auth`), password included: a test checks none came in clear. */
  logins: { user: string; pass: string }[];
  /** Waits for the next mail to `to` not yet taken by `next` (resolves at once when one is waiting). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (m: ParsedMail) =>
  [m.to]
    .flat()
    .flatMap((a) => a?.value ?? [])
    .map((a) => a.address?.toLowerCase() ?? '');

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed by mailparser: the
 * tests read mails the way a mailbox would. `refuse` answers a recipient with an SMTP error (a 4xx
 * makes the sender retry, a 5xx is final), e.g. to test delivery retries.
 */
export async function startSmtpCatcher(
  opts: {
    refuse?: (to: string) => { code: number; message: string } | null;
    /** A server that wants this sign-in (AUTH PLAIN/LOGIN, over the plain connection: it offers no STARTTLS). */
    auth?: { user: string; pass: string };
    /** Listen on this port (a test that brings a "down" server back on the address the server was given). */
    port?: number;
    /** Waits this long before answering MAIL FROM, RCPT TO and the end of DATA: a slow server. */
    delayMs?: () => number;
    /** Answers the end of DATA with this error once the message is in (e.g. a 421 mid-DATA): the mail is not kept. */
    refuseData?: () => { code: number; message: string } | null;
  } = {},
): Promise<SmtpCatcher> {
  const mails: ParsedMail[] = [];
  const logins: { user: string; pass: string }[] = [];
  const taken = new Set<ParsedMail>();
  const waiters = new Set<() => void>();
  const options: SMTPServerOptions = {
    authOptional: !opts.auth,
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: !!opts.auth,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      if (auth.username === opts.auth?.user && auth.password === opts.auth?.pass) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      setTimeout(callback, opts.delayMs?.() ?? 0);
    },
    onRcptTo(address, _session, callback) {
      const delay = opts.delayMs?.() ?? 0;
      if (delay > 0) return void setTimeout(() => answerRcpt(address.address, callback), delay);
      answerRcpt(address.address, callback);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const delay = opts.delayMs?.() ?? 0;
          if (delay > 0) await new Promise((r) => setTimeout(r, delay));
          const refusal = opts.refuseData?.() ?? null;
          if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          mails.push(mail);
          for (const w of waiters) w();
          callback();
        })
        .catch(callback);
    },
  };
  function answerRcpt(to: string, callback: (err?: Error | null) => void) {
    const refusal = opts.refuse?.(to.toLowerCase()) ?? null;
    if (!refusal) return callback();
    callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
  }
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const take = (to: string) => {
    const found = mails.find((m) => !taken.has(m) && recipients(m).includes(to.toLowerCase()));
    if (found) taken.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    logins,
    next(to, timeoutMs = 10_000) {
      const ready = take(to);
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = take(to);
          if (!m) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => recipients(m).join(',')).join('; ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
