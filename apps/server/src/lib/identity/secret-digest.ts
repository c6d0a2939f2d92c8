import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * What the database keeps of a secret sent to someone (a mailed code, a reset link, a recovery code):
 * an HMAC keyed by the server's secret (JWT_SECRET or DATA_DIR/jwt-secret) and labelled by use, so a
 * copy of the database alone cannot test the million six-digit codes, and a digest made for one use
 * never matches in another.
 */
export function digestSecret(serverSecret: string, use: string, secret: string): string {
  return createHmac('sha256', serverSecret).update(`${use}\0${secret}`).digest('base64url');
}

/** Compares a stored digest with the digest of what was typed, in constant time. */
export function sameDigest(stored: string, typed: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(typed);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A random token for a link (256 bits, URL-safe). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** A random code of `digits` decimal digits, leading zeros kept. */
export const randomDigits = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');
