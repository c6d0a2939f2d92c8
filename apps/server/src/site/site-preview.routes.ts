import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREVIEW_KINDS, previewPath, type PreviewKind } from '@bo/shared/site-paths';
import { homePage, pageDetailPage } from './render/content-pages.ts';
import { errorPage } from './render/error-pages.ts';
import { html } from './render/html.ts';
import type { LayoutInput } from './render/layout.ts';
import { productDetailPage } from './render/product-pages.ts';
import { homeData, SITE_ROUTE } from './site-content.routes.ts';
import { localePrefix, type SiteContext } from './site-context.ts';
import { SITE_LOCALES, type SiteLocale } from './site-i18n.ts';
import { SiteNotFound, type SitePages } from './site-pages.ts';

const ID = /^\d{1,10}$/;
type Query = Record<string, string | undefined>;

/**
 * `/preview/{page|product|banner}/{id}?e&i&s&sig`: a draft as the site would show it once published,
 * for the signed link of "view on the website" (lib/kit/site-preview.ts). Read through the public
 * preview API with the link's signature, never cached, never indexed, with a notice that it is a
 * preview; a refused link (tampered, expired, its signer without the rights now) answers 403 saying so.
 */
export function sitePreviewRoutes(app: FastifyInstance, pages: SitePages): void {
  for (const locale of SITE_LOCALES) {
    app.get(`${localePrefix(locale)}/preview/:kind/:id`, SITE_ROUTE, (req, reply) => preview(req, reply, pages, locale));
  }
}

async function preview(req: FastifyRequest, reply: FastifyReply, pages: SitePages, locale: SiteLocale): Promise<FastifyReply> {
  const { kind, id } = req.params as { kind: string; id: string };
  if (!PREVIEW_KINDS.includes(kind as PreviewKind) || !ID.test(id)) throw new SiteNotFound();
  const { e, i, s, sig } = req.query as Query;
  const api = pages.api(req);
  const signed = { locale, e, i, s, sig };
  const ctx = await pages.context(req, locale);
  const path = previewPath(kind as PreviewKind, Number(id));
  // The other language's link keeps the signature (it covers the path without the locale).
  const signedPath = `${path}?${new URLSearchParams(Object.entries({ e, i, s, sig }).filter((p): p is [string, string] => !!p[1]))}`;
  const read = async (): Promise<{ status: number; input?: LayoutInput }> => {
    if (kind === 'page') {
      const res = await api.get(`/api/public/preview/page/${id}`, signed);
      return { status: res.status, input: res.status === 200 ? pageDetailPage(ctx, res.body) : undefined };
    }
    if (kind === 'product') {
      const res = await api.get(`/api/public/preview/product/${id}`, signed);
      return { status: res.status, input: res.status === 200 ? productDetailPage(ctx, res.body) : undefined };
    }
    const res = await api.get(`/api/public/preview/banner/${id}`, signed);
    if (res.status !== 200) return { status: res.status };
    // The home page as it would be with this banner first (and the live ones after it).
    const home = await homeData(api, locale);
    return { status: 200, input: homePage(ctx, { ...home, banners: [res.body, ...home.banners.filter((b) => b.id !== res.body.id)] }) };
  };
  const { status, input } = await read();
  if (status === 403) return pages.fresh(reply, ctx, 403, errorPage(ctx, 403, path, [ctx.t.previewRefusedTitle, ctx.t.previewRefusedText]));
  if (status === 404) throw new SiteNotFound();
  if (status !== 200 || !input) throw new Error(`the preview API answered ${status}`);
  return pages.fresh(reply, ctx, 200, asPreview(ctx, input, signedPath));
}

/** A preview is nobody's address: not indexed, no canonical, a notice above the content. */
const asPreview = (ctx: SiteContext, input: LayoutInput, path: string): LayoutInput => ({
  ...input,
  seo: { ...input.seo, path, noindex: true },
  main: html`<div class="wrap"><p class="notice ok preview-notice" role="status" data-preview>${ctx.t.previewNotice}</p></div>${input.main}`,
});
