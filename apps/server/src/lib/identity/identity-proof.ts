import type { ReadDb, Trx } from '../../db/database.ts';
import { identityVerifiedUntil, updateLoginDevice } from '../devices/login-devices.repository.ts';
import { AppError } from '../errors.ts';
import { MESSAGES } from '@bo/shared/messages';

/** Issue 10: a verify-identity proof holds five minutes. */
export const IDENTITY_PROOF_SECONDS = 5 * 60;

/** 403 `Identity verification required`: the web asks for the password or a mailed code, then retries. */
export const identityVerificationRequired = () => new AppError(403, MESSAGES.identityVerificationRequired);

/**
 * The proof of POST /api/admin/account/verify-identity, held by the login device that proved it, so a
 * token of another device (or a stolen one used elsewhere) does not carry it. Sensitive changes
 * (password, e-mail, linking a provider, two-factor, signing out other devices, resetting another
 * admin's password) call `requireIdentityProof` first.
 */
export async function grantIdentityProof(db: Trx, deviceId: number): Promise<string> {
  const until = new Date(Date.now() + IDENTITY_PROOF_SECONDS * 1000).toISOString();
  await updateLoginDevice(db, deviceId, { identity_verified_until: until });
  return until;
}

export async function hasIdentityProof(db: ReadDb, deviceId: number): Promise<boolean> {
  const until = await identityVerifiedUntil(db, deviceId);
  return until !== null && until > new Date().toISOString();
}

/** Throws 403 `Identity verification required` unless the device proved its admin's identity in the last five minutes. */
export async function requireIdentityProof(db: ReadDb, deviceId: number): Promise<void> {
  if (!(await hasIdentityProof(db, deviceId))) throw identityVerificationRequired();
}
