import { LinkSigner } from '../link-signer.ts';

/**
 * The worker's phone pass link (issue 39, docs/site-gate.md): the web app's `/pass/<token>` page. The token
 * is one path segment, `<passId>.<issued>.<expires>.<signer>.<signature>`, signed with lib/link-signer.ts under
 * its own purpose (a file or preview link key cannot make one, nor the reverse). It names the pass, never the
 * person; the public routes check the signature, the expiry and that the pass is still current.
 */
const PURPOSE = 'bo:phone-pass:v1';
/** How long a phone pass link opens the pass: a site's usual stay; a revoked or reissued pass closes it sooner. */
export const PHONE_PASS_TTL_SECONDS = 180 * 24 * 60 * 60;

const TOKEN = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const pathOf = (passId: number) => `/pass/${passId}`;

export class PhonePassLinks {
  private readonly signer: LinkSigner;

  constructor(secret: string) {
    this.signer = new LinkSigner(secret, PURPOSE);
  }

  /** A token for the pass, signed now by the admin `signer`, valid `ttl` seconds. */
  token(passId: number, signer: number, ttl = PHONE_PASS_TTL_SECONDS, now = Date.now()): { token: string; expires: number } {
    const issued = Math.floor(now / 1000);
    const expires = issued + ttl;
    const sig = this.signer.sign({ method: 'GET', path: pathOf(passId), expires, issued, signer, payload: '' });
    return { token: `${passId}.${issued}.${expires}.${signer}.${sig}`, expires };
  }

  /** The pass id a token opens now, or null when it is malformed, tampered with or expired. */
  read(token: string, now = Date.now()): number | null {
    const m = TOKEN.exec(token);
    if (!m) return null;
    const [passId, issued, expires, signer] = m.slice(1, 5).map(Number) as [number, number, number, number];
    if (passId < 1 || signer < 1) return null;
    const parts = { method: 'GET' as const, path: pathOf(passId), expires, issued, signer, payload: '' };
    if (!this.signer.verify(parts, m[5]!)) return null;
    if (expires * 1000 <= now) return null;
    return passId;
  }
}
