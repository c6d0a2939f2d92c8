import { MAX_ROW_ID } from '@bo/shared/list';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@bo/shared/permissions';
import { FINGERPRINT_HEADER, MESSAGES } from '@bo/shared/messages';
import { actInOrganization, loadActorForDevice, type SignedInAdmin } from '../lib/context/actor.ts';
import { AppError, invalidToken, permissionDenied, roleMissing } from '../lib/errors.ts';
import { loadMemberForDevice, type SignedInMember } from '../lib/context/member-actor.ts';
import { clientAddressOf, visitor, type ActingPrincipal } from '../lib/context/principals.ts';
import {
  appHost,
  openReadContext,
  runInTransaction,
  type ContextHost,
  type OrganizationContext,
  type RequestContext,
  type WriteContext,
} from '../lib/context/request-context.ts';
import { doorOf, WrongDoorError, type DoorKind, type Doors } from '../lib/context/doors.ts';
import { fingerprintOf } from '../lib/sign-in/sign-in-client.ts';
import { markLoginDeviceSeen } from '../lib/devices/login-devices.repository.ts';
import { markMemberDeviceSeen } from '../lib/devices/member-devices.repository.ts';
import { linkConfigFor } from '../lib/link-origin.ts';
import { checkVersions, rememberRoute, type VersionDeclaration } from '../lib/context/version-check.ts';
import type { Config } from '../config.ts';

export type { OrganizationContext, RequestContext };

/**
 * 'public': anyone; 'member': a signed-in member of the website (a token of type member, issue 12);
 * otherwise an admin with the roles (`can`). An admin token opens no member route, a member token no
 * other route.
 */
export type RouteRoles = 'public' | 'member' | readonly string[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required roles (spec section 6): 'public', 'member', [] for any signed-in admin, or role names for `can`. */
    roles?: RouteRoles;
    /** Organization-scoped: the request must act in an organization the actor belongs to. */
    organization?: boolean;
    /**
     * Issue 36: the record a write changes and where its version comes from (lib/context/record-versions.ts):
     * checked once by `req.write` before the handler's work, in its transaction. Every non-GET route
     * declares one, `'create'`, or `{ unversioned: reason }` (test/route-versions.test.ts).
     */
    version?: VersionDeclaration;
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
    /**
     * A read-only organization route that holders of these ROLE_ roles read in every organization, member
     * or not (issue 26: ROLE_STAFF reads certificate compliance and the expiry check of each one).
     */
    readsAcrossOrganizations?: readonly string[];
    /**
     * The route may act for the company instead of an organization (issue 42: the website's photo
     * library): `library=company` in the query makes the request act in no organization, whatever the
     * header selects, for holders of these ROLE_ roles only (sub-account roles never count there).
     */
    companyLibrary?: readonly string[];
    /** Set false only for links opened outside the app (signed file links, docs). */
    fingerprint?: boolean;
  }
  interface FastifyRequest {
    /**
     * Who makes the request. Only routes not declared public read it, and the access hook refuses
     * those requests (401) before their handler runs when there is no verified actor.
     */
    readonly actor: SignedInAdmin;
    /** The verified actor, or null on a public route called without a token. */
    actorOrNull: SignedInAdmin | null;
    /** The signed-in member of a member route (roles 'member'); the access hook refuses the request without one. */
    readonly member: SignedInMember;
    memberOrNull: SignedInMember | null;
    /** The organization the request acts in; read on organization routes, which refuse requests without one. */
    readonly organizationId: number;
    /**
     * The request's read door: a read context for who acts on the matched route (lib/context/doors.ts).
     * `kind` must be the route's declared door (`doorOf` its config); another one throws.
     */
    read<K extends DoorKind>(kind: K): Doors[K]['read'];
    /** The request's write door: `fn` runs in one transaction as who acts on the matched route, audited as them. */
    write<K extends DoorKind, T>(kind: K, fn: (ctx: Doors[K]['write']) => Promise<T>): Promise<T>;
    /** The config this request's links are built with: the request's own address when PUBLIC_URL is unset and it is trusted (lib/link-origin.ts). */
    readonly linkConfig: Config;
  }
}

