import type { FastifyBaseLogger } from 'fastify';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import type { Trx } from '../../db/database.ts';
import type { ReadContext } from '../context/request-context.ts';
import { redirectUri, takeFlow, type FlowBinding, type FlowPurpose, type FlowRefusal } from './flows.ts';
import { exchangeCode, ProviderRefusal, type ProviderIdentity } from './providers.ts';

/** What the provider sent the browser back with, and who the browser is. */
export interface ProviderReturn {
  provider: OAuthProvider;
  code: string;
  state: string;
  binding: FlowBinding;
}

export type ReturnOutcome = { ok: true; identity: ProviderIdentity } | { ok: false; refusal: FlowRefusal | 'provider_refused' };

/**
 * What taking a provider's return needs: the configuration (a context's), a logger, and the
 * caller's context's transaction the flow is used up in (committed before the code is exchanged).
 */
export type ReturnReader = Pick<ReadContext, 'config'> & {
  log: Pick<FastifyBaseLogger, 'warn'>;
  inTransaction<T>(fn: (ctx: { trx: Trx }) => Promise<T>): Promise<T>;
};

/**
 * Who the provider says the returning browser is, for every flow (admins' sign-in and linking,
 * members' sign-in): the flow `state` names, bound to the browser that started it and used up, its
 * code exchanged with the PKCE verifier and nonce. A refusal for a state that is unknown, used or
 * expired, a return in another browser (the code is then not exchanged), or a code the provider
 * refuses (logged): never a 500.
 */
export async function providerIdentityOf(
  reader: ReturnReader,
  back: ProviderReturn,
  purpose: FlowPurpose,
  adminId?: number,
): Promise<ReturnOutcome> {
  const { provider, code, state, binding } = back;
  const { config, log } = reader;
  const taking = { provider, state, purpose, binding, ...(adminId !== undefined ? { adminId } : {}) };
  const flow = await reader.inTransaction(({ trx }) => takeFlow(trx, config, taking));
  if (!flow.ok) return flow;
  try {
    const identity = await exchangeCode(config.oauth, provider, {
      code,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      redirectUri: redirectUri(config, provider, purpose),
    });
    return { ok: true, identity };
  } catch (e) {
    if (e instanceof ProviderRefusal) {
      log.warn({ provider }, `provider return refused: ${e.message}`);
      return { ok: false, refusal: 'provider_refused' };
    }
    throw e;
  }
}
