import { href, type SiteContext } from '../site-context.ts';
import { html } from './html.ts';
import type { LayoutInput } from './layout.ts';

/**
 * The site's answer for a path, slug or category it does not have (404) or a request it cannot serve;
 * `words` (title, text) when the page says more than its status (a refused preview link).
 */
export function errorPage(ctx: SiteContext, status: number, path: string, words?: [string, string]): LayoutInput {
  const { t } = ctx;
  const [title, text] =
    words ??
    (status === 404 ? [t.notFoundTitle, t.notFoundText] : status === 403 ? [t.csrfTitle, t.csrfText] : [t.errorTitle, t.errorText]);
  return {
    seo: { title, description: text, path, noindex: true },
    main: html`<div class="wrap"><div class="page-head"><h1>${title}</h1><p class="lead">${text}</p></div><p><a class="button" href="${href(
      ctx,
      '/',
    )}">${t.backHome}</a></p></div>`,
  };
}
