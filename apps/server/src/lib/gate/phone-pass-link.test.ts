import { describe, expect, it } from 'vitest';
import { LinkSigner } from '../link-signer.ts';
import { PHONE_PASS_TTL_SECONDS, PhonePassLinks } from './phone-pass-link.ts';

describe('phone pass links', () => {
  const links = new PhonePassLinks('a-secret-of-the-server');
  const now = Date.parse('2026-03-15T02:00:00Z');

  it('reads its own token back to the pass id until it expires (180 days)', () => {
    const { token, expires } = links.token(42, 7, undefined, now);
    expect(token).toMatch(/^42\.\d+\.\d+\.7\.[A-Za-z0-9_-]{43}$/);
    expect(expires).toBe(Math.floor(now / 1000) + PHONE_PASS_TTL_SECONDS);
    expect(links.read(token, now)).toBe(42);
    expect(links.read(token, now + (PHONE_PASS_TTL_SECONDS - 1) * 1000)).toBe(42);
    expect(links.read(token, expires * 1000)).toBeNull();
  });

  it('refuses a token naming another pass, a longer expiry, another key or another purpose', () => {
    const { token } = links.token(42, 7, undefined, now);
    const [, issued, expires, signer, sig] = token.split('.');
    expect(links.read(`43.${issued}.${expires}.${signer}.${sig}`, now)).toBeNull();
    expect(links.read(`42.${issued}.${Number(expires) + 1}.${signer}.${sig}`, now)).toBeNull();
    expect(links.read(`42.${issued}.${expires}.8.${sig}`, now)).toBeNull();
    expect(links.read(`${token.slice(0, -2)}AA`, now)).toBeNull();
    expect(new PhonePassLinks('another-secret').read(token, now)).toBeNull();
    // A file link's signature over the same parts opens no pass.
    const file = new LinkSigner('a-secret-of-the-server', 'bo:signed-file-link:v1');
    const forged = file.sign({ method: 'GET', path: '/pass/42', expires: Number(expires), issued: Number(issued), signer: 7, payload: '' });
    expect(links.read(`42.${issued}.${expires}.7.${forged}`, now)).toBeNull();
  });

  it('refuses malformed tokens', () => {
    for (const bad of [
      '',
      'x',
      '42',
      '42.1.2.3',
      `0.1.2.3.${'A'.repeat(43)}`,
      `42.1.2.0.${'A'.repeat(43)}`,
      `42.1.2.3.${'A'.repeat(43)}.x`,
    ])
      expect(links.read(bad, now)).toBeNull();
  });
});
