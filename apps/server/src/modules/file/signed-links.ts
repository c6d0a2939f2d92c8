import { can, ROLES } from '@bo/shared/permissions';
import { SIGNED_LINK_P_MAX } from '@bo/shared/schemas/file';
import type { DbOrTrx } from '../../db/database.ts';
import { actInOrganization, adminRolesOf, type Actor } from '../../lib/actor.ts';
import { LinkSigner as HmacLinkSigner, signedLinkParts as linkParts, type SignedLinkParts } from '../../lib/link-signer.ts';
import { scopeOf } from '../../lib/scope.ts';
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
