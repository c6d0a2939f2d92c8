import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FLOW_TTL_SECONDS } from '../lib/oauth/flows.ts';
import type { ApiAnswer } from './public-api.ts';
import { emptyForm, type FormState } from './render/forms.ts';
import {
  codeSignInPage,
  confirmPage,
  forgotPasswordPage,
  type Member,
  memberMessagePage,
  profilePage,
  resendConfirmationPage,
  resetPasswordPage,
  signInPage,
  signUpPage,
} from './render/member-pages.ts';
import type { LayoutInput } from './render/layout.ts';
import type { ProfileForms } from './render/member-account-forms.ts';
import type { MemberSession, SiteSessions } from './member-session.ts';
import { formFromAnswer, SITE_ROUTE } from './site-content.routes.ts';
import { href, localePrefix, type SiteContext } from './site-context.ts';
import { SITE_LOCALES } from './site-i18n.ts';
import { SiteNotFound, type SitePages } from './site-pages.ts';

const A = '/api/member/account';
const PROVIDER = /^(?:google|facebook|line)$/;

type Body = Record<string, string | undefined>;
type Query = Record<string, string | undefined>;
const str = (v: unknown, max = 300): string => (typeof v === 'string' ? v : '').slice(0, max);

/**
 * Member pages (issue 12): plain forms posting to these handlers, which call the member API in process
 * and keep its token in the HttpOnly `site_member` cookie (member-session.ts). Never cached. Every POST
 * carries the CSRF token (checked in site.plugin.ts before any handler runs).
 */
