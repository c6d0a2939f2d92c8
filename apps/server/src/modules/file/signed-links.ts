import { createHmac, timingSafeEqual } from 'node:crypto';
import { can, ROLES } from '@bo/shared/permissions';
import { SIGNED_LINK_P_MAX, type SignedLinkOpen } from '@bo/shared/schemas/file';
import type { DbOrTrx } from '../../db/database.ts';
import { actInOrganization, adminRolesOf, type Actor } from '../../lib/actor.ts';
import { scopeOf } from '../../lib/scope.ts';
import { userAgentSummary } from '../../lib/audit-labels.ts';
import { fileInScope, fileScopeOf, findSigner, type FileRow } from './file.repository.ts';

/**
 * Signed file links: HMAC-SHA256 over method, path, expiry, issue time, signer and payload, with a
 * key derived from the JWT secret for this purpose only (a leaked link key cannot mint tokens and
 * the reverse). Links are opened outside the app, so they carry no token or fingerprint.
 */
export const SIGNED_PATH_PREFIX = '/api/files/signed';

export interface SignedLinkParts {
  method: 'GET';
  /** `${SIGNED_PATH_PREFIX}/<uid>/<encoded name>` */
  path: string;
  expires: number;
  issued: number;
  signer: number;
  /** base64url JSON or '' */
  payload: string;
}

export class LinkSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('bo:signed-file-link:v1').digest();
  }

  sign(p: SignedLinkParts): string {
    return createHmac('sha256', this.key)
      .update([p.method, p.path, p.expires, p.issued, p.signer, p.payload].join('\n'))
      .digest('base64url');
  }

  verify(p: SignedLinkParts, sig: string): boolean {
    const expected = Buffer.from(this.sign(p));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

export const signedPath = (uid: string, name: string) => `${SIGNED_PATH_PREFIX}/${uid}/${encodeURIComponent(name)}`;

const INTEGER = /^\d{1,15}$/;
const PAYLOAD = /^[A-Za-z0-9_-]*$/;

/**
 * The parts of a link as opened (`e`, `i`, `s`, `p`, `sig` from the query), or null when one is
 * missing, repeated or malformed: such a link cannot verify and is refused like a tampered one.
 */
export function signedLinkParts(path: string, q: Partial<Record<'e' | 'i' | 's' | 'p' | 'sig', unknown>>): SignedLinkParts | null {
  const { e, i, s, p = '', sig } = q;
  if (typeof e !== 'string' || typeof i !== 'string' || typeof s !== 'string' || typeof p !== 'string' || typeof sig !== 'string')
    return null;
  if (!INTEGER.test(e) || !INTEGER.test(i) || !INTEGER.test(s) || Number(s) < 1) return null;
  if (p.length > SIGNED_LINK_P_MAX || !PAYLOAD.test(p) || sig.length > 100) return null;
  return { method: 'GET', path, expires: Number(e), issued: Number(i), signer: Number(s), payload: p };
}

/**
 * Whether the signer of a link may still read the file now: an active admin with a file role who
 * can act in the file's organization (a member of it, or a super admin) and, for a file of no
 * organization, its uploader or a super admin. The same rule as the file routes (`fileInScope`).
 */
export async function signerMayRead(db: DbOrTrx, signerId: number, row: FileRow): Promise<boolean> {
  const admin = await findSigner(db, signerId);
  if (admin?.status !== 'active') return false;
  const adminRoles = await adminRolesOf(db, signerId);
  const actor: Actor = {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    deviceId: 0,
    impersonatorId: null,
    adminRoles,
    subAccountRoles: [],
    roles: adminRoles,
    organizationId: null,
    isSuperAdmin: adminRoles.includes('ROLE_SUPER_ADMIN'),
  };
  if (!(await actInOrganization(db, actor, row.organization_id))) return false;
  return can(actor.roles, ROLES.file) && fileInScope(row, fileScopeOf(scopeOf(actor.organizationId), actor));
}

/** The note a link was signed with: the payload's `note`, or the payload when it is a string. */
function noteOf(payload: string | null): string | null {
  if (payload === null) return null;
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value === 'string') return value;
    const note = (value as { note?: unknown } | null)?.note;
    return typeof note === 'string' ? note : null;
  } catch {
    return null;
  }
}

interface OpenRow {
  id: number;
  opened_at: string;
  ip: string | null;
  user_agent: string | null;
  signed_at: string;
  expires_at: string;
  payload: string | null;
  signer_id: number;
  signer_name: string;
}

/** An open as the file's detail lists it: the user agent summarised, the link named by signer, time and note. */
export const toSignedLinkOpen = (row: OpenRow): SignedLinkOpen => ({
  id: row.id,
  opened_at: row.opened_at,
  ip: row.ip,
  device: row.user_agent ? userAgentSummary(row.user_agent) : null,
  link: {
    signer: { id: row.signer_id, name: row.signer_name },
    signed_at: row.signed_at,
    expires_at: row.expires_at,
    note: noteOf(row.payload),
  },
});