const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Requests whose version declaration a transaction has checked. */
const versionChecked = new WeakSet<FastifyRequest>();

/**
 * The organization a request names (query or JSON body), undefined when none, null when the value is
 * not a row id: digits in a query string, a positive integer in JSON (`"1"`, `true`, `[1]` are not).
 */
function requestedOrganization(req: FastifyRequest): number | null | undefined {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.organization_id;
  const fromBody = (req.body as Record<string, unknown> | undefined)?.organization_id;
  const raw = fromQuery ?? fromBody;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = fromQuery !== undefined ? (typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_ROW_ID ? n : null;
}

/** Whether the request names the company's library (`library=company`) rather than an organization's. */
const namesCompanyLibrary = (req: FastifyRequest): boolean => (req.query as Record<string, unknown> | undefined)?.library === 'company';

/** Whether a matched route needs a verified actor: anything not declared public does. */
const isPublic = (req: FastifyRequest): boolean => req.routeOptions.config?.roles === 'public';
const isMemberRoute = (req: FastifyRequest): boolean => req.routeOptions.config?.roles === 'member';

export function registerAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => rememberRoute(app, route));
  app.decorateRequest('actorOrNull', null);
  app.decorateRequest('memberOrNull', null);
  app.decorateRequest('member', {
    getter(this: FastifyRequest): SignedInMember {
      if (!this.memberOrNull) throw invalidToken();
      return this.memberOrNull;
    },
  });
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): SignedInAdmin {
      if (!this.actorOrNull) throw invalidToken();
      return this.actorOrNull;
    },
  });
  app.decorateRequest('organizationId', {
    getter(this: FastifyRequest): number {
      const id = this.actor.organizationId;
      if (id === null) throw permissionDenied();
      return id;
    },
  });

  const appContextHost = appHost(app);
  app.decorateRequest('linkConfig', {
    getter(this: FastifyRequest): Config {
      return linkConfigFor(app.config, this);
    },
  });
  // Each request's contexts carry its link config, so the links its mails and answers hold open where the admin is.
  const host = (req: FastifyRequest): ContextHost => {
    const config = req.linkConfig;
    return config === app.config ? appContextHost : { ...appContextHost, config };
  };
  /** The route's door, checked against the one the handler asks for. */
  const doorFor = (req: FastifyRequest, kind: DoorKind): DoorKind => {
    const declared = doorOf(req.routeOptions.config);
    if (declared !== kind) throw new WrongDoorError(`${req.method} ${req.routeOptions.url ?? req.url}`, declared, kind);
    return declared;
  };
  /** Who acts behind a door (the principal the access hook loaded), and in which organization. */
  const actingFor = (req: FastifyRequest, kind: DoorKind): [ActingPrincipal, number | null] => {
    switch (kind) {
      case 'visitor':
        return [visitor(clientAddressOf(req)), null];
      case 'member':
        return [req.member, null];
      case 'admin':
        return [req.actor, req.actor.organizationId];
      case 'organization':
        return [req.actor, req.organizationId];
    }
  };
  app.decorateRequest('read', function <K extends DoorKind>(this: FastifyRequest, kind: K): Doors[K]['read'] {
    const [principal, organizationId] = actingFor(this, doorFor(this, kind));
    return openReadContext(host(this), principal, organizationId) as Doors[K]['read'];
  });
  app.decorateRequest('write', function <
    K extends DoorKind,
    T,
  >(this: FastifyRequest, kind: K, fn: (ctx: Doors[K]['write']) => Promise<T>): Promise<T> {
    const [principal, organizationId] = actingFor(this, doorFor(this, kind));
    // The versions are checked by the request's first transaction only: its own audit raised them.
    const decl = versionChecked.has(this) ? undefined : this.routeOptions.config?.version;
    versionChecked.add(this);
    return runInTransaction(host(this), principal, organizationId, fn as (ctx: WriteContext) => Promise<T>, (ctx) =>
      checkVersions(ctx, this, decl),
    );
  });

  // Access follows the route the router matched (its declared config), never the spelling of the
  // URL: the router decodes %61pi, folds // and trailing slashes, so a prefix test on req.url does not
  // say which handler will run.
  app.addHook('onRequest', async (req) => {
    if (req.is404) return;
    const cfg = req.routeOptions.config ?? {};
    if (cfg.fingerprint !== false && !req.headers[FINGERPRINT_HEADER]) throw new AppError(400, MESSAGES.fingerprintRequired);
    if (isPublic(req)) return;
    if (cfg.roles === undefined) throw permissionDenied(); // fail closed; a test also refuses such routes

    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw invalidToken();
    const payload = await app.tokens.verify(header.slice(7).trim());
    // The token's type decides which routes it opens, whatever else it says.
    if (!payload || payload.type !== (isMemberRoute(req) ? 'member' : 'admin')) throw invalidToken();
    if (payload.type === 'member') {
      const member = await loadMemberForDevice(app.db, payload, fingerprintOf(req), clientAddressOf(req));
      if (!member) throw invalidToken();
      req.memberOrNull = member;
      if (Date.now() - Date.parse(member.lastSeenAt) > LAST_SEEN_RESOLUTION_MS) {
        // Bookkeeping of the device's own row, in the member's context with no audit entry.
        await runInTransaction(appContextHost, member, null, ({ trx }) =>
          markMemberDeviceSeen(trx, member.deviceId, req.ip, new Date().toISOString()),
        );
      }
      return;
    }
    const actor = await loadActorForDevice(app.db, payload, fingerprintOf(req), clientAddressOf(req));
    if (!actor) throw invalidToken();
    req.actorOrNull = actor;

    if (Date.now() - Date.parse(actor.lastSeenAt) > LAST_SEEN_RESOLUTION_MS) {
      // Bookkeeping of the device's own row, in the admin's context with no audit entry.
      await runInTransaction(appContextHost, actor, null, ({ trx }) =>
        markLoginDeviceSeen(trx, actor.deviceId, req.ip, new Date().toISOString()),
      );
    }
  });

  app.addHook('preValidation', async (req) => {
    if (req.is404 || isPublic(req)) return;
    if (isMemberRoute(req)) {
      if (!req.memberOrNull) throw invalidToken();
      return;
    }
    const cfg = req.routeOptions.config ?? {};
    if (!req.actorOrNull) throw invalidToken();
    const actor = req.actorOrNull;
    // The organization is resolved once, here, where the body is parsed: the one the request names,
    // else the device's active one (unless membership was withdrawn since).
    const requested = cfg.organizationIdIsFilter ? undefined : requestedOrganization(req);
    if (requested === null) throw permissionDenied();
    if (cfg.actsForSite) {
      // Website content belongs to the site: the request acts in no organization (issue 42).
    } else if (namesCompanyLibrary(req)) {
      if (!cfg.companyLibrary || requested !== undefined) throw permissionDenied();
      if (!can(actor.adminRoles, cfg.companyLibrary)) throw roleMissing(cfg.companyLibrary);
    } else if (requested !== undefined) {
      // Reads only: a write declared with the option by mistake still needs a membership.
      const reading = req.method === 'GET' || req.method === 'HEAD';
      const readsAcross = reading && cfg.readsAcrossOrganizations !== undefined && can(actor.adminRoles, cfg.readsAcrossOrganizations);
      if (!(await actInOrganization(app.db, actor, requested, { readsAcross }))) throw permissionDenied();
    } else if (actor.deviceOrganizationId !== null) {
      await actInOrganization(app.db, actor, actor.deviceOrganizationId);
    }
    if (actor.mustChangePassword && !cfg.beforePasswordChange)
      throw new AppError(403, MESSAGES.permissionDenied, { password: ['validate.error.password_change_required'] });
    if (cfg.organization && actor.organizationId === null) throw permissionDenied();
    if (!can(actor.roles, cfg.roles as readonly string[])) throw roleMissing(cfg.roles as readonly string[]);
  });
}
