import type { Kysely } from 'kysely';

/** The company-wide roles of issue 26 as they were then (the migration does not follow later changes of the list). */
const COMPANY_WIDE_ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_BASE',
  'ROLE_PHOTO',
  'ROLE_STAFF',
  'ROLE_PAGE',
  'ROLE_BANNER',
  'ROLE_VIDEO',
  'ROLE_CONTACT',
  'ROLE_PRODUCT',
  'ROLE_MEMBER',
];

/**
 * Issue 26: the first super admin holds every company-wide role. New installations create it so
 * (lib/bootstrap.ts); here the admin the start-up job created on an existing installation gets the
 * roles it lacks, if it is still a super admin. Other super admins are left as their admins made them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const created = await db
    .selectFrom('audit_logs')
    .select('target_id')
    .where('target_type', '=', 'admin')
    .where('action', '=', 'create')
    .where('actor_id', 'is', null)
    .where('user_agent', '=', 'start-up')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!created) return;
  const admin = await db.selectFrom('admins').select(['id', 'roles']).where('id', '=', Number(created.target_id)).executeTakeFirst();
  if (!admin) return;
  const held: string[] = JSON.parse(admin.roles ?? '[]');
  if (!held.includes('ROLE_SUPER_ADMIN')) return;
  const roles = [...new Set([...held, ...COMPANY_WIDE_ROLES])];
  if (roles.length === held.length) return;
  await db
    .updateTable('admins')
    .set({ roles: JSON.stringify(roles) })
    .where('id', '=', admin.id)
    .execute();
}

/** The roles stay: taking them away could lock out the company's only admin. */
export async function down(): Promise<void> {}
