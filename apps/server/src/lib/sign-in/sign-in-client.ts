import type { FastifyRequest } from 'fastify';
import { fingerprintOf } from '../../plugins/access.ts';

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
