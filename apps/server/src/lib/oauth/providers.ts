import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.ts';
import type { OAuthProvider } from '../../db/tables/oauth.ts';

export const OAUTH_PROVIDERS = ['google', 'facebook', 'line'] as const satisfies readonly OAuthProvider[];

/**
 * The providers admins sign in and link with: the configured ones, Google only while the app config's
 * adminGoogleLogin is on (issue 26: the switch is the server's, not only the button's).
 */
export const adminProviders = (config: Config['oauth'], adminGoogleLogin: boolean): OAuthProvider[] =>
  OAUTH_PROVIDERS.filter((p) => config[p] !== null && (p !== 'google' || adminGoogleLogin));

/** Who the provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  /** Only Google vouches for the e-mail (email_verified); LINE's and Facebook's are taken as unverified. */
  emailVerified: boolean;
  name: string | null;
}

/** The provider refused the code, or its answer did not check out: a failed sign-in, never a 500. */
export class ProviderRefusal extends Error {}

type OAuthConfig = Config['oauth'];
const SCOPES: Record<OAuthProvider, string> = {
  google: 'openid email profile',
  facebook: 'email public_profile',
  line: 'openid profile email',
};

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const jwks = (url: string) => {
  const known = jwksByUrl.get(url);
  if (known) return known;
  const set = createRemoteJWKSet(new URL(url));
  jwksByUrl.set(url, set);
  return set;
};

export const codeChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function providerSettings(config: OAuthConfig, provider: OAuthProvider) {
  return config[provider];
}

/** The provider's authorization URL: authorization code with PKCE (S256), state and (OIDC) nonce. */
export function authorizationUrl(
  config: OAuthConfig,
  provider: OAuthProvider,
  opts: { state: string; codeVerifier: string; nonce: string; redirectUri: string },
): string {
  const p = config[provider];
  if (!p) throw new ProviderRefusal(`${provider} is not configured`);
  const url = new URL(p.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: opts.redirectUri,
    scope: SCOPES[provider],
    state: opts.state,
    code_challenge: codeChallenge(opts.codeVerifier),
    code_challenge_method: 'S256',
    ...(provider === 'facebook' ? {} : { nonce: opts.nonce }),
  }).toString();
  return url.toString();
}

async function postForm(url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    throw new ProviderRefusal(`token endpoint unreachable: ${(e as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new ProviderRefusal(`token endpoint answered ${res.status} ${String(body.error ?? '')}`);
  return body;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

async function checkIdToken(token: unknown, verify: (jwt: string) => Promise<{ payload: JWTPayload }>, nonce: string): Promise<JWTPayload> {
  if (typeof token !== 'string') throw new ProviderRefusal('no id_token');
  let payload: JWTPayload;
  try {
    ({ payload } = await verify(token));
  } catch (e) {
    throw new ProviderRefusal(`id_token refused: ${(e as Error).message}`);
  }
  if (payload.nonce !== nonce) throw new ProviderRefusal('id_token nonce mismatch');
  if (!str(payload.sub)) throw new ProviderRefusal('id_token without sub');
  return payload;
}

/** Exchanges the authorization code (with the PKCE verifier) and answers the identity it proves. */
export async function exchangeCode(
  config: OAuthConfig,
  provider: OAuthProvider,
  opts: { code: string; codeVerifier: string; nonce: string; redirectUri: string },
): Promise<ProviderIdentity> {
  const form = { grant_type: 'authorization_code', code: opts.code, redirect_uri: opts.redirectUri, code_verifier: opts.codeVerifier };
  if (provider === 'google') {
    const p = config.google;
    if (!p) throw new ProviderRefusal('google is not configured');
    const tokens = await postForm(p.tokenUrl, { ...form, client_id: p.clientId, client_secret: p.clientSecret });
    const claims = await checkIdToken(
      tokens.id_token,
      (jwt) => jwtVerify(jwt, jwks(p.jwksUrl), { issuer: p.issuer, audience: p.clientId }),
      opts.nonce,
    );
    return {
      subject: String(claims.sub),
      email: str(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      name: str(claims.name),
    };
  }
  if (provider === 'line') {
    const p = config.line;
    if (!p) throw new ProviderRefusal('line is not configured');
    const tokens = await postForm(p.tokenUrl, { ...form, client_id: p.clientId, client_secret: p.clientSecret });
    // LINE signs its id_token with the channel secret (HS256).
    const key = new TextEncoder().encode(p.clientSecret);
    const claims = await checkIdToken(
      tokens.id_token,
      (jwt) => jwtVerify(jwt, key, { issuer: p.issuer, audience: p.clientId, algorithms: ['HS256'] }),
      opts.nonce,
    );
    return { subject: String(claims.sub), email: str(claims.email)?.toLowerCase() ?? null, emailVerified: false, name: str(claims.name) };
  }
  const p = config.facebook;
  if (!p) throw new ProviderRefusal('facebook is not configured');
  const tokens = await postForm(p.tokenUrl, { ...form, client_id: p.clientId, client_secret: p.clientSecret });
  const accessToken = str(tokens.access_token);
  if (!accessToken) throw new ProviderRefusal('no access_token');
  const me = new URL(p.meUrl);
  me.searchParams.set('fields', 'id,name,email');
  let res: Response;
  try {
    res = await fetch(me, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    throw new ProviderRefusal(`graph unreachable: ${(e as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || !str(body.id)) throw new ProviderRefusal(`graph answered ${res.status}`);
  return { subject: String(body.id), email: str(body.email)?.toLowerCase() ?? null, emailVerified: false, name: str(body.name) };
}
