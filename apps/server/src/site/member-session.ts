import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unverifiedPayload } from '../lib/hs256-jwt.ts';

/**
 * The website's cookies, all HttpOnly and SameSite=Lax (Secure when the site's address is https), scoped
 * to the site's path:
 * - `site_csrf`: a random value; every form carries HMAC(secret, value) in `_csrf` and a POST is refused
 *   unless the two match (a signed double submit: another site can neither read the cookie nor forge the
 *   token, and SameSite=Lax keeps the cookie off its cross-site POSTs anyway).
 * - `site_member`: the member API's token and the fingerprint it was issued to (the member API binds a
 *   token to its device's fingerprint, as the admin API does); a session cookie, or kept for the
 *   keep-login lifetime when the member asked to stay signed in. The browser's script never sees it.
 * - `site_oauth`: a random value set when a sign-in with a provider starts, for as long as the flow
 *   holds; the flow keeps only its digest and the provider's return is refused without it, so a
 *   return link opened in another browser signs nobody in (lib/oauth/flows.ts). Cleared at the return.
 */
export const CSRF_COOKIE = 'site_csrf';
export const MEMBER_COOKIE = 'site_member';
export const OAUTH_COOKIE = 'site_oauth';
export const CSRF_FIELD = '_csrf';

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!(name in out)) {
      try {
        out[name] = decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        /* a cookie we did not write */
      }
    }
  }
  return out;
}

function appendCookie(reply: FastifyReply, cookie: string): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  reply.header('set-cookie', [...list, cookie]);
}

export interface MemberSession {
  fingerprint: string;
  token: string;
}

export class SiteSessions {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly secure: boolean,
    private readonly keepLoginSeconds: number,
  ) {
    this.key = createHmac('sha256', secret).update('company-website-csrf').digest();
  }

  private cookie(name: string, value: string, path: string, maxAge?: number): string {
    return [
      `${name}=${encodeURIComponent(value)}`,
      `Path=${path}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
      ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
    ].join('; ');
  }

  private sign(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }

  /** The CSRF token for the forms of this response; the cookie it pairs with is set when the browser has none. */
  csrfToken(req: FastifyRequest, reply: FastifyReply, path: string): string {
    let value = parseCookies(req.headers.cookie)[CSRF_COOKIE];
    if (!value || !/^[\w-]{20,64}$/.test(value)) {
      value = randomBytes(24).toString('base64url');
      appendCookie(reply, this.cookie(CSRF_COOKIE, value, path));
    }
    return this.sign(value);
  }

  /** Whether a POST carries the token of the browser's CSRF cookie. */
  csrfValid(req: FastifyRequest, submitted: unknown): boolean {
    const value = parseCookies(req.headers.cookie)[CSRF_COOKIE];
    if (!value || typeof submitted !== 'string') return false;
    const want = Buffer.from(this.sign(value));
    const got = Buffer.from(submitted);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  member(req: FastifyRequest): MemberSession | null {
    const raw = parseCookies(req.headers.cookie)[MEMBER_COOKIE];
    const dot = raw?.indexOf('.') ?? -1;
    if (!raw || dot < 1) return null;
    const session = { fingerprint: raw.slice(0, dot), token: raw.slice(dot + 1) };
    // Only what this site writes (a fingerprint and a JWT) goes on into a header of an API call.
    return /^[\w-]{1,64}$/.test(session.fingerprint) && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(session.token) && session.token.length < 4096
      ? session
      : null;
  }

  /**
   * The fingerprint this browser's member calls send (the member API records a device per member and
   * fingerprint): the current session's, else one derived from the CSRF cookie, so signing in again in
   * the same browser session reuses its device.
   */
  fingerprintFor(req: FastifyRequest): string {
    const current = this.member(req);
    if (current) return current.fingerprint;
    const csrf = parseCookies(req.headers.cookie)[CSRF_COOKIE];
    const seed = csrf
      ? createHmac('sha256', this.key).update(`fingerprint:${csrf}`).digest('base64url')
      : randomBytes(18).toString('base64url');
    return `site-${seed.slice(0, 24)}`;
  }

  /**
   * Seconds the session's token has left, read from its payload without checking it (the member API
   * checks it on every call): only to decide when to renew it.
   */
  secondsLeft(session: MemberSession, nowSeconds = Math.floor(Date.now() / 1000)): number {
    const exp = unverifiedPayload(session.token)?.exp;
    return typeof exp === 'number' ? exp - nowSeconds : 0;
  }

  /** Starts binding a provider flow to this browser: the value to send with it, set as `site_oauth` for `seconds`. */
  startOAuth(reply: FastifyReply, path: string, seconds: number): string {
    const value = randomBytes(32).toString('base64url');
    appendCookie(reply, this.cookie(OAUTH_COOKIE, value, path, seconds));
    return value;
  }

  /** This browser's `site_oauth` value, when it has one this site could have written; the cookie is cleared. */
  takeOAuth(req: FastifyRequest, reply: FastifyReply, path: string): string | null {
    const value = parseCookies(req.headers.cookie)[OAUTH_COOKIE];
    if (value === undefined) return null;
    appendCookie(reply, this.cookie(OAUTH_COOKIE, '', path, 0));
    return /^[\w-]{20,100}$/.test(value) ? value : null;
  }

  signIn(reply: FastifyReply, path: string, session: MemberSession, keep: boolean): void {
    appendCookie(
      reply,
      this.cookie(MEMBER_COOKIE, `${session.fingerprint}.${session.token}`, path, keep ? this.keepLoginSeconds : undefined),
    );
  }

  signOut(reply: FastifyReply, path: string): void {
    appendCookie(reply, this.cookie(MEMBER_COOKIE, '', path, 0));
  }
}
