import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed file links: HMAC-SHA256 over method, path, expiry, issue time, signer and payload, with a
 * key derived from the JWT secret for this purpose only (a leaked link key cannot mint tokens and
 * the reverse). Links are opened outside the app, so they carry no token or fingerprint.
 */
export const SIGNED_PATH_PREFIX = '/api/files/signed';

export interface SignedLinkParts {
  method: 'GET';
  /** `${SIGNED_PATH_PREFIX}/<uid>/<encoded name>` */
  path: string;
  expires: number;
  issued: number;
  signer: number;
  /** base64url JSON or '' */
  payload: string;
}

export class LinkSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('bo:signed-file-link:v1').digest();
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
}

export const signedPath = (uid: string, name: string) => `${SIGNED_PATH_PREFIX}/${uid}/${encodeURIComponent(name)}`;