export function siteMemberRoutes(app: FastifyInstance, pages: SitePages, sessions: SiteSessions): void {
  const cookiePath = (req: FastifyRequest) => pages.baseOf(req) || '/';
  const renewBelowSeconds = app.config.tokenTtlSeconds / 2;
  /** Origins a sign-in page's provider buttons redirect the form to (its CSP form-action). */
  const providerOrigins = Object.values(app.config.oauth)
    .filter((p): p is NonNullable<typeof p> => p !== null)
    .map((p) => new URL(p.authorizeUrl).origin);
  /** What a page says once it queued a mail: without a mail server it cannot leave, so no page promises one (issue 42). */
  const mailed = (t: SiteContext['t'], text: string) => (app.mailer.enabled ? text : t.mailUnavailable);

  for (const locale of SITE_LOCALES) {
    const at = (path: string) => `${localePrefix(locale)}/member${path}`;

    /** The request's context; the member pages exist only while the member module is on. */
    const context = async (req: FastifyRequest): Promise<SiteContext> => {
      const ctx = await pages.context(req, locale);
      if (!ctx.settings.modules.member) throw new SiteNotFound();
      return ctx;
    };
    const show = async (
      req: FastifyRequest,
      reply: FastifyReply,
      status: number,
      page: (ctx: SiteContext, csrf: string) => LayoutInput,
    ) => {
      const ctx = await context(req);
      return pages.fresh(reply, ctx, status, page(ctx, sessions.csrfToken(req, reply, cookiePath(req))), providerOrigins);
    };
    const go = async (req: FastifyRequest, reply: FastifyReply, path: string) => reply.redirect(href(await context(req), path), 303);
    /** Opens the site's session with a token the member API answered. */
    const signedIn = async (req: FastifyRequest, reply: FastifyReply, session: MemberSession, keep: boolean) => {
      sessions.signIn(reply, cookiePath(req), session, keep);
      return go(req, reply, '/member/profile');
    };
    const sessionFrom = (res: ApiAnswer, fingerprint: string): MemberSession | null =>
      res.status === 200 && typeof res.body?.token === 'string' ? { fingerprint, token: res.body.token } : null;
    const minLength = app.config.passwordMinLength;
    const failed = (res: ApiAnswer, values: Record<string, string>, fields: string[]): FormState =>
      formFromAnswer(locale, values, res, fields, minLength);
    const statusOf = (res: ApiAnswer) => (res.status >= 500 ? 502 : res.status);
    const recaptcha = (body: Body) => (body.recaptcha ? { recaptcha: str(body.recaptcha, 4000) } : {});

    /** A page a mailed link opens: the link's token from the query, or 400 with a message when it has none. */
    const linkPage = (
      path: '/confirm' | '/reset-password',
      title: (t: SiteContext['t']) => string,
      page: (ctx: SiteContext, token: string, form: FormState, csrf: string) => LayoutInput,
    ) =>
      app.get(at(path), SITE_ROUTE, async (req, reply) => {
        const token = str((req.query as Query).token, 200);
        if (!token) {
          const ctx = await context(req);
          return pages.fresh(reply, ctx, 400, memberMessagePage(ctx, title(ctx.t), `/member${path}`, ctx.t.missingToken));
        }
        return show(req, reply, 200, (ctx, csrf) => page(ctx, token, emptyForm(), csrf));
      });

    /**
     * A page that asks for an address and has the API mail it (the reset link, the confirmation again),
     * then says it was sent: the same answer for every address.
     */
    const mailByAddress = (
      path: '/forgot-password' | '/resend-confirmation',
      call: 'send-reset-password-mail' | 'resend-confirmation',
      title: (t: SiteContext['t']) => string,
      sent: (t: SiteContext['t']) => string,
      page: (ctx: SiteContext, form: FormState, csrf: string) => LayoutInput,
    ) => {
      app.get(at(path), SITE_ROUTE, async (req, reply) => {
        if ((req.query as Query).sent) {
          const ctx = await context(req);
          return pages.fresh(
            reply,
            ctx,
            200,
            memberMessagePage(ctx, title(ctx.t), `/member${path}`, mailed(ctx.t, sent(ctx.t)), [
              [ctx.t.signIn, href(ctx, '/member/sign-in')],
            ]),
          );
        }
        return show(req, reply, 200, (ctx, csrf) => page(ctx, emptyForm(), csrf));
      });
      app.post(at(path), SITE_ROUTE, async (req, reply) => {
        const body = (req.body ?? {}) as Body;
        const email = str(body.email);
        const res = await pages
          .api(req)
          .post(`${A}/${call}`, { email, locale, ...recaptcha(body) }, { fingerprint: sessions.fingerprintFor(req) });
        if (res.status >= 200 && res.status < 300) return reply.redirect(`${href(await context(req), `/member${path}`)}?sent=1`, 303);
        if (res.status === 404) throw new SiteNotFound();
        return show(req, reply, statusOf(res), (ctx, csrf) => page(ctx, failed(res, { email }, ['email']), csrf));
      });
    };

    app.get(at(''), SITE_ROUTE, (req, reply) => go(req, reply, '/member/profile'));

    // ---- sign-in ----
    const signInForm = (req: FastifyRequest, reply: FastifyReply, form: FormState, status = 200) =>
      show(req, reply, status, (ctx, csrf) => signInPage(ctx, form, csrf, ctx.settings.oauthProviders));
    app.get(at('/sign-in'), SITE_ROUTE, async (req, reply) => {
      const q = req.query as Query;
      const ctx = await context(req);
      if (sessions.member(req) && !q.reset && !q.out) return go(req, reply, '/member/profile');
      const text = q.reset ? ctx.t.resetDone : q.out ? ctx.t.signedOut : null;
      return signInForm(req, reply, { ...emptyForm(), ...(text ? { notice: { kind: 'ok' as const, text } } : {}) });
    });
    app.post(at('/sign-in'), SITE_ROUTE, async (req, reply) => {
      const body = (req.body ?? {}) as Body;
      const values = { email: str(body.email), keep_login: body.keep_login ? '1' : '' };
      const fingerprint = sessions.fingerprintFor(req);
      const res = await pages
        .api(req)
        .post(
          `${A}/login`,
          { email: values.email, password: str(body.password, 200), keep_login: Boolean(body.keep_login), ...recaptcha(body) },
          { fingerprint },
        );
      const session = sessionFrom(res, fingerprint);
      if (session) return signedIn(req, reply, session, Boolean(body.keep_login));
      if (res.status === 404) throw new SiteNotFound();
      return signInForm(req, reply, failed(res, values, ['email', 'password']), statusOf(res));
    });

    // ---- sign-up and its confirmation link ----
    app.get(at('/sign-up'), SITE_ROUTE, async (req, reply) => {
      if ((req.query as Query).sent) {
        const ctx = await context(req);
        return pages.fresh(
          reply,
          ctx,
          200,
          memberMessagePage(ctx, ctx.t.signUp, '/member/sign-up', mailed(ctx.t, ctx.t.signUpSent), [
            [ctx.t.signIn, href(ctx, '/member/sign-in')],
            [ctx.t.resendLink, href(ctx, '/member/resend-confirmation')],
          ]),
        );
      }
      return show(req, reply, 200, (ctx, csrf) => signUpPage(ctx, emptyForm(), csrf));
    });
    app.post(at('/sign-up'), SITE_ROUTE, async (req, reply) => {
      const body = (req.body ?? {}) as Body;
      const values = { name: str(body.name, 100), email: str(body.email) };
      const res = await pages
        .api(req)
        .post(
          `${A}/sign-up`,
          { ...values, password: str(body.password, 200), locale, ...recaptcha(body) },
          { fingerprint: sessions.fingerprintFor(req) },
        );
      if (res.status >= 200 && res.status < 300) return reply.redirect(`${href(await context(req), '/member/sign-up')}?sent=1`, 303);
      if (res.status === 404) throw new SiteNotFound();
      return show(req, reply, statusOf(res), (ctx, csrf) => signUpPage(ctx, failed(res, values, ['name', 'email', 'password']), csrf));
    });

    linkPage('/confirm', (t) => t.confirmTitle, confirmPage);
    app.post(at('/confirm'), SITE_ROUTE, async (req, reply) => {
      const token = str(((req.body ?? {}) as Body).token, 200);
      const fingerprint = sessions.fingerprintFor(req);
      const res = await pages.api(req).post(`${A}/confirm`, { token }, { fingerprint });
      const session = sessionFrom(res, fingerprint);
      if (session) return signedIn(req, reply, session, false);
      if (res.status === 404) throw new SiteNotFound();
      return show(req, reply, statusOf(res), (ctx, csrf) => confirmPage(ctx, token, failed(res, {}, []), csrf));
    });

    // ---- the confirmation mail again (issue 26) ----
    mailByAddress(
      '/resend-confirmation',
      'resend-confirmation',
      (t) => t.resendTitle,
      (t) => t.resendSent,
      resendConfirmationPage,
    );

    // ---- sign-in with a code by mail ----
    app.get(at('/sign-in-code'), SITE_ROUTE, (req, reply) =>
      show(req, reply, 200, (ctx, csrf) => codeSignInPage(ctx, emptyForm(), csrf, 'email')),
    );
    app.post(at('/sign-in-code'), SITE_ROUTE, async (req, reply) => {
      const body = (req.body ?? {}) as Body;
      const email = str(body.email);
      const fingerprint = sessions.fingerprintFor(req);
      const api = pages.api(req);
      if (body.code !== undefined) {
        const res = await api.post(
          `${A}/login-via-email-otp`,
          { email, code: str(body.code, 12).trim(), locale, ...recaptcha(body) },
          { fingerprint },
        );
        const session = sessionFrom(res, fingerprint);
        if (session) return signedIn(req, reply, session, false);
        if (res.status === 404) throw new SiteNotFound();
        return show(req, reply, statusOf(res), (ctx, csrf) => codeSignInPage(ctx, failed(res, { email }, ['code']), csrf, 'code'));
      }
      const res = await api.post(`${A}/login-via-email-otp`, { email, locale, ...recaptcha(body) }, { fingerprint });
      if (res.status === 404) throw new SiteNotFound();
      if (res.status !== 200)
        return show(req, reply, statusOf(res), (ctx, csrf) => codeSignInPage(ctx, failed(res, { email }, ['email']), csrf, 'email'));
      return show(req, reply, 200, (ctx, csrf) =>
        codeSignInPage(
          ctx,
          { values: { email }, errors: {}, notice: { kind: 'ok', text: mailed(ctx.t, ctx.t.codeSent(email)) } },
          csrf,
          'code',
        ),
      );
    });

    // ---- forgotten password ----
    mailByAddress(
      '/forgot-password',
      'send-reset-password-mail',
      (t) => t.forgotTitle,
      (t) => t.resetSent,
      forgotPasswordPage,
    );
    linkPage('/reset-password', (t) => t.resetTitle, resetPasswordPage);
    app.post(at('/reset-password'), SITE_ROUTE, async (req, reply) => {
      const body = (req.body ?? {}) as Body;
      const token = str(body.token, 200);
      const res = await pages
        .api(req)
        .post(`${A}/reset-password-by-mail`, { token, password: str(body.password, 200) }, { fingerprint: sessions.fingerprintFor(req) });
      if (res.status >= 200 && res.status < 300) return reply.redirect(`${href(await context(req), '/member/sign-in')}?reset=1`, 303);
      if (res.status === 404) throw new SiteNotFound();
      return show(req, reply, statusOf(res), (ctx, csrf) => resetPasswordPage(ctx, token, failed(res, {}, ['password']), csrf));
    });

    // ---- sign-in providers ----
    app.post(at('/oauth/:provider'), SITE_ROUTE, async (req, reply) => {
      const { provider } = req.params as { provider: string };
      if (!PROVIDER.test(provider)) throw new SiteNotFound();
      // Only this browser may finish the flow: the member API binds it to the fingerprint and this cookie.
      const binding = sessions.startOAuth(reply, cookiePath(req), FLOW_TTL_SECONDS);
      const res = await pages
        .api(req)
        .post(`${A}/oauth-url/${provider}`, { browser_binding: binding }, { fingerprint: sessions.fingerprintFor(req) });
      if (res.status === 200 && typeof res.body?.url === 'string') return reply.redirect(res.body.url, 303);
      return signInForm(req, reply, failed(res, {}, []), res.status === 404 ? 404 : statusOf(res));
    });
    app.get(at('/oauth-return/:provider'), SITE_ROUTE, async (req, reply) => {
      const { provider } = req.params as { provider: string };
      const q = req.query as Query;
      if (!PROVIDER.test(provider)) throw new SiteNotFound();
      const fingerprint = sessions.fingerprintFor(req);
      const binding = sessions.takeOAuth(req, reply, cookiePath(req));
      const res = await pages
        .api(req)
        .post(
          `${A}/oauth-login/${provider}`,
          { code: str(q.code, 2000), state: str(q.state, 500), ...(binding ? { browser_binding: binding } : {}) },
          { fingerprint },
        );
      const session = sessionFrom(res, fingerprint);
      if (session) return signedIn(req, reply, session, false);
      return signInForm(req, reply, failed(res, {}, []), statusOf(res));
    });

    // ---- signed in ----
    /**
     * The signed-in member, or a redirect to the sign-in page (an expired or revoked token clears the
     * cookie). A token in the last half of a short session's token lifetime is renewed (the session
     * slides, never past its absolute end): a member who keeps using the site stays signed in.
     */
    const member = async (req: FastifyRequest, reply: FastifyReply): Promise<{ session: MemberSession; member: Member } | null> => {
      const session = sessions.member(req);
      if (!session) return null;
      const res = await pages.api(req).get(`${A}/profile`, undefined, session);
      if (res.status === 200) return { session: await renewedIfDue(req, reply, session), member: res.body };
      if (res.status === 404) throw new SiteNotFound();
      sessions.signOut(reply, cookiePath(req));
      return null;
    };
    const renewedIfDue = async (req: FastifyRequest, reply: FastifyReply, session: MemberSession): Promise<MemberSession> => {
      if (sessions.secondsLeft(session) > renewBelowSeconds) return session;
      const renewed = sessionFrom(await pages.api(req).post(`${A}/renew`, undefined, session), session.fingerprint);
      if (!renewed) return session;
      // A kept session's tokens outlive a short one's: the cookie stays as lasting as the session was.
      sessions.signIn(reply, cookiePath(req), renewed, sessions.secondsLeft(renewed) > app.config.tokenTtlSeconds);
      return renewed;
    };
    /** The profile page with its three forms; `forms` replaces the ones a handler answers for. */
    const profileShown = (req: FastifyRequest, reply: FastifyReply, me: { member: Member }, forms: Partial<ProfileForms>, status = 200) =>
      show(req, reply, status, (ctx, csrf) =>
        profilePage(
          ctx,
          me.member,
          { profile: emptyForm({ name: me.member.name }), email: emptyForm(), password: emptyForm(), ...forms },
          csrf,
        ),
      );
    /** After a change: back to the profile (POST-redirect-GET), which says what was done. */
    const backToProfile = async (req: FastifyRequest, reply: FastifyReply, done: keyof typeof DONE) =>
      reply.redirect(`${href(await context(req), '/member/profile')}?${done === 'saved' ? 'saved=1' : `done=${done}`}`, 303);
    const ok = (text: string) => ({ notice: { kind: 'ok' as const, text } });
    /** What each `done` says, in which form. */
    const DONE = {
      saved: (t: SiteContext['t']) => ({ profile: { ...emptyForm(), ...ok(t.profileSaved) } }),
      'email-sent': (t: SiteContext['t'], m: Member) => ({
        email: { ...emptyForm(), ...ok(mailed(t, t.emailChangeSent(m.pending_email?.email ?? ''))) },
      }),
      'email-changed': (t: SiteContext['t']) => ({ email: { ...emptyForm(), ...ok(t.emailChanged) } }),
      'email-cancelled': (t: SiteContext['t']) => ({ email: { ...emptyForm(), ...ok(t.emailChangeCancelled) } }),
      password: (t: SiteContext['t']) => ({ password: { ...emptyForm(), ...ok(t.passwordChanged) } }),
    };
    app.get(at('/profile'), SITE_ROUTE, async (req, reply) => {
      const me = await member(req, reply);
      if (!me) return go(req, reply, '/member/sign-in');
      const q = req.query as Query;
      const ctx = await context(req);
      const done = (q.saved === '1' ? 'saved' : q.done) as keyof typeof DONE | undefined;
      const forms: Partial<ProfileForms> = done && done in DONE ? DONE[done](ctx.t, me.member) : {};
      // The e-mail change mail's link: the code typed in for the member, who still presses the button.
      const code = str(q.email_code, 12);
      if (code && me.member.pending_email) forms.email = emptyForm({ code });
      if (forms.profile) forms.profile.values = { name: me.member.name };
      return profileShown(req, reply, me, forms);
    });
    app.post(at('/profile'), SITE_ROUTE, async (req, reply) => {
      const me = await member(req, reply);
      if (!me) return go(req, reply, '/member/sign-in');
      const name = str(((req.body ?? {}) as Body).name, 100);
      const res = await pages.api(req).put(`${A}/profile`, { name }, me.session);
      if (res.status === 200) return backToProfile(req, reply, 'saved');
      return profileShown(req, reply, me, { profile: failed(res, { name }, ['name']) }, statusOf(res));
    });
    app.post(at('/profile/email'), SITE_ROUTE, async (req, reply) => {
      const me = await member(req, reply);
      if (!me) return go(req, reply, '/member/sign-in');
      const body = (req.body ?? {}) as Body;
      const email = str(body.email, 200);
      const current = str(body.current_password, 200);
      const res = await pages.api(req).put(`${A}/email`, { email, locale, ...(current ? { current_password: current } : {}) }, me.session);
      if (res.status === 200) return backToProfile(req, reply, 'email-sent');
      return profileShown(req, reply, me, { email: failed(res, { email }, ['email', 'current_password']) }, statusOf(res));
    });
    app.post(at('/profile/email/confirm'), SITE_ROUTE, async (req, reply) => {
      const me = await member(req, reply);
      if (!me) return go(req, reply, '/member/sign-in');
      const code = str(((req.body ?? {}) as Body).code, 12).trim();
      const res = await pages.api(req).post(`${A}/email/confirm`, { code }, me.session);
      if (res.status === 200) return backToProfile(req, reply, 'email-changed');
      return profileShown(req, reply, me, { email: failed(res, {}, ['code']) }, statusOf(res));
    });
    app.post(at('/profile/email/cancel'), SITE_ROUTE, async (req, reply) => {
      const me = await member(req, reply);
      if (!me) return go(req, reply, '/member/sign-in');
      await pages.api(req).delete(`${A}/email`, me.session);
      return backToProfile(req, reply, 'email-cancelled');
    });
    app.post(at('/profile/password'), SITE_ROUTE, async (req, reply) => {
      const me = await member(req, reply);
      if (!me) return go(req, reply, '/member/sign-in');
      const body = (req.body ?? {}) as Body;
      const res = await pages
        .api(req)
        .put(`${A}/password`, { current_password: str(body.current_password, 200), password: str(body.password, 200) }, me.session);
      const renewed = sessionFrom(res, me.session.fingerprint);
      if (!renewed) return profileShown(req, reply, me, { password: failed(res, {}, ['current_password', 'password']) }, statusOf(res));
      // The old token died with the password: this browser keeps the session with the new one, as lasting as it was.
      sessions.signIn(reply, cookiePath(req), renewed, sessions.secondsLeft(renewed) > app.config.tokenTtlSeconds);
      return backToProfile(req, reply, 'password');
    });
    app.post(at('/sign-out'), SITE_ROUTE, async (req, reply) => {
      const session = sessions.member(req);
      if (session) await pages.api(req).post(`${A}/logout`, undefined, session);
      sessions.signOut(reply, cookiePath(req));
      return reply.redirect(`${href(await context(req), '/member/sign-in')}?out=1`, 303);
    });
  }
}
