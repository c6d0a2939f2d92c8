import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { oauthProviderParam } from '@bo/shared/schemas/account';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { afterCommit, refused } from '../identity/code-tries.ts';
import { EMAIL_CHANGE_KEYS, EMAIL_CHANGE_TTL_SECONDS, emailChangeInvalid, emailChanges } from '../identity/email-change.ts';
import { CODE_RULES, oneTimeCodes } from '../identity/one-time-codes.ts';
import { paceSend } from '../identity/send-pacing.ts';
import { startFlow } from '../oauth/flows.ts';
import { hashPassword } from '../passwords.ts';
import { verifyRecaptcha } from '../recaptcha.ts';
import type { AccountRoute, AccountSide, MailedAccount, OAuthReturnBody, OAuthStartBody } from './account-side.ts';
import { emailCodeStrategy } from './email-code-strategy.ts';
import { passwordStrategy } from './password-strategy.ts';
import type { ProvenAccount } from './proven-account.ts';
import { signInClientOf } from './sign-in-client.ts';

/**
 * The account routes every principal type has, over the one sign-in pipeline (docs/sign-in.md):
 * sign-in by password, by e-mail code and by provider, the reset mail and the reset by its link, the
 * profile, renewal and sign-out, under the side's prefix. Routes only one side has stay in its module.
 */
