import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SnapshotSigner, snapshotSigner } from './snapshot-signer.ts';

/** Issue 39: the snapshot's signature verifies with WebCrypto, as the gate screen checks it. */
describe('SnapshotSigner', () => {
  const body = JSON.stringify({ site_id: 1, name: '北區工地', passes: [] });

  it('signs so that WebCrypto verifies it with the public JWK, and refuses an altered body', async () => {
    const s = new SnapshotSigner('a-secret-of-some-length-0123456789');
    const sig = s.sign(body);
    expect(Buffer.from(sig, 'base64url')).toHaveLength(64);
    const key = await webcrypto.subtle.importKey('jwk', s.publicJwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const check = (text: string) =>
      webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, Buffer.from(sig, 'base64url'), new TextEncoder().encode(text));
    expect(await check(body)).toBe(true);
    expect(await check(body.replace('北區', '南區'))).toBe(false);
    expect(s.verify(body, sig)).toBe(true);
  });

  it('derives the same key from the same secret and another from another', () => {
    const a = new SnapshotSigner('secret-one-secret-one-secret-one');
    const b = new SnapshotSigner('secret-one-secret-one-secret-one');
    const c = new SnapshotSigner('secret-two-secret-two-secret-two');
    expect(a.publicJwk).toEqual(b.publicJwk);
    expect(a.keyId).toBe(b.keyId);
    expect(c.keyId).not.toBe(a.keyId);
    expect(b.verify(body, a.sign(body))).toBe(true);
    expect(c.verify(body, a.sign(body))).toBe(false);
    expect(snapshotSigner('x-secret')).toBe(snapshotSigner('x-secret'));
  });
});
