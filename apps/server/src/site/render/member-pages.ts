import { href, type SiteContext } from '../site-context.ts';
import { siteDay } from '../site-i18n.ts';
import { html, type Html } from './html.ts';
import { field, type FormState, notice, postForm } from './forms.ts';
import type { LayoutInput } from './layout.ts';
import { emailChangeSection, passwordSection, type ProfileForms } from './member-account-forms.ts';

/** A member as the member API answers it. */
export interface Member {
  id: number;
  email: string;
  name: string;
  status: string;
  email_verified_at: string | null;
  has_password: boolean;
  /** Issue 26: the e-mail change waiting for its code. */
  pending_email: { email: string; expires_at: string } | null;
  created_at: string;
}

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', line: 'LINE' };

function memberPage(ctx: SiteContext, title: string, path: string, main: Html, recaptcha = false): LayoutInput {
  return {
    current: 'member',
    recaptcha,
    breadcrumbs: [{ name: ctx.t.home, path: '/' }, { name: title }],
    seo: { title, description: title, path, noindex: true },
    main: html`<div class="wrap"><div class="page-head"><h1>${title}</h1></div>${main}</div>`,
  };
}

const links = (items: [string, string][]): Html =>
  html`<ul class="links">${items.map(([text, link]) => html`<li><a href="${link}">${text}</a></li>`)}</ul>`;

export function signInPage(ctx: SiteContext, form: FormState, csrf: string, providers: string[]): LayoutInput {
  const { t } = ctx;
  const oauth = providers.length
    ? html`<p class="or">${t.orWith}</p><div class="buttons">${providers.map((p) =>
        postForm(
          ctx,
          href(ctx, `/member/oauth/${p}`),
          csrf,
          html`<button class="button secondary" type="submit">${t.signInWith(PROVIDER_NAMES[p] ?? p)}</button>`,
        ),
      )}</div>`
    : '';
  return memberPage(
    ctx,
    t.signIn,
    '/member/sign-in',
    html`${postForm(
      ctx,
      href(ctx, '/member/sign-in'),
      csrf,
      html`${notice(form)}
${field(ctx, form, { name: 'email', label: t.email, type: 'email', required: true, autocomplete: 'email' })}
${field(ctx, form, { name: 'password', label: t.password, type: 'password', required: true, autocomplete: 'current-password', secret: true })}
<div class="check"><input type="checkbox" id="f-keep_login" name="keep_login" value="1"${form.values.keep_login ? html` checked` : ''}><label for="f-keep_login">${t.keepLogin}</label></div>
<div class="buttons"><button class="button" type="submit">${t.signInButton}</button></div>`,
      { recaptcha: true },
    )}${oauth}${links([
      [t.forgotPassword, href(ctx, '/member/forgot-password')],
      [t.signInWithCode, href(ctx, '/member/sign-in-code')],
      [`${t.noAccount} ${t.signUp}`, href(ctx, '/member/sign-up')],
      [t.resendLink, href(ctx, '/member/resend-confirmation')],
    ])}`,
    true,
  );
}

export function signUpPage(ctx: SiteContext, form: FormState, csrf: string): LayoutInput {
  const { t } = ctx;
  return memberPage(
    ctx,
    t.signUp,
    '/member/sign-up',
    html`${postForm(
      ctx,
      href(ctx, '/member/sign-up'),
      csrf,
      html`${notice(form)}
${field(ctx, form, { name: 'name', label: t.name, required: true, autocomplete: 'name', maxlength: 100 })}
${field(ctx, form, { name: 'email', label: t.email, type: 'email', required: true, autocomplete: 'email' })}
${field(ctx, form, { name: 'password', label: t.password, type: 'password', required: true, autocomplete: 'new-password', secret: true })}
<div class="buttons"><button class="button" type="submit">${t.signUpButton}</button></div>`,
      { recaptcha: true },
    )}${links([[`${t.haveAccount} ${t.signInButton}`, href(ctx, '/member/sign-in')]])}`,
    true,
  );
}

/** A page that only says something (a mail was sent, a password was set). */
export function memberMessagePage(ctx: SiteContext, title: string, path: string, text: string, next: [string, string][] = []): LayoutInput {
  return memberPage(ctx, title, path, html`<div class="notice ok" role="status">${text}</div>${links(next)}`);
}

/** The link of the confirmation mail: a button, so a mail scanner opening the link confirms nothing. */
export function confirmPage(ctx: SiteContext, token: string, form: FormState, csrf: string): LayoutInput {
  const { t } = ctx;
  return memberPage(
    ctx,
    t.confirmTitle,
    '/member/confirm',
    postForm(
      ctx,
      href(ctx, '/member/confirm'),
      csrf,
      html`${notice(form)}<p>${t.confirmText}</p><input type="hidden" name="token" value="${token}"><div class="buttons"><button class="button" type="submit">${t.confirmButton}</button></div>`,
    ),
  );
}

