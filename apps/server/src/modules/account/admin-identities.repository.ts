import type { ReadDb, Trx } from '../../db/database.ts';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import type { ProviderIdentity } from '../../lib/oauth/providers.ts';

/** The admin a provider account is linked to, if any. */
export const identityOwner = (db: ReadDb, provider: OAuthProvider, subject: string) =>
  db.selectFrom('admin_identities').select('admin_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();

/** Links the provider account to the admin, in place of the admin's earlier one of that provider. */
export async function replaceIdentity(
  db: Trx,
  adminId: number,
  provider: OAuthProvider,
  identity: Pick<ProviderIdentity, 'subject' | 'email' | 'name'>,
  at: string,
): Promise<void> {
  await db.deleteFrom('admin_identities').where('admin_id', '=', adminId).where('provider', '=', provider).execute();
  await db
    .insertInto('admin_identities')
    .values({
      admin_id: adminId,
      provider,
      subject: identity.subject,
      email: identity.email,
      name: identity.name,
      created_at: at,
      last_used_at: null,
    })
    .execute();
}

export const linkedIdentities = (db: ReadDb, adminId: number) =>
  db
    .selectFrom('admin_identities')
    .select(['provider', 'email', 'name', 'created_at', 'last_used_at'])
    .where('admin_id', '=', adminId)
    .orderBy('provider')
    .execute();

/** Unlinks the admin's account of `provider`; whether there was one. */
export async function unlinkIdentity(db: Trx, adminId: number, provider: OAuthProvider): Promise<boolean> {
  const gone = await db.deleteFrom('admin_identities').where('admin_id', '=', adminId).where('provider', '=', provider).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}
