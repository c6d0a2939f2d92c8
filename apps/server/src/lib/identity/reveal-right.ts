import { can, ROLES } from '@bo/shared/permissions';
import type { ReadDb } from '../../db/database.ts';
import type { SignedInAdmin } from '../context/actor.ts';
import { roleMissing } from '../errors.ts';
import { requireIdentityProof } from './identity-proof.ts';

/**
 * Issue 37: seeing a masked national ID or health value in plain (a reveal, an unmasked export) needs a
 * role that may reveal in the organization acted in (403 `permission.role_missing` naming them) and a
 * fresh verify-identity proof of this device (403 `Identity verification required`, which the web
 * answers with its verify-identity dialog). The reason is the caller's body, checked by its schema.
 */
export async function requireRevealRight(db: ReadDb, admin: SignedInAdmin): Promise<void> {
  if (!can(admin.roles, ROLES.personalDataReveal)) throw roleMissing(ROLES.personalDataReveal);
  await requireIdentityProof(db, admin.deviceId);
}
