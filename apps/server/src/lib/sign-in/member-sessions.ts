import type { FastifyInstance } from 'fastify';
import type { ReadDb } from '../../db/database.ts';
import { memberActing } from '../context/principals.ts';
import { appHost, type WriteContext } from '../context/request-context.ts';
import { verifyRecaptcha } from '../recaptcha.ts';
import { setMemberLastSignIn } from '../members.repository.ts';
import { attemptLimiter } from './attempt-limiter.ts';
import { insertMemberDevice, memberDeviceIn, updateMemberDevice } from '../devices/member-devices.repository.ts';
import type { ProvenMember } from './proven-account.ts';
import { createSignIn, type SessionStore, type SignIn } from './sign-in.ts';
import type { SignInClient } from './sign-in-client.ts';

/**
 * Opens a member's session on the member device of this browser (one row per member and
 * X-Fingerprint, reused by a new sign-in, which lifts a logout and starts a new session), with its
 * audit entry (as the member) and first token, in the caller's transaction.
 */
export async function openMemberSession(
  ctx: WriteContext,
  app: Pick<FastifyInstance, 'tokens' | 'config'>,
  opening: { principal: ProvenMember; client: SignInClient; keepLogin: boolean; method?: string },
): Promise<{ token: string; deviceId: number }> {
  const { principal, client, keepLogin } = opening;
  const { trx } = ctx;
  const nowMs = Date.now();
  const t = new Date(nowMs).toISOString();
  const maxAge = app.config.sessionMaxAgeSeconds;
  const session = {
    user_agent: client.userAgent ?? '',
    ip: client.ip,
    keep_login: keepLogin ? 1 : 0,
    signed_in_at: t,
    session_expires_at: new Date(nowMs + (keepLogin ? maxAge.keepLogin : maxAge.short) * 1000).toISOString(),
    token_id: null,
    last_seen_at: t,
    revoked_at: null,
  };
  let deviceId = await memberDeviceIn(trx, principal.id, client.fingerprint);
  if (deviceId !== null) await updateMemberDevice(trx, deviceId, session);
  else deviceId = await insertMemberDevice(trx, { member_id: principal.id, fingerprint: client.fingerprint, created_at: t, ...session });
  await setMemberLastSignIn(trx, principal.id, t);
  await ctx.actingAs(memberActing(principal.id, client)).audit({
    action: 'login',
    target_type: 'member',
    target_id: principal.id,
    after: { member_device_id: deviceId, ...(opening.method ? { method: opening.method } : {}) },
  });
  return { token: await app.tokens.issueMember(trx, deviceId), deviceId };
}

const isKnownMemberBrowser = async (db: ReadDb, principal: ProvenMember, fingerprint: string) =>
  (await memberDeviceIn(db, principal.id, fingerprint)) !== null;

export const memberSessions = (app: FastifyInstance): SessionStore<ProvenMember> => ({
  isKnownBrowser: isKnownMemberBrowser,
  open: (ctx, opening) => openMemberSession(ctx, app, opening),
});

/**
 * Member sign-in as the app wires it: the same pipeline as admins' (attempt limiter, reCAPTCHA, the
 * strategy, failure audit), member devices for sessions, and no second factor (members have none).
 */
export const memberSignIn = (app: FastifyInstance): SignIn<ProvenMember> =>
  createSignIn({
    host: appHost(app),
    limiter: attemptLimiter(app),
    verifyRecaptcha: (token, ip) => verifyRecaptcha(app.config, token, ip),
    sessions: memberSessions(app),
    secondFactor: async () => null,
  });
