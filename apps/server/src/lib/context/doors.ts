import type { SignedInMember } from './member-actor.ts';
import type { VisitorPrincipal } from './principals.ts';
import type {
  AdminReadContext,
  OrganizationContext,
  OrganizationReadContext,
  ReadContext,
  RequestContext,
  WriteContext,
} from './request-context.ts';

/**
 * The door a request reaches the database through (`req.read(kind)`, `req.write(kind, fn)`), named by
 * who acts: a visitor on a public route, the signed-in member on a member route, the admin on a route
 * with role names, acting in the request's organization when the route is organization-scoped.
 */
export type DoorKind = 'visitor' | 'member' | 'admin' | 'organization';

/**
 * What each door opens: a read context outside a transaction, a write context inside one, acting as
 * the principal the access hook loaded (`req.actor`, `req.member`: the same object, with its device).
 */
export interface Doors {
  visitor: { read: ReadContext<VisitorPrincipal>; write: WriteContext<VisitorPrincipal> };
  member: { read: ReadContext<SignedInMember>; write: WriteContext<SignedInMember> };
  admin: { read: AdminReadContext; write: RequestContext };
  organization: { read: OrganizationReadContext; write: OrganizationContext };
}

/** The part of a route's declaration (its config) that decides its door. */
export interface DoorDeclaration {
  roles?: 'public' | 'member' | readonly string[];
  organization?: boolean;
}

/**
 * The one door a route declares: `public` is the visitor's, `member` the member's, role names the
 * admin's, or the organization's when the route is organization-scoped. Null when the declaration
 * names none (no roles, or an organization on a public or member route): such a route has no door,
 * and the route test refuses it.
 */
export function doorOf(config: DoorDeclaration | undefined): DoorKind | null {
  const roles = config?.roles;
  if (roles === 'public' || roles === 'member') return config?.organization ? null : roles === 'public' ? 'visitor' : 'member';
  if (Array.isArray(roles)) return config?.organization ? 'organization' : 'admin';
  return null;
}

/** A handler asking for another door than its route declares: a programming error, never the caller's. */
export class WrongDoorError extends Error {
  constructor(route: string, declared: DoorKind | null, asked: DoorKind) {
    super(`${route} declares the ${declared ?? 'no'} door; its handler asked for the ${asked} door`);
    this.name = 'WrongDoorError';
  }
}
