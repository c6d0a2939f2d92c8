import type { SiteContext } from '../site-context.ts';
import { CSRF_FIELD } from '../member-session.ts';
import { html, type Html } from './html.ts';

/** A form as last sent: its values, each field's translated errors, a message above it (error or success). */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  notice?: { kind: 'ok' | 'bad'; text: string };
}
export const emptyForm = (values: Record<string, string> = {}): FormState => ({ values, errors: {} });

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'textarea';
  autocomplete?: string;
  required?: boolean;
  /** Shown as "(optional)" after the label. */
  optional?: boolean;
  /** Never echoed back into the form (passwords, codes). */
  secret?: boolean;
  inputmode?: string;
  maxlength?: number;
  /** The input's id when one page has two fields of this name (two forms); `f-<name>` otherwise. */
  id?: string;
}

/** A labelled field with its errors tied to it (aria-invalid, aria-describedby). */
export function field(ctx: SiteContext, form: FormState, f: FieldSpec): Html {
  const id = f.id ?? `f-${f.name}`;
  const errors = form.errors[f.name] ?? [];
  const errorId = `${id}-error`;
  const value = f.secret ? '' : (form.values[f.name] ?? '');
  const common = html`id="${id}" name="${f.name}"${f.required ? html` required` : ''}${f.autocomplete ? html` autocomplete="${f.autocomplete}"` : ''}${
    f.maxlength ? html` maxlength="${f.maxlength}"` : ''
  }${f.inputmode ? html` inputmode="${f.inputmode}"` : ''}${errors.length ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}`;
  return html`<div class="field"><label for="${id}">${f.label}${f.optional ? ctx.t.optional : ''}</label>${
    f.type === 'textarea'
      ? html`<textarea ${common} rows="6">${value}</textarea>`
      : html`<input type="${f.type ?? 'text'}" ${common} value="${value}">`
  }${errors.length ? html`<p class="error" id="${errorId}">${errors.join('、')}</p>` : ''}</div>`;
}

export const notice = (form: FormState): Html =>
  form.notice
    ? html`<div class="notice ${form.notice.kind}" role="${form.notice.kind === 'bad' ? 'alert' : 'status'}">${form.notice.text}</div>`
    : html``;

/**
 * A POST form to a site handler with its CSRF token. `recaptcha`: the API call behind it checks
 * reCAPTCHA when configured, so with a site key the form gets a hidden token field that the page's
 * script fills on submit (the page then sets `recaptcha: true` in its layout).
 */
export function postForm(ctx: SiteContext, action: string, csrf: string, body: Html, opts: { recaptcha?: boolean } = {}): Html {
  const key = opts.recaptcha ? ctx.settings.recaptchaSiteKey : null;
  return html`<form class="form" method="post" action="${action}"${key ? html` data-recaptcha="${key}"` : ''}><input type="hidden" name="${CSRF_FIELD}" value="${csrf}">${
    key ? html`<input type="hidden" name="recaptcha" value=""><noscript><p class="meta">${ctx.t.recaptchaNoScript}</p></noscript>` : ''
  }${body}</form>`;
}
