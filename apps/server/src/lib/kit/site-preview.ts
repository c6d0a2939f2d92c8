import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bo/shared/list';
import { can } from '@bo/shared/permissions';
import { contentLocale } from '@bo/shared/schemas/content';
import { siteLinkResponse } from '@bo/shared/schemas/site-link';
import { previewPath, type PreviewKind } from '@bo/shared/site-paths';
import type { ReadDb } from '../../db/database.ts';
import { adminRolesOf } from '../context/actor.ts';
import { adminIsActive } from '../admins.repository.ts';
import { forbidden, notFound } from '../errors.ts';
import { LinkSigner, signedLinkParts } from '../link-signer.ts';
import type { AdminReadContext } from '../context/request-context.ts';

/** How long a preview link opens the draft: long enough to look and share with a colleague, short enough not to become a public address. */
export const PREVIEW_TTL_SECONDS = 60 * 60;

/** The key of preview links: their own purpose, so a file link cannot open a preview or the reverse. */
export const previewSigner = (secret: string) => new LinkSigner(secret, 'bo:site-preview-link:v1');

export interface SitePreviewSpec<A> {
  kind: PreviewKind;
  /** The back office's base path of the record (`/api/admin/page`): the link is `{adminPath}/{id}/site-link`. */
  adminPath: string;
  /** Who may ask for the link, and whose link still opens the draft (an active admin holding one of them). */
  roles: readonly string[];
  tags: string[];
  /** Where the record is on the website now (its path), null when the site does not show it; notFound when there is none. */
  livePath(ctx: AdminReadContext, id: number): Promise<string | null>;
  /** The record as the public content API would answer it once published, whatever its status; null when there is none. */
  preview: (db: ReadDb, id: number, locale: z.output<typeof contentLocale>) => Promise<A | null>;
  /** The public answer's schema (the published detail's). */
  response: z.ZodType<A>;
}

/**
 * "View on the website" for one kind of site content (issue 26): the back office's
 * `GET {adminPath}/{id}/site-link` answers the public address of published content, or a signed
 * preview link (lib/link-signer.ts) of a draft, valid PREVIEW_TTL_SECONDS; the website's preview page
 * reads the draft through `GET /api/public/preview/{kind}/{id}` with that link's signature. A tampered,
 * expired or other record's link is refused (403), and so is one whose signer is no longer an active
 * admin with the roles.
 */
export function sitePreviewRoutes<A>(spec: SitePreviewSpec<A>): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signer = previewSigner(app.config.jwtSecret);
    const siteUrl = app.config.site.url;

    app.get(
      `${spec.adminPath}/:id/site-link`,
      {
        schema: {
          tags: spec.tags,
          description: `Where "view on the website" opens the ${spec.kind}: its public address when the site shows it, else a signed preview link of the draft.`,
          params: idParam,
          response: { 200: siteLinkResponse },
        },
        config: { roles: spec.roles },
      },
      async (req) => {
        const { id } = req.params;
        const live = await spec.livePath(req.read('admin'), id);
        if (live !== null) return { url: `${siteUrl}${live}`, preview: false, expires_at: null };
        const path = previewPath(spec.kind, id);
        const ttl = Math.min(PREVIEW_TTL_SECONDS, app.config.signedUrlMaxTtlSeconds);
        const { query, expires } = signer.link(path, req.actor.id, ttl);
        return { url: `${siteUrl}${path}?${query}`, preview: true, expires_at: new Date(expires * 1000).toISOString() };
      },
    );

    app.get(
      `/api/public/preview/${spec.kind}/:id`,
      {
        schema: {
          tags: ['public-content'],
          description: `A ${spec.kind} as the website would show it published, for a signed preview link (GET ${spec.adminPath}/{id}/site-link).`,
          params: idParam,
          // Read leniently: a missing or malformed part is a link that does not verify (403), not a bad request.
          querystring: z.object({ locale: contentLocale, e: z.unknown(), i: z.unknown(), s: z.unknown(), sig: z.unknown() }).partial(),
          // Typed loosely here: the route's reply type cannot see through the spec's generic schema.
          response: { 200: spec.response as z.ZodType },
        },
        config: { roles: 'public', fingerprint: false, errors: [403, 404] },
      },
      async (req, reply) => {
        const { id } = req.params;
        const { locale = 'zh-TW', ...q } = req.query;
        const parts = signedLinkParts(previewPath(spec.kind, id), q);
        if (!parts || !signer.verify(parts, q.sig as string)) throw forbidden('Invalid signature');
        if (parts.expires * 1000 <= Date.now()) throw forbidden('Link expired');
        const db = req.read('visitor').db;
        if (!(await adminIsActive(db, parts.signer)) || !can(await adminRolesOf(db, parts.signer), spec.roles))
          throw forbidden('Link revoked');
        const answer = await spec.preview(db, id, locale);
        if (answer === null) throw notFound();
        reply.header('cache-control', 'private, no-store');
        return answer;
      },
    );
  };
}
