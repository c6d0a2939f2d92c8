import { createECDH, createHash, createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';

/**
 * The gate's offline snapshot signature (issue 39, docs/site-gate.md): ECDSA P-256 with SHA-256, the
 * signature in IEEE P1363 form (r||s, 64 bytes, base64url), over the UTF-8 of the snapshot's `body` text,
 * as WebCrypto's `crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, …)` checks it in the browser.
 *
 * The key pair is derived from the JWT secret, deterministically, for this purpose only: HKDF-SHA256
 * (salt and info name the purpose) gives 48 bytes, taken as a number mod (n − 1), plus 1, as the private
 * scalar (the 16 extra bytes make the bias negligible). Nothing to store or rotate by hand: every server
 * with the same secret signs with the same key, and a new secret is a new key (`key_id` changes, the gate
 * screen pins the new one on its next online load).
 */
const PURPOSE = 'bo:gate-snapshot:v1';
/** The order of P-256's base point. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

const b64u = (b: Buffer) => b.toString('base64url');

export class SnapshotSigner {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The public key as a JWK (kty, crv, x, y): what the `key` route answers and the screen pins. */
  readonly publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
  /** A short name of the key: the first 16 characters of the base64url SHA-256 of x||y. */
  readonly keyId: string;

  constructor(secret: string) {
    const okm = Buffer.from(hkdfSync('sha256', secret, PURPOSE, 'ecdsa-p256-private-scalar', 48));
    const d = (BigInt(`0x${okm.toString('hex')}`) % (N - 1n)) + 1n;
    const dBytes = Buffer.from(d.toString(16).padStart(64, '0'), 'hex');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(dBytes);
    const pub = ecdh.getPublicKey(); // 0x04 || x || y
    const x = pub.subarray(1, 33);
    const y = pub.subarray(33, 65);
    this.publicJwk = { kty: 'EC', crv: 'P-256', x: b64u(x), y: b64u(y) };
    this.privateKey = createPrivateKey({ key: { ...this.publicJwk, d: b64u(dBytes) }, format: 'jwk' });
    this.publicKey = createPublicKey({ key: this.publicJwk, format: 'jwk' });
    this.keyId = b64u(
      createHash('sha256')
        .update(Buffer.concat([x, y]))
        .digest(),
    ).slice(0, 16);
  }

  /** The signature of `text` (its UTF-8), r||s, base64url. */
  sign(text: string): string {
    return b64u(sign('sha256', Buffer.from(text, 'utf8'), { key: this.privateKey, dsaEncoding: 'ieee-p1363' }));
  }

  /** Whether `signature` is this key's over `text`. */
  verify(text: string, signature: string): boolean {
    return verify(
      'sha256',
      Buffer.from(text, 'utf8'),
      { key: this.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  }
}

const signers = new Map<string, SnapshotSigner>();
/** One signer per secret (deriving the key is a few hundred microseconds; a snapshot route should not pay it each time). */
export function snapshotSigner(secret: string): SnapshotSigner {
  let s = signers.get(secret);
  if (!s) {
    s = new SnapshotSigner(secret);
    signers.set(secret, s);
  }
  return s;
}
