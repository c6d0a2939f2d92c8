import type { Config } from '../../config.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import { digestSecret, randomToken } from '../identity/secret-digest.ts';
import { secretBox } from '../secret-box.ts';
import { authorizationUrl } from './providers.ts';

/** Issue 10: a started authorization holds ten minutes. */
export const FLOW_TTL_SECONDS = 10 * 60;

type FlowConfig = Pick<Config, 'jwtSecret' | 'publicUrl' | 'oauth' | 'site'>;
export type FlowPurpose = 'sign_in' | 'link' | 'member_sign_in';

/**
 * Where the provider sends the browser back: the web's /oauth-return/{provider} (spec section 2), or
 * for a member of the website (issue 12) the site's /member/oauth-return/{provider}.
 */
export const redirectUri = (config: Pick<Config, 'publicUrl' | 'site'>, provider: OAuthProvider, purpose: FlowPurpose = 'sign_in') =>
  purpose === 'member_sign_in' ? `${config.site.url}/member/oauth-return/${provider}` : `${config.publicUrl}/oauth-return/${provider}`;

const stateDigest = (config: FlowConfig, state: string) => digestSecret(config.jwtSecret, 'oauth-state', state);
const box = (config: FlowConfig) => secretBox(config.jwtSecret, 'oauth-flow');

/** Starts an authorization: a random state (kept as a digest), PKCE verifier and nonce; answers the provider's URL. */
export async function startFlow(
  db: DbOrTrx,
  config: FlowConfig,
  opts: { provider: OAuthProvider; purpose: FlowPurpose; adminId: number | null },
): Promise<string> {
  const state = randomToken();
  const codeVerifier = randomToken();
  const nonce = randomToken();
  const now = new Date();
  await db.deleteFrom('oauth_flows').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('oauth_flows')
    .values({
      state_hash: stateDigest(config, state),
      provider: opts.provider,
      purpose: opts.purpose,
      admin_id: opts.adminId,
      secrets: box(config).seal(JSON.stringify({ codeVerifier, nonce })),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + FLOW_TTL_SECONDS * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return authorizationUrl(config.oauth, opts.provider, {
    state,
    codeVerifier,
    nonce,
    redirectUri: redirectUri(config, opts.provider, opts.purpose),
  });
}

/**
 * The flow `state` names, used up at once (a replayed state or code finds nothing): null when it is
 * unknown, used, expired, for another provider or purpose, or (linking) started by another admin.
 */
export async function takeFlow(
  db: DbOrTrx,
  config: FlowConfig,
  opts: { provider: OAuthProvider; state: string; purpose: FlowPurpose; adminId?: number },
): Promise<{ codeVerifier: string; nonce: string } | null> {
  const now = new Date().toISOString();
  const row = await db
    .selectFrom('oauth_flows')
    .select(['id', 'provider', 'purpose', 'admin_id', 'secrets', 'expires_at', 'used_at'])
    .where('state_hash', '=', stateDigest(config, opts.state))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= now || row.provider !== opts.provider || row.purpose !== opts.purpose) return null;
  if (opts.purpose === 'link' && row.admin_id !== opts.adminId) return null;
  const used = await db
    .updateTable('oauth_flows')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return null;
  const secrets = box(config).open(row.secrets);
  return secrets ? (JSON.parse(secrets) as { codeVerifier: string; nonce: string }) : null;
}
