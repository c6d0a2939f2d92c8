import type { FastifyRequest } from 'fastify';
import { FINGERPRINT_HEADER } from '@bo/shared/messages';

/** Where a sign-in comes from: what the attempt limiter counts, the login device and the audit entry record. */
export interface SignInClient {
  ip: string;
  /** The User-Agent header, at most 500 characters; null without one. */
  userAgent: string | null;
  /** The X-Fingerprint header: a login device is one browser. */
  fingerprint: string;
}

export const signInClientOf = (req: FastifyRequest): SignInClient => ({
  ip: req.ip,
  userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
  fingerprint: fingerprintOf(req),
});

/** The X-Fingerprint header as a login device stores it. */
export const fingerprintOf = (req: FastifyRequest): string => String(req.headers[FINGERPRINT_HEADER] ?? '').slice(0, 200);
