import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PASS_CODE_PATTERN, PASS_QR_PREFIX, normalizePassCode } from '@bo/shared/schemas/gate';

/**
 * A site pass's QR text (issue 39, docs/site-gate.md): `BOP1.<code>.<serial>.<signature>`. It names the
 * pass, never the person. The signature is HMAC-SHA256 over prefix, code and serial with a key derived
 * from the JWT secret for this purpose only, cut to 16 bytes (base64url): enough that a QR cannot be made
 * up, short enough for a small, easily read code. A reissued pass has a new code and serial, so an old QR
 * names a revoked row and is refused.
 */
const PURPOSE = 'bo:site-pass:v1';
/** Crockford's base32 without I, L, O, U: nothing to misread when typed from the badge. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export class PassTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  /** A fresh printed code, XXXX-XXXX (the caller retries on the unique index's rare clash). */
  static newCode(): string {
    let s = '';
    for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    return normalizePassCode(s);
  }

  private signature(code: string, serial: number): string {
    return createHmac('sha256', this.key).update(`${PASS_QR_PREFIX}.${code}.${serial}`).digest().subarray(0, 16).toString('base64url');
  }

  /** The QR text of a pass. */
  qr(code: string, serial: number): string {
    return `${PASS_QR_PREFIX}.${code}.${serial}.${this.signature(code, serial)}`;
  }

  /**
   * What the gate read: a signed QR, or a code typed by hand. `bad` when it is neither, or when a QR's
   * signature does not match (a forged or altered QR is refused like an unknown pass).
   */
  read(text: string): { kind: 'qr'; code: string; serial: number } | { kind: 'typed'; code: string } | { kind: 'bad' } {
    const t = text.trim();
    if (t.startsWith(`${PASS_QR_PREFIX}.`)) {
      const [, code, serialText, sig, extra] = t.split('.');
      if (extra !== undefined || !code || !serialText || !sig || !/^\d{1,9}$/.test(serialText)) return { kind: 'bad' };
      const serial = Number(serialText);
      const expected = Buffer.from(this.signature(code, serial));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'bad' };
      return { kind: 'qr', code, serial };
    }
    if (PASS_CODE_PATTERN.test(t)) return { kind: 'typed', code: normalizePassCode(t) };
    return { kind: 'bad' };
  }
}
