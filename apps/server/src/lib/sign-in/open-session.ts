import type { Config } from '../../config.ts';
import { adminActing } from '../context/principals.ts';
import type { WriteContext } from '../context/request-context.ts';
import type { Trx } from '../../db/database.ts';
import { isKnownBrowser, openLoginDevice } from './login-device.ts';
import type { ProvenAdmin } from './proven-account.ts';
import type { SessionStore } from './sign-in.ts';
import type { SignInClient } from './sign-in-client.ts';

/**
 * What opening a session needs of the app (a FastifyInstance has both). Only the token issuer's
 * shape: lib/tokens.ts sits above sign-in (it reads sign-in's principals), so sign-in does not import it.
 */
export interface SessionServices {
  tokens: { issue(trx: Trx, deviceId: number, keepLogin: boolean): Promise<string> };
  config: Pick<Config, 'sessionMaxAgeSeconds'>;
}

export interface SessionOpening {
  principal: ProvenAdmin;
  client: SignInClient;
  keepLogin: boolean;
  /**
   * Switch account: the super admin who opens this session as `principal`, in its own request's
   * context. The device records it as the impersonator, and the audit entry is the context's
   * `switch_account` instead of the principal's `login`.
   */
  switchedBy?: { adminId: number };
}

/**
 * Every session starts here, whatever proved who the principal is: the login device of this browser
 * (opened or reused, login-device.ts), its audit entry and its first token, in the caller's transaction.
 */
export async function openSession(
  ctx: WriteContext,
  services: SessionServices,
  opening: SessionOpening,
): Promise<{ token: string; deviceId: number }> {
  const { principal, client, keepLogin, switchedBy } = opening;
  const { trx } = ctx;
  const device = await openLoginDevice(trx, services.config.sessionMaxAgeSeconds, {
    principal,
    client,
    impersonatorId: switchedBy?.adminId ?? null,
    keepLogin,
  });
  if (switchedBy) {
    await ctx.audit({
      action: 'switch_account',
      target_type: 'admin',
      target_id: principal.id,
      after: { login_device_id: device.id },
    });
  } else {
    await ctx
      .actingAs(adminActing(principal.id, client), device.organizationId)
      .audit({ action: 'login', target_type: 'login_device', target_id: device.id });
  }
  return { token: await services.tokens.issue(trx, device.id, keepLogin), deviceId: device.id };
}

/** Admins' sessions for the sign-in pipeline: login devices. */
export const adminSessions = (services: SessionServices): SessionStore<ProvenAdmin> => ({
  isKnownBrowser,
  open: (ctx, opening) => openSession(ctx, services, opening),
});
