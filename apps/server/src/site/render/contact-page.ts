import { href, type SiteContext } from '../site-context.ts';
import { html } from './html.ts';
import { field, type FormState, notice, postForm } from './forms.ts';
import type { LayoutInput } from './layout.ts';
import { describe } from './seo.ts';

/** The contact form (POST /api/public/contact through the site's handler); reCAPTCHA v3 when a site key is configured. */
export function contactPage(ctx: SiteContext, form: FormState, csrf: string, sent: boolean): LayoutInput {
  const { t } = ctx;
  const body = html`${notice(form)}
${field(ctx, form, { name: 'name', label: t.name, required: true, autocomplete: 'name', maxlength: 100 })}
${field(ctx, form, { name: 'email', label: t.email, type: 'email', required: true, autocomplete: 'email', maxlength: 200 })}
${field(ctx, form, { name: 'phone', label: t.phone, type: 'tel', optional: true, autocomplete: 'tel', maxlength: 30 })}
${field(ctx, form, { name: 'company', label: t.company, optional: true, autocomplete: 'organization', maxlength: 200 })}
${field(ctx, form, { name: 'message', label: t.message, type: 'textarea', required: true, maxlength: 5000 })}
<div class="buttons"><button class="button" type="submit">${t.send}</button></div>`;
  return {
    current: 'contact',
    breadcrumbs: [{ name: t.home, path: '/' }, { name: t.contact }],
    seo: { title: t.contact, description: describe(t.contactIntro, t.contact), path: '/contact', noindex: sent },
    main: html`<div class="wrap"><div class="page-head"><h1>${t.contact}</h1><p class="lead">${t.contactIntro}</p></div>
${
  sent
    ? html`<div class="notice ok" role="status">${t.contactSent}</div><p><a href="${href(ctx, '/')}">${t.backHome}</a></p>`
    : postForm(ctx, href(ctx, '/contact'), csrf, body, { recaptcha: true })
}</div>`,
    recaptcha: !sent,
  };
}