export function codeSignInPage(ctx: SiteContext, form: FormState, csrf: string, step: 'email' | 'code'): LayoutInput {
  const { t } = ctx;
  const body =
    step === 'email'
      ? html`${notice(form)}
${field(ctx, form, { name: 'email', label: t.email, type: 'email', required: true, autocomplete: 'email' })}
<div class="buttons"><button class="button" type="submit">${t.sendCode}</button></div>`
      : html`${notice(form)}<input type="hidden" name="email" value="${form.values.email ?? ''}">
${field(ctx, form, { name: 'code', label: t.code, required: true, autocomplete: 'one-time-code', inputmode: 'numeric', secret: true, maxlength: 12 })}
<div class="buttons"><button class="button" type="submit">${t.signInButton}</button></div>`;
  return memberPage(
    ctx,
    t.signInWithCode,
    '/member/sign-in-code',
    html`${postForm(ctx, href(ctx, '/member/sign-in-code'), csrf, body, { recaptcha: true })}${links([[t.signIn, href(ctx, '/member/sign-in')]])}`,
    true,
  );
}

export function forgotPasswordPage(ctx: SiteContext, form: FormState, csrf: string): LayoutInput {
  const { t } = ctx;
  return memberPage(
    ctx,
    t.forgotTitle,
    '/member/forgot-password',
    html`<p>${t.forgotText}</p>${postForm(
      ctx,
      href(ctx, '/member/forgot-password'),
      csrf,
      html`${notice(form)}
${field(ctx, form, { name: 'email', label: t.email, type: 'email', required: true, autocomplete: 'email' })}
<div class="buttons"><button class="button" type="submit">${t.sendResetLink}</button></div>`,
      { recaptcha: true },
    )}${links([[t.signIn, href(ctx, '/member/sign-in')]])}`,
    true,
  );
}

export function resetPasswordPage(ctx: SiteContext, token: string, form: FormState, csrf: string): LayoutInput {
  const { t } = ctx;
  return memberPage(
    ctx,
    t.resetTitle,
    '/member/reset-password',
    postForm(
      ctx,
      href(ctx, '/member/reset-password'),
      csrf,
      html`${notice(form)}<input type="hidden" name="token" value="${token}">
${field(ctx, form, { name: 'password', label: t.newPassword, type: 'password', required: true, autocomplete: 'new-password', secret: true })}
<div class="buttons"><button class="button" type="submit">${t.resetButton}</button></div>`,
    ),
  );
}

export function profilePage(ctx: SiteContext, member: Member, forms: ProfileForms, csrf: string): LayoutInput {
  const { t } = ctx;
  return memberPage(
    ctx,
    t.profile,
    '/member/profile',
    html`<dl class="facts"><dt>${t.email}</dt><dd>${member.email}</dd>${
      member.email_verified_at ? html`<dt>${t.emailVerified}</dt><dd>${siteDay(member.email_verified_at)}</dd>` : ''
    }<dt>${t.memberSince}</dt><dd>${siteDay(member.created_at)}</dd></dl>
${postForm(
  ctx,
  href(ctx, '/member/profile'),
  csrf,
  html`${notice(forms.profile)}
${field(ctx, forms.profile, { name: 'name', label: t.name, required: true, autocomplete: 'name', maxlength: 100 })}
<div class="buttons"><button class="button" type="submit">${t.save}</button></div>`,
)}
${emailChangeSection(ctx, member, forms.email, csrf)}
${passwordSection(ctx, member, forms.password, csrf)}
${postForm(ctx, href(ctx, '/member/sign-out'), csrf, html`<div class="buttons"><button class="button secondary" type="submit">${t.signOut}</button></div>`)}`,
  );
}

/** Issue 26: the sign-up's confirmation mail again, for a member whose mail got lost or whose link expired. */
export function resendConfirmationPage(ctx: SiteContext, form: FormState, csrf: string): LayoutInput {
  const { t } = ctx;
  return memberPage(
    ctx,
    t.resendTitle,
    '/member/resend-confirmation',
    html`<p>${t.resendText}</p>${postForm(
      ctx,
      href(ctx, '/member/resend-confirmation'),
      csrf,
      html`${notice(form)}
${field(ctx, form, { name: 'email', label: t.email, type: 'email', required: true, autocomplete: 'email' })}
<div class="buttons"><button class="button" type="submit">${t.resendButton}</button></div>`,
      { recaptcha: true },
    )}${links([[t.signIn, href(ctx, '/member/sign-in')]])}`,
    true,
  );
}
