import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type Provider = 'google' | 'facebook' | 'line';
export interface FakeIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface FakeProviders {
  url: string;
  /** The server's settings pointing every provider at this stand-in. */
  env: Record<string, string>;
  /** Who the next authorizations of `provider` sign in as. */
  setIdentity(provider: Provider, identity: FakeIdentity): void;
  /** Authorization codes the token endpoint accepted (a replayed one is refused). */
  redeemed: string[];
  close(): Promise<void>;
}

const CLIENT = { id: 'stand-in-client', secret: 'stand-in-secret-0123456789abcdef' };
export const FAKE_ISSUERS = { google: 'https://accounts.google.example', line: 'https://access.line.example' } as const;

interface Grant {
  provider: Provider;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  identity: FakeIdentity;
}

/**
 * Local stand-ins for Google (OIDC: id_token RS256 with a JWKS), Facebook (Graph /me) and LINE (v2.1:
 * id_token HS256 signed with the channel secret), speaking each protocol over HTTP on loopback: the
 * authorize endpoint redirects back with a code and the state, the token endpoint checks the client,
 * the redirect URI and the PKCE verifier (S256), and a code works once.
 */
export async function startFakeProviders(): Promise<FakeProviders> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in-key', alg: 'RS256', use: 'sig' };
  const identities: Record<Provider, FakeIdentity> = {
    google: { sub: 'google-1', email: 'someone@example.com', email_verified: true, name: 'Google User' },
    facebook: { sub: 'facebook-1', email: 'someone@example.com', name: 'Facebook User' },
    line: { sub: 'U-line-1', email: 'someone@example.com', name: 'LINE User' },
  };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeIdentity>();
  const redeemed: string[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readForm = async (req: IncomingMessage) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return new URLSearchParams(raw);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, provider, step] = url.pathname.split('/') as [string, Provider, string];
    if (!['google', 'facebook', 'line'].includes(provider)) return json(res, 404, { error: 'not_found' });
    const issuer = provider === 'line' ? FAKE_ISSUERS.line : FAKE_ISSUERS.google;

    if (step === 'authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== CLIENT.id || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        provider,
        redirectUri: q.get('redirect_uri') ?? '',
        challenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce'),
        identity: { ...identities[provider] },
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (step === 'jwks') return json(res, 200, { keys: [jwk] });
    if (step === 'token' && req.method === 'POST') {
      const form = await readForm(req);
      const code = form.get('code') ?? '';
      const grant = grants.get(code);
      grants.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      if (
        !grant ||
        grant.provider !== provider ||
        form.get('client_id') !== CLIENT.id ||
        form.get('client_secret') !== CLIENT.secret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      redeemed.push(code);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.identity);
      if (provider === 'facebook') return json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600 });
      const claims = { ...grant.identity, nonce: grant.nonce ?? undefined };
      const jwt = new SignJWT(claims)
        .setIssuer(issuer)
        .setAudience(CLIENT.id)
        .setSubject(grant.identity.sub)
        .setIssuedAt()
        .setExpirationTime('10m');
      const idToken =
        provider === 'google'
          ? await jwt.setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey)
          : await jwt.setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(CLIENT.secret));
      return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, id_token: idToken });
    }
    if (step === 'me' && provider === 'facebook') {
      const who = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!who) return json(res, 401, { error: { message: 'Invalid OAuth access token' } });
      return json(res, 200, { id: who.sub, name: who.name, ...(who.email ? { email: who.email } : {}) });
    }
    return json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env: Record<string, string> = {};
  for (const p of ['google', 'facebook', 'line'] as const) {
    const P = p.toUpperCase();
    env[`${P}_CLIENT_ID`] = CLIENT.id;
    env[`${P}_CLIENT_SECRET`] = CLIENT.secret;
    env[`${P}_AUTHORIZE_URL`] = `${base}/${p}/authorize`;
    env[`${P}_TOKEN_URL`] = `${base}/${p}/token`;
  }
  env.GOOGLE_JWKS_URL = `${base}/google/jwks`;
  env.GOOGLE_ISSUER = FAKE_ISSUERS.google;
  env.FACEBOOK_ME_URL = `${base}/facebook/me`;
  env.LINE_ISSUER = FAKE_ISSUERS.line;
  return {
    url: base,
    env,
    redeemed,
    setIdentity: (provider, identity) => {
      identities[provider] = identity;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
