import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that are credentials: a signed link's signature, a reset link's token, an OAuth
 * provider's authorization code and state on /oauth-return/{provider}, or a token passed by mistake.
 */
const SECRET_PARAMS = /([?&](?:sig|signature|token|access_token|id_token|password|code|state)=)[^&#]*/gi;

/**
 * A Taiwan national id or resident certificate number (a search by it puts it in the query string),
 * logged as its mask (A12****789, docs/personal-data.md "Masks").
 */
const NATIONAL_ID = /(^|[^A-Za-z0-9])([A-Za-z][A-Za-z0-9]\d)\d{4}(\d{3})(?![A-Za-z0-9])/g;

export const redactUrl = (url: string): string =>
  url
    .replace(SECRET_PARAMS, '$1[redacted]')
    .replace(NATIONAL_ID, (_m, before: string, head: string, tail: string) => `${before}${head.toUpperCase()}****${tail}`);

/** The request as logged: Fastify's default fields with credentials in the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
