import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links (files, site previews): HMAC-SHA256 over method, path, expiry, issue time, signer and
 * payload, with a key derived from the JWT secret for one purpose only (a leaked link key cannot mint
 * tokens, nor links of another purpose). Links are opened outside the app: no token or fingerprint.
 */
export interface SignedLinkParts {
  method: 'GET';
  path: string;
  expires: number;
  issued: number;
  signer: number;
  /** base64url JSON or '' */
  payload: string;
}

export class LinkSigner {
  private readonly key: Buffer;

  /** `purpose` names what the links open (`bo:signed-file-link:v1`); each purpose has its own key. */
  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  sign(p: SignedLinkParts): string {
    return createHmac('sha256', this.key)
      .update([p.method, p.path, p.expires, p.issued, p.signer, p.payload].join('\n'))
      .digest('base64url');
  }

  verify(p: SignedLinkParts, sig: string): boolean {
    const expected = Buffer.from(this.sign(p));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The query string of a link to `path` signed now by `signer`, valid `ttl` seconds. */
  link(path: string, signer: number, ttl: number, payload = '', now = Date.now()): { query: string; expires: number } {
    const issued = Math.floor(now / 1000);
    const expires = issued + ttl;
    const sig = this.sign({ method: 'GET', path, expires, issued, signer, payload });
    const query = new URLSearchParams({
      e: String(expires),
      i: String(issued),
      s: String(signer),
      ...(payload ? { p: payload } : {}),
      sig,
    });
    return { query: query.toString(), expires };
  }
}

const INTEGER = /^\d{1,15}$/;
const PAYLOAD = /^[A-Za-z0-9_-]*$/;

/**
 * The parts of a link as opened (`e`, `i`, `s`, `p`, `sig` from the query), or null when one is
 * missing, repeated or malformed: such a link cannot verify and is refused like a tampered one.
 */
export function signedLinkParts(
  path: string,
  q: Partial<Record<'e' | 'i' | 's' | 'p' | 'sig', unknown>>,
  payloadMax = 0,
): SignedLinkParts | null {
  const { e, i, s, p = '', sig } = q;
  if (typeof e !== 'string' || typeof i !== 'string' || typeof s !== 'string' || typeof p !== 'string' || typeof sig !== 'string')
    return null;
  if (!INTEGER.test(e) || !INTEGER.test(i) || !INTEGER.test(s) || Number(s) < 1) return null;
  if (p.length > payloadMax || !PAYLOAD.test(p) || sig.length > 100) return null;
  return { method: 'GET', path, expires: Number(e), issued: Number(i), signer: Number(s), payload: p };
}
