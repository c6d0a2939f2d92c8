import type { Config } from '../../config.ts';
import type { Trx } from '../../db/database.ts';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import { digestSecret, randomToken, sameDigest } from '../identity/secret-digest.ts';
import { secretBox } from '../secret-box.ts';
import { deleteFlowsExpiredBefore, flowByStateHash, insertFlow, useUpFlow } from './oauth-flows.repository.ts';
import { authorizationUrl } from './providers.ts';

/** Issue 10: a started authorization holds ten minutes. */
export const FLOW_TTL_SECONDS = 10 * 60;

type FlowConfig = Pick<Config, 'jwtSecret' | 'publicUrl' | 'oauth' | 'site'>;
export type FlowPurpose = 'sign_in' | 'link' | 'member_sign_in';

/**
 * The browser that started a flow, which alone may finish it (a login CSRF otherwise: an attacker's
 * own code and state, opened in a victim's browser, would sign the victim in as the attacker). The
 * API's callers are known by X-Fingerprint; the website adds the random value of its HttpOnly
 * `site_oauth` cookie (site/member-session.ts). Only a digest of both is kept with the flow.
 */
export interface FlowBinding {
  fingerprint: string;
  browserBinding?: string | null;
}

/** Why a return does not finish a flow: no open flow (`invalid`), or a browser other than the one that started it. */
export type FlowRefusal = 'invalid' | 'other_browser';

interface FlowSecrets {
  codeVerifier: string;
  nonce: string;
  binding: string;
}

/**
 * Where the provider sends the browser back: the web's /oauth-return/{provider} (spec section 2), or
 * for a member of the website (issue 12) the site's /member/oauth-return/{provider}.
 */
export const redirectUri = (config: Pick<Config, 'publicUrl' | 'site'>, provider: OAuthProvider, purpose: FlowPurpose = 'sign_in') =>
  purpose === 'member_sign_in' ? `${config.site.url}/member/oauth-return/${provider}` : `${config.publicUrl}/oauth-return/${provider}`;

const stateDigest = (config: FlowConfig, state: string) => digestSecret(config.jwtSecret, 'oauth-state', state);
const bindingDigest = (config: FlowConfig, b: FlowBinding) =>
  digestSecret(config.jwtSecret, 'oauth-binding', `${b.fingerprint}\0${b.browserBinding ?? ''}`);
const box = (config: FlowConfig) => secretBox(config.jwtSecret, 'oauth-flow');

/**
 * Starts an authorization: a random state (kept as a digest), PKCE verifier and nonce, and the digest
 * of the starting browser's binding (sealed with them); answers the provider's URL.
 */
export async function startFlow(
  db: Trx,
  config: FlowConfig,
  opts: { provider: OAuthProvider; purpose: FlowPurpose; adminId: number | null; binding: FlowBinding },
): Promise<string> {
  const state = randomToken();
  const codeVerifier = randomToken();
  const nonce = randomToken();
  const now = new Date();
  const secrets: FlowSecrets = { codeVerifier, nonce, binding: bindingDigest(config, opts.binding) };
  await deleteFlowsExpiredBefore(db, now.toISOString());
  await insertFlow(db, {
    state_hash: stateDigest(config, state),
    provider: opts.provider,
    purpose: opts.purpose,
    admin_id: opts.adminId,
    secrets: box(config).seal(JSON.stringify(secrets)),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + FLOW_TTL_SECONDS * 1000).toISOString(),
    used_at: null,
  });
  return authorizationUrl(config.oauth, opts.provider, {
    state,
    codeVerifier,
    nonce,
    redirectUri: redirectUri(config, opts.provider, opts.purpose),
  });
}

/**
 * The flow `state` names, used up at once (a replayed state or code finds nothing). `invalid` when it
 * is unknown, used, expired, for another provider or purpose, or (linking) started by another admin;
 * `other_browser` when the returning browser is not the one that started it. That refusal leaves the
 * flow open: a browser the attacker lured there cannot spend the flow of the browser that owns it, and
 * the attacker gains nothing by retrying (every other browser is refused the same way).
 */
export async function takeFlow(
  db: Trx,
  config: FlowConfig,
  opts: { provider: OAuthProvider; state: string; purpose: FlowPurpose; binding: FlowBinding; adminId?: number },
): Promise<{ ok: true; codeVerifier: string; nonce: string } | { ok: false; refusal: FlowRefusal }> {
  const invalid = { ok: false as const, refusal: 'invalid' as const };
  const now = new Date().toISOString();
  const row = await flowByStateHash(db, stateDigest(config, opts.state));
  if (!row || row.used_at !== null || row.expires_at <= now || row.provider !== opts.provider || row.purpose !== opts.purpose)
    return invalid;
  if (opts.purpose === 'link' && row.admin_id !== opts.adminId) return invalid;
  const opened = box(config).open(row.secrets);
  if (!opened) return invalid;
  const secrets = JSON.parse(opened) as Partial<FlowSecrets>;
  // A flow started before flows were bound has no binding: no browser can finish it.
  if (!secrets.binding || !sameDigest(secrets.binding, bindingDigest(config, opts.binding))) return { ok: false, refusal: 'other_browser' };
  if (!(await useUpFlow(db, row.id, now))) return invalid;
  return { ok: true, codeVerifier: String(secrets.codeVerifier), nonce: String(secrets.nonce) };
}
