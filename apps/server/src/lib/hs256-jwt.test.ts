import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hs256Key, unverifiedPayload } from './hs256-jwt.ts';

const SECRET = 'a-test-secret-of-thirty-two-bytes!!';
const key = hs256Key(SECRET);
const now = Math.floor(Date.now() / 1000);
const claims = { id: 7, jti: 'abc', exp: now + 600, data: { id: 1, name: '王小明' } };
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const mac = (body: string) => createHmac('sha256', SECRET).update(body).digest('base64url');
/** A token with any header and payload, signed with our secret: only the checks after the signature can refuse it. */
const signedAs = (header: unknown, payload: unknown) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${mac(body)}`;
};

describe('HS256 tokens on node:crypto', () => {
  it('verifies its own tokens and a standard library verifies them too, and the other way round', async () => {
    const token = key.sign(claims);
    expect(key.verify(token)).toEqual(claims);
    const secret = new TextEncoder().encode(SECRET);
    await expect(jwtVerify(token, secret, { algorithms: ['HS256'] })).resolves.toMatchObject({
      payload: claims,
      protectedHeader: { alg: 'HS256', typ: 'JWT' },
    });
    const byJose = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    expect(key.verify(byJose)).toEqual(claims);
    // The same bytes as jose wrote: tokens issued before the change stay valid after it.
    expect(byJose).toBe(token);
  });

  it('refuses another key, a changed payload or signature, and malformed tokens', () => {
    const token = key.sign(claims);
    const [h, , s] = token.split('.');
    expect(hs256Key('another-secret').verify(token)).toBeNull();
    expect(key.verify(`${h}.${b64({ ...claims, id: 8 })}.${s}`)).toBeNull();
    expect(key.verify(`${token.slice(0, -2)}AA`)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c.d', `${token}.`, `${h}..${s}`, `${h}.${b64(claims)}.`, token.replace('.', '.+'), `${token}=`]) {
      expect(key.verify(bad), bad).toBeNull();
    }
  });

  it('refuses alg none, any other algorithm, a crit header and a typ other than JWT, even when signed with our key', async () => {
    expect(key.verify(new UnsecuredJWT(claims).encode())).toBeNull();
    expect(key.verify(`${b64({ alg: 'none' })}.${b64(claims)}.`)).toBeNull();
    for (const header of [
      { alg: 'none' },
      { alg: 'HS512' },
      { alg: 'hs256' },
      { alg: 'HS256', crit: ['b64'], b64: false },
      { alg: 'HS256', typ: 'JWE' },
    ]) {
      expect(key.verify(signedAs(header, claims)), JSON.stringify(header)).toBeNull();
    }
    expect(key.verify(signedAs({ alg: 'HS256' }, claims))).toEqual(claims);
  });

  it('refuses a token without a numeric exp, an expired one and one before its nbf; the payload must be an object', () => {
    expect(key.verify(signedAs({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: undefined }))).toBeNull();
    expect(key.verify(signedAs({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: String(now + 600) }))).toBeNull();
    expect(key.verify(key.sign({ ...claims, exp: now }), now)).toBeNull();
    expect(key.verify(key.sign({ ...claims, exp: now + 1 }), now)).toEqual({ ...claims, exp: now + 1 });
    expect(key.verify(key.sign({ ...claims, nbf: now + 60 }), now)).toBeNull();
    expect(key.verify(key.sign({ ...claims, nbf: now }), now)).not.toBeNull();
    expect(key.verify(signedAs({ alg: 'HS256' }, [1, 2]))).toBeNull();
    const notJson = `${b64({ alg: 'HS256' })}.${Buffer.from('not json').toString('base64url')}`;
    expect(key.verify(`${notJson}.${mac(notJson)}`)).toBeNull();
  });

  it('reads a payload unverified only when the token is well formed', () => {
    expect(unverifiedPayload(hs256Key('any other key').sign(claims))).toEqual(claims);
    for (const bad of [
      '',
      'a.b',
      `${b64({ alg: 'HS256' })}.${b64([1])}.x`,
      `h.${Buffer.from('not json').toString('base64url')}.s`,
      'a.b+c.d',
    ]) {
      expect(unverifiedPayload(bad), bad).toBeNull();
    }
  });
});
