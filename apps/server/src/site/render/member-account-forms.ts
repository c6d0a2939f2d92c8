import { href, type SiteContext } from '../site-context.ts';
import { html, type Html } from './html.ts';
import { field, type FormState, notice, postForm } from './forms.ts';

/** The forms of the member's profile page, each with its own state (a refusal shows under the form that caused it). */
export interface ProfileForms {
  profile: FormState;
  email: FormState;
  password: FormState;
}

const TAIPEI_MINUTE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** An instant as Taipei's wall clock, YYYY-MM-DD HH:mm. */
const taipeiMinute = (iso: string) => TAIPEI_MINUTE.format(new Date(iso)).replace(',', '');

/**
 * Issue 26: the member's e-mail change. Without a pending change, the new address (and the current
 * password, when the member has one); with one, its code (prefilled from the mail's link: a button
 * still confirms, so a mail scanner opening the link changes nothing) and a cancel.
 */
export function emailChangeSection(
  ctx: SiteContext,
  member: { has_password: boolean; pending_email: { email: string; expires_at: string } | null },
  form: FormState,
  csrf: string,
): Html {
  const { t } = ctx;
  const pending = member.pending_email;
  const body = pending
    ? html`${postForm(
        ctx,
        href(ctx, '/member/profile/email/confirm'),
        csrf,
        html`${notice(form)}<div class="notice ok" role="status">${t.emailPending(pending.email, taipeiMinute(pending.expires_at))}</div>
${field(ctx, form, { name: 'code', label: t.emailCode, required: true, autocomplete: 'one-time-code', inputmode: 'numeric', maxlength: 6 })}
<div class="buttons"><button class="button" type="submit">${t.confirmEmailChange}</button></div>`,
      )}${postForm(
        ctx,
        href(ctx, '/member/profile/email/cancel'),
        csrf,
        html`<div class="buttons"><button class="button secondary" type="submit">${t.cancelEmailChange}</button></div>`,
      )}`
    : postForm(
        ctx,
        href(ctx, '/member/profile/email'),
        csrf,
        html`${notice(form)}
${field(ctx, form, { name: 'email', id: 'f-new-email', label: t.newEmail, type: 'email', required: true, autocomplete: 'email', maxlength: 200 })}
${
  member.has_password
    ? field(ctx, form, {
        name: 'current_password',
        id: 'f-email-current_password',
        label: t.currentPassword,
        type: 'password',
        required: true,
        autocomplete: 'current-password',
        secret: true,
      })
    : ''
}
<div class="buttons"><button class="button" type="submit">${t.sendEmailCode}</button></div>`,
      );
  return html`<section class="profile-section" aria-labelledby="email-change"><h2 id="email-change">${t.emailChangeTitle}</h2>${body}</section>`;
}

/** Issue 26: the member's password change, with the current one (a member without one sets it by the reset mail). */
export function passwordSection(ctx: SiteContext, member: { has_password: boolean }, form: FormState, csrf: string): Html {
  const { t } = ctx;
  if (!member.has_password) return html``;
  return html`<section class="profile-section" aria-labelledby="password-change"><h2 id="password-change">${t.passwordTitle}</h2>${postForm(
    ctx,
    href(ctx, '/member/profile/password'),
    csrf,
    html`${notice(form)}
${field(ctx, form, { name: 'current_password', label: t.currentPassword, type: 'password', required: true, autocomplete: 'current-password', secret: true })}
${field(ctx, form, { name: 'password', label: t.newPassword, type: 'password', required: true, autocomplete: 'new-password', secret: true })}
<div class="buttons"><button class="button" type="submit">${t.changePasswordButton}</button></div>`,
  )}</section>`;
}
