import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HS256 JSON Web Tokens on node:crypto, for the tokens this server issues and checks on every
 * request. jose's WebCrypto HMAC runs each verification as a job on libuv's thread pool and back,
 * about a tenth of a small list request's CPU; a synchronous HMAC of a few hundred bytes costs a few
 * microseconds. Only what our tokens use is accepted: the header `{"alg":"HS256","typ":"JWT"}` (no
 * other algorithm, no `crit`), and a payload with a numeric `exp` still ahead.
 */
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface Hs256Key {
  sign(payload: object): string;
  /** The payload of a token signed with this key, not expired and not before its `nbf`; otherwise null. */
  verify(token: string, nowSeconds?: number): Record<string, unknown> | null;
}

export function hs256Key(secret: string | Uint8Array): Hs256Key {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  const mac = (signingInput: string) => createHmac('sha256', key).update(signingInput).digest();

  return {
    sign(payload) {
      const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },

    verify(token, nowSeconds = Math.floor(Date.now() / 1000)) {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return null;
      const [h, p, s] = parts as [string, string, string];
      const given = Buffer.from(s, 'base64url');
      const expected = mac(`${h}.${p}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const header = parseObject(h);
      if (header?.alg !== 'HS256' || 'crit' in header || (header.typ !== undefined && header.typ !== 'JWT')) return null;
      const payload = parseObject(p);
      if (!payload || typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
      if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) return null;
      return payload;
    },
  };
}

/**
 * A token's payload read WITHOUT checking its signature or expiry: only for a decision the API checks
 * again anyway (the website renewing a member token before it runs out). Null when malformed.
 */
export function unverifiedPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  return parts.length === 3 && SEGMENT.test(parts[1]!) ? parseObject(parts[1]!) : null;
}

function parseObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