export function accountRoutes<P extends ProvenAccount, A extends MailedAccount, Answer, ProfileBody, RenewBody>(
  app: FastifyInstance,
  side: AccountSide<P, A, Answer, ProfileBody, RenewBody>,
): void {
  const { prefix, signIn, accounts } = side;
  /** Registers `route` at the side's prefix; its schema validates the body the handler is typed with. */
  const register = <B, Q = unknown>(
    method: HTTPMethods,
    path: string,
    { description, body, response, config }: AccountRoute<B>,
    handler: (req: FastifyRequest<{ Body: B; Params: Q }>, reply: FastifyReply) => Promise<unknown>,
  ) => {
    const schema = {
      tags: side.tags,
      ...(description === undefined ? {} : { description }),
      ...(path.endsWith('/:provider') ? { params: oauthProviderParam } : {}),
      ...(body === undefined ? {} : { body }),
      response,
    };
    app.route<{ Body: B; Params: Q }>({ method, url: `${prefix}${path}`, schema, config, handler });
  };
  type ProviderParams = { provider: OAuthProvider };
  const codes = oneTimeCodes(app.config.jwtSecret);
  const providerOn = async (req: FastifyRequest, provider: OAuthProvider) => {
    if (!app.config.oauth[provider]) throw notFound();
    if (side.oauth.allowed && !(await side.oauth.allowed(req.read('visitor').db, provider))) throw notFound();
  };
  /** Mailed only to an active account; the answer and the pacing are the same for any e-mail. */
  const activeAccount = async (req: FastifyRequest, email: string) => {
    const account = await side.mailedAccount(req.read('visitor').db, email);
    return account?.status === 'active' ? account : null;
  };

  register('POST', '/login', side.password.route, async (req) =>
    side.signedIn(
      req,
      await signIn(passwordStrategy(req.read('visitor').db, accounts), {
        credentials: { email: req.body.email, password: req.body.password },
        client: signInClientOf(req),
        keepLogin: !!req.body.keep_login,
        recaptcha: { token: req.body.recaptcha },
      }),
    ),
  );

  register('POST', '/login-via-email-otp', side.emailCode.route, async (req) => {
    const { email, code, keep_login, recaptcha, locale } = req.body;
    const { emailCode } = side;
    if (code !== undefined) {
      const answer = await side.signedIn(
        req,
        // The account is looked up on the read handle; the code is tried and used in the transaction
        // that opens the session (the strategy's `spend`).
        await signIn(emailCodeStrategy(req.read('visitor').db, app.config.jwtSecret, accounts), {
          credentials: { email, code },
          client: signInClientOf(req),
          keepLogin: !!keep_login,
          recaptcha: { token: recaptcha },
        }),
      );
      return emailCode.proved ? emailCode.proved(req, answer) : answer;
    }
    const address = email.toLowerCase();
    await paceSend(app.rateLimits, { kind: emailCode.pace, email: address, ip: req.ip });
    await verifyRecaptcha(app.config, recaptcha, req.ip);
    const account = await activeAccount(req, address);
    if (account) {
      await req.write('visitor', async (ctx) => {
        const owner = emailCode.owner(account);
        const plain = await codes.issue(ctx.trx, { email: address, ...owner, purpose: emailCode.purpose, ip: req.ip });
        await ctx.sendMail({
          to: account.email,
          template: 'sign_in_code',
          locale: locale ?? 'zh-TW',
          variables: { name: emailCode.greeting(account), code: plain, expiresInMinutes: CODE_RULES.ttlSeconds / 60 },
          ...(owner.adminId === null ? { brand: 'website' as const } : { adminId: owner.adminId }),
        });
      });
    }
    return emailCode.sent;
  });

  register<OAuthStartBody, ProviderParams>('POST', '/oauth-url/:provider', side.oauth.url, async (req) => {
    const { provider } = req.params;
    await providerOn(req, provider);
    const binding = side.oauth.binding(signInClientOf(req), req.body?.browser_binding);
    const flow = { provider, purpose: side.oauth.purpose, adminId: null, binding };
    return { url: await req.write('visitor', ({ trx }) => startFlow(trx, app.config, flow)) };
  });

  register<OAuthReturnBody, ProviderParams>('POST', '/oauth-login/:provider', side.oauth.login, async (req) => {
    const { provider } = req.params;
    await providerOn(req, provider);
    const client = signInClientOf(req);
    const { code, state, browser_binding } = req.body;
    const response = await signIn(side.oauth.strategy(app, client), {
      credentials: { provider, code, state, ...(browser_binding ? { browserBinding: browser_binding } : {}) },
      client,
      keepLogin: !!req.body.keep_login,
    });
    return side.signedIn(req, response);
  });

  register('POST', '/send-reset-password-mail', side.reset.mailRoute, async (req) => {
    const email = req.body.email.toLowerCase();
    await paceSend(app.rateLimits, { kind: side.reset.pace, email, ip: req.ip });
    await verifyRecaptcha(app.config, req.body.recaptcha, req.ip);
    const account = await activeAccount(req, email);
    if (account) {
      await req.write('visitor', async (ctx) => {
        await ctx.sendMail(await side.reset.mail(ctx.trx, account, { locale: req.body.locale ?? 'zh-TW', ip: req.ip, config: ctx.config }));
        await ctx.audit({ action: 'send_reset_password_mail', target_type: accounts.type, target_id: account.id });
      });
    }
    return { sent: true as const };
  });

  register('POST', '/reset-password-by-mail', side.reset.byMailRoute, async (req, reply) => {
    if (req.body.password.length < app.config.passwordMinLength) throw badRequest({ password: [VALIDATION_KEYS.tooShort] });
    const passwordHash = await hashPassword(req.body.password);
    const link = await req.write('visitor', async (ctx) => {
      const used = await side.reset.useLink(ctx.trx, req.body.token);
      const at = new Date().toISOString();
      await side.reset.setPassword(ctx.trx, used.accountId, passwordHash, at);
      await side.sessions.closeAll(ctx.trx, used.accountId, at);
      await side.reset
        .auditAs(ctx, used.accountId, signInClientOf(req))
        .audit({ action: 'reset_password_by_mail', target_type: accounts.type, target_id: used.accountId, after: used.after });
      return used;
    });
    return side.reset.answer(reply, link);
  });

  register('GET', '/profile', side.profile.get, (req) => side.profile.view(req));

  register('PUT', '/profile', side.profile.put, async (req) => {
    await side.profile.update(req);
    return side.profile.view(req);
  });

  const ec = side.emailChange;
  const changes = emailChanges(app.config.jwtSecret, ec.purpose);
  const isTaken = () => conflict({ email: ['validate.error.unique'] });

  register('PUT', '/email', ec.start, async (req) => {
    const email = req.body.email.toLowerCase();
    const account = await ec.account(req);
    await ec.prove(req, account);
    if (email === account.email) throw badRequest({ email: [EMAIL_CHANGE_KEYS.same] });
    // Paced before anything about the address is looked up: every address is paced alike.
    await paceSend(app.rateLimits, { kind: ec.pace, email, ip: req.ip });
    if (ec.takenOnRequest === 'conflict' && (await ec.taken(req.read(ec.door).db, email, account.id))) throw isTaken();
    await req.write(ec.door, async (ctx) => {
      const code = await changes.start(ctx.trx, ec.owner(account.id), { email, ip: req.ip });
      const locale = req.body.locale ?? account.locale;
      const adminId = accounts.type === 'admin' ? { adminId: account.id } : {};
      const name = account.greeting;
      // The new address is not proven: its mail greets by the address, never with a name the account chose.
      await ctx.sendMail({
        to: email,
        template: 'email_change_code',
        locale,
        brand: ec.brand,
        variables: { name: email, newEmail: email, code, link: ec.link(code, ctx.config), expiresInMinutes: EMAIL_CHANGE_TTL_SECONDS / 60 },
        ...adminId,
      });
      // A placeholder address (a LINE or Facebook member without an e-mail) receives nothing.
      if (!account.email.endsWith('.invalid')) {
        await ctx.sendMail({
          to: account.email,
          template: 'email_change_notice',
          locale,
          brand: ec.brand,
          variables: { name, newEmail: email },
          ...adminId,
        });
      }
      await ctx.audit({ action: 'request_email_change', target_type: accounts.type, target_id: account.id, after: { email } });
    });
    return side.profile.view(req);
  });

  register('POST', '/email/confirm', ec.confirm, async (req) => {
    const account = await ec.account(req);
    const owner = ec.owner(account.id);
    // An address taken since the request keeps its code: the account cancels or asks for another address.
    const pending = await changes.pending(req.read(ec.door).db, owner);
    if (pending && (await ec.taken(req.read(ec.door).db, pending.email, account.id))) throw isTaken();
    // The code is used in the transaction that changes the address: a wrong one is committed as a try
    // and answered after; an address taken meanwhile rolls the use back and the code still works.
    await afterCommit(
      req.write(ec.door, async (ctx) => {
        const email = await changes.check(ctx.trx, owner, req.body.code);
        if (email === null) return refused(emailChangeInvalid());
        if (await ec.taken(ctx.trx, email, account.id)) throw isTaken();
        await ec.setEmail(ctx.trx, account.id, email, new Date().toISOString());
        await ctx.audit({
          action: 'change_email',
          target_type: accounts.type,
          target_id: account.id,
          before: { email: account.email },
          after: { email },
        });
      }),
    );
    return side.profile.view(req);
  });

  register('DELETE', '/email', ec.cancel, async (req) => {
    const account = await ec.account(req);
    await req.write(ec.door, async (ctx) => {
      const email = await changes.cancel(ctx.trx, ec.owner(account.id));
      if (email !== null) {
        await ctx.audit({ action: 'cancel_email_change', target_type: accounts.type, target_id: account.id, before: { email } });
      }
    });
    return side.profile.view(req);
  });

  const { renew, logout } = side.sessions;
  register(renew.method, '/renew', renew, (req) => side.sessions.renewed(req));
  register(logout.method, '/logout', logout, (req, reply) => side.sessions.close(req, reply));
}
