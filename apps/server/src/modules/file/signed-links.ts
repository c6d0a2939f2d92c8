import { can, ROLES } from '@bo/shared/permissions';
import { SIGNED_LINK_P_MAX, type SignedLinkOpen } from '@bo/shared/schemas/file';
import type { ReadDb } from '../../db/database.ts';
import { actInOrganization, adminRolesOf } from '../../lib/context/actor.ts';
import type { AdminPrincipal } from '../../lib/context/principals.ts';
import { LinkSigner as HmacLinkSigner, signedLinkParts as linkParts, type SignedLinkParts } from '../../lib/link-signer.ts';
import { scopeOf } from '../../lib/context/scope.ts';
import { userAgentSummary } from '../../lib/context/audit-labels.ts';
import { fileInScope, fileScopeOf, findSigner, type FileRow } from './file.repository.ts';

/** The file manager's signed links (lib/link-signer.ts): `${SIGNED_PATH_PREFIX}/<uid>/<encoded name>`. */
export const SIGNED_PATH_PREFIX = '/api/files/signed';

export type { SignedLinkParts };

/** The signer of file links: their own key, the one file links have always had. */
export class LinkSigner extends HmacLinkSigner {
  constructor(secret: string) {
    super(secret, 'bo:signed-file-link:v1');
  }
}

export const signedPath = (uid: string, name: string) => `${SIGNED_PATH_PREFIX}/${uid}/${encodeURIComponent(name)}`;

/** A file link's parts as opened (lib/link-signer.ts), its payload at most SIGNED_LINK_P_MAX long. */
export const signedLinkParts = (path: string, q: Partial<Record<'e' | 'i' | 's' | 'p' | 'sig', unknown>>): SignedLinkParts | null =>
  linkParts(path, q, SIGNED_LINK_P_MAX);

/**
 * Whether the signer of a link may still read the file now: an active admin with a file role who
 * can act in the file's organization (a member of it, or a super admin) and, for a file of no
 * organization, its uploader or a super admin. The same rule as the file routes (`fileInScope`).
 */
export async function signerMayRead(db: ReadDb, signerId: number, row: FileRow): Promise<boolean> {
  const admin = await findSigner(db, signerId);
  if (admin?.status !== 'active') return false;
  const adminRoles = await adminRolesOf(db, signerId);
  const actor: AdminPrincipal = {
    kind: 'admin',
    id: admin.id,
    impersonatorId: null,
    client: { ip: null, userAgent: null },
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
