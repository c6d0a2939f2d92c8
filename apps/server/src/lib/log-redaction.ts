import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that are credentials: a signed link's signature, a reset link's token, an OAuth
 * provider's authorization code and state on /oauth-return/{provider}, or a token passed by mistake.
 */
const SECRET_PARAMS = /([?&](?:sig|signature|token|access_token|id_token|password|code|state)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

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
