import { MAX_ROW_ID } from '@bo/shared/list';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@bo/shared/permissions';
import { FINGERPRINT_HEADER, MESSAGES } from '@bo/shared/messages';
import { actInOrganization, loadActorForDevice, type Actor, type DeviceActor } from '../lib/actor.ts';
import { AppError, invalidToken, permissionDenied } from '../lib/errors.ts';
import { writeAudit, type AuditEntry, type AuditWho } from '../lib/audit.ts';
import type { Trx } from '../db/database.ts';

export type RouteRoles = 'public' | readonly string[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required roles (spec section 6): 'public', [] for any signed-in admin, or role names for `can`. */
    roles?: RouteRoles;
    /** Organization-scoped: the request must act in an organization the actor belongs to. */
    organization?: boolean;
    /**
     * The route's `organization_id` parameter filters what it lists (audit log, admins), so it does not
     * switch the organization the request acts in, and may name an organization deleted since.
     */
    organizationIdIsFilter?: boolean;
    /**
     * Callable by an admin who still has an initial password (sign-out, renew, profile, the password
     * change itself, the organization list); every other route answers 403 until it is changed.
     */
    beforePasswordChange?: boolean;
    /** Set false only for links opened outside the app (signed file links, docs). */
    fingerprint?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    inTransaction<T>(fn: (ctx: RequestContext) => Promise<T>): Promise<T>;
    auditWho(): AuditWho;
  }
}

/** What a mutation needs: the transaction, who acts, and an audit writer bound to both. */
export interface RequestContext {
  trx: Trx;
  actor: Actor;
  organizationId: number | null;
  audit(entry: AuditEntry): Promise<void>;
}

const LAST_SEEN_RESOLUTION_MS = 60_000;

function requestedOrganization(req: FastifyRequest): number | null | undefined {
  const raw = (req.query as any)?.organization_id ?? (req.body as any)?.organization_id;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= MAX_ROW_ID ? n : null;
}

/** The X-Fingerprint header as a login device stores it. */
export const fingerprintOf = (req: FastifyRequest): string => String(req.headers[FINGERPRINT_HEADER] ?? '').slice(0, 200);

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw invalidToken();
  return req.actor;
}

export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('actor', null);

  app.decorateRequest('auditWho', function (this: FastifyRequest): AuditWho {
    return {
      actor_id: this.actor?.id ?? null,
      impersonator_id: this.actor?.impersonatorId ?? null,
      organization_id: this.actor?.organizationId ?? null,
      ip: this.ip ?? null,
      user_agent: (this.headers['user-agent'] ?? '').slice(0, 500) || null,
    };
  });

  app.decorateRequest('inTransaction', function <T>(this: FastifyRequest, fn: (ctx: RequestContext) => Promise<T>) {
    const req = this;
    const actor = requireActor(req);
    return app.db.transaction().execute((trx) =>
      fn({ trx, actor, organizationId: actor.organizationId, audit: (entry) => writeAudit(trx, req.auditWho(), entry) }),
    );
  });

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const cfg = req.routeOptions.config ?? {};
    if (cfg.fingerprint !== false && !req.headers[FINGERPRINT_HEADER]) throw new AppError(400, MESSAGES.fingerprintRequired);
    if (req.is404 || cfg.roles === 'public') return;
    if (cfg.roles === undefined) throw permissionDenied(); // fail closed; a test also refuses such routes

    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw invalidToken();
    const payload = await app.tokens.verify(header.slice(7).trim());
    if (!payload) throw invalidToken();
    const actor = await loadActorForDevice(app.db, payload.id, payload.data.id, fingerprintOf(req));
    if (!actor) throw invalidToken();
    req.actor = actor;

    if (Date.now() - Date.parse(actor.lastSeenAt) > LAST_SEEN_RESOLUTION_MS) {
      await app.db.updateTable('login_devices').set({ last_seen_at: new Date().toISOString(), ip: req.ip })
        .where('id', '=', actor.deviceId).execute();
    }
  });

  app.addHook('preValidation', async (req) => {
    const cfg = req.routeOptions.config ?? {};
    if (!req.url.startsWith('/api/') || req.is404 || cfg.roles === 'public' || !req.actor) return;
    const actor = req.actor as DeviceActor;
    // The organization is resolved once, here, where the body is parsed: the one the request names,
    // else the device's active one (unless membership was withdrawn since).
    const requested = cfg.organizationIdIsFilter ? undefined : requestedOrganization(req);
    if (requested === null) throw permissionDenied();
    if (requested !== undefined) {
      if (!(await actInOrganization(app.db, actor, requested))) throw permissionDenied();
    } else if (actor.deviceOrganizationId !== null) {
      await actInOrganization(app.db, actor, actor.deviceOrganizationId);
    }
    if (actor.mustChangePassword && !cfg.beforePasswordChange) throw new AppError(403, MESSAGES.permissionDenied, { password: ['validate.error.password_change_required'] });
    if (cfg.organization && actor.organizationId === null) throw permissionDenied();
    if (!can(actor.roles, cfg.roles as readonly string[])) throw permissionDenied();
  });
}
