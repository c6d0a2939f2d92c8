import type { Trx, ReadDb } from '../../db/database.ts';

/** The admin's authenticator app: its sealed secret, when it was confirmed (null: set up only) and the last step accepted. */
export function twoFactorSecretOf(db: ReadDb, adminId: number) {
  return db.selectFrom('admin_two_factor').select(['secret', 'enabled_at', 'last_step']).where('admin_id', '=', adminId).executeTakeFirst();
}

/** Puts a new authenticator app in place of the admin's one: confirmed (`enabledAt`) or waiting for its first code. */
export async function saveTwoFactorSecret(
  trx: Trx,
  adminId: number,
  app: { sealed: string; enabledAt: string | null; lastStep: number | null },
): Promise<void> {
  const t = new Date().toISOString();
  await trx.deleteFrom('admin_two_factor').where('admin_id', '=', adminId).execute();
  await trx
    .insertInto('admin_two_factor')
    .values({ admin_id: adminId, secret: app.sealed, enabled_at: app.enabledAt, last_step: app.lastStep, created_at: t, updated_at: t })
    .execute();
}

/** Confirms the app set up, with the step of its first code. */
export async function enableTwoFactor(trx: Trx, adminId: number, step: number): Promise<void> {
  const t = new Date().toISOString();
  await trx
    .updateTable('admin_two_factor')
    .set({ enabled_at: t, last_step: step, updated_at: t })
    .where('admin_id', '=', adminId)
    .execute();
}

/**
 * Records `step` as the last code accepted; false when it is not later than the one recorded (the
 * same code sent twice at once signs in once).
 */
export async function advanceLastStep(trx: Trx, adminId: number, step: number): Promise<boolean> {
  const moved = await trx
    .updateTable('admin_two_factor')
    .set({ last_step: step, updated_at: new Date().toISOString() })
    .where('admin_id', '=', adminId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Drops the admin's app and recovery codes; false when there was no app. */
export async function removeTwoFactor(trx: Trx, adminId: number): Promise<boolean> {
  const gone = await trx.deleteFrom('admin_two_factor').where('admin_id', '=', adminId).executeTakeFirst();
  await trx.deleteFrom('two_factor_recovery_codes').where('admin_id', '=', adminId).execute();
  return Number(gone.numDeletedRows) > 0;
}

/** A setup challenge's secret for the authenticator app (sealed), kept while the challenge lasts. */
export async function keepPendingSecret(trx: Trx, challengeId: number, sealed: string): Promise<void> {
  await trx.updateTable('sign_in_challenges').set({ pending_secret: sealed }).where('id', '=', challengeId).execute();
}
