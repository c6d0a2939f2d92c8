import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long the site (and any CDN in front of it) may keep a public content read: a minute fresh,
 * then served stale for up to five while it is fetched again. A published change shows within a minute.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/**
 * Answers a public read with a strong ETag of its body and Cache-Control; 304 without a body when
 * the client's If-None-Match already holds it.
 */
export function sendPublic<T>(req: FastifyRequest, reply: FastifyReply, body: T): T | FastifyReply {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag);
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  reply.header('vary', 'accept-encoding');
  const inm = req.headers['if-none-match'];
  if (inm?.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) return reply.code(304).send();
  return body;
}

/** The text in `locale`: the en-US column when asked for and filled, else the zh-TW one. */
export const localized = (locale: string, zh: string, en: string | null): string => (locale === 'en-US' && en ? en : zh);
