import type { FastifyRequest } from 'fastify';
import type { PrincipalKind } from '@bo/shared/schemas/audit-log';
import type { AuditWho } from './audit.ts';

export type { PrincipalKind };

/** Where a request comes from, as the audit log records it. */
export interface ClientAddress {
  ip: string | null;
  /** The User-Agent header, at most 500 characters. */
  userAgent: string | null;
}

/**
 * An admin acting: who it is, for whom (switch account), what it may do and where. A request's admin
 * (`req.actor`, lib/context/actor.ts) has its roles loaded from its device and its organization resolved
 * by the access hook; a sign-in's (`adminActing`) only records the session it opens and holds none.
 */
export interface AdminPrincipal {
  kind: 'admin';
  id: number;
  /** The super admin acting as this admin (switch account), or null. */
  impersonatorId: number | null;
  client: ClientAddress;
  /** ROLE_ roles the admin holds (directly or through an admin group). */
  adminRoles: string[];
  /** SUB_ACCOUNT_ROLE_ roles in `organizationId`. */
  subAccountRoles: string[];
  /** adminRoles plus subAccountRoles: what `can` checks. */
  roles: string[];
  /** The organization it acts in, or null (the company, a site route, no organization chosen). */
  organizationId: number | null;
  isSuperAdmin: boolean;
}
/** A signed-in member of the website. */
export interface MemberPrincipal {
  kind: 'member';
  id: number;
  client: ClientAddress;
}
/** Nobody signed in (sign-up, sign-in attempts, the contact form), known by its client address. */
export interface VisitorPrincipal {
  kind: 'visitor';
  client: ClientAddress;
}
/** The server itself: a named scheduled job (minute task, daily job). */
export interface SystemPrincipal {
  kind: 'system';
  job: string;
}
/** The operator at the command line (cli/). */
export interface OperatorPrincipal {
  kind: 'operator';
}

/** Who acts in a context (docs/architecture.md "Principals"): every write is audited with it. */
export type ActingPrincipal = AdminPrincipal | MemberPrincipal | VisitorPrincipal | SystemPrincipal | OperatorPrincipal;

export const clientAddressOf = (req: FastifyRequest): ClientAddress => ({
  ip: req.ip ?? null,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
});

export const visitor = (client: ClientAddress): VisitorPrincipal => ({ kind: 'visitor', client });
export const memberActing = (id: number, client: ClientAddress): MemberPrincipal => ({ kind: 'member', id, client });
/** The admin a sign-in proved, recording the session it opens: no roles until its first request loads them. */
export const adminActing = (id: number, client: ClientAddress, impersonatorId: number | null = null): AdminPrincipal => ({
  kind: 'admin',
  id,
  impersonatorId,
  client,
  adminRoles: [],
  subAccountRoles: [],
  roles: [],
  organizationId: null,
  isSuperAdmin: false,
});
/** A scheduled job: its name is recorded as the entry's user agent. */
export const systemJob = (job: string): SystemPrincipal => ({ kind: 'system', job });
export const OPERATOR: OperatorPrincipal = { kind: 'operator' };

/**
 * The columns an audit entry records for `principal`. Only admins have an actor id (the column
 * points at admins); the operator is recorded with ip and user agent 'cli', a job by its name.
 */
export function auditWhoOf(principal: ActingPrincipal, organizationId: number | null): AuditWho {
  const base = { actor_kind: principal.kind, actor_id: null, impersonator_id: null, organization_id: organizationId };
  switch (principal.kind) {
    case 'admin':
      return {
        ...base,
        actor_id: principal.id,
        impersonator_id: principal.impersonatorId,
        ip: principal.client.ip,
        user_agent: principal.client.userAgent,
      };
    case 'member':
    case 'visitor':
      return { ...base, ip: principal.client.ip, user_agent: principal.client.userAgent };
    case 'system':
      return { ...base, ip: null, user_agent: principal.job };
    case 'operator':
      return { ...base, ip: 'cli', user_agent: 'cli' };
  }
}
