import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { generatePassword, hashPassword } from './passwords.ts';

/** Creates the first super admin when no admin exists; returns its credentials once. */
export async function ensureFirstAdmin(db: Database, config: Config): Promise<{ email: string; password: string } | null> {
  const any = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const email = (config.firstAdmin.email ?? 'admin@example.com').toLowerCase();
  const password = config.firstAdmin.password ?? generatePassword();
  const t = new Date().toISOString();
  const created = await db.insertInto('admins').values({
    email, name: 'Super Admin', password_hash: await hashPassword(password),
    // A generated password must be changed at first sign-in; one chosen through ADMIN_PASSWORD need not.
    has_change_default_password: config.firstAdmin.password ? 1 : 0,
    roles: JSON.stringify(['ROLE_SUPER_ADMIN', 'ROLE_BASE']), group_id: null, status: 'active', created_at: t, updated_at: t,
  })
    // Several instances starting together on an empty database: one creates the admin, the others carry on.
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id').executeTakeFirst();
  return created ? { email, password } : null;
}
