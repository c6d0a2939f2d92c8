import { ADMIN_ROLES, isAdminRole } from '@bo/shared/roles';
import { adminRolesOf, parseRoles } from '../lib/context/actor.ts';
import { sendSetPasswordLink } from '../lib/identity/password-links.ts';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import {
  adminByEmail,
  allAdmins,
  emailTaken,
  insertAdmin,
  otherActiveAdminIds,
  resetAdminPassword,
  updateAdmin,
} from '../modules/admin/admin.repository.ts';
import { CliError, type CliContext } from './cli-context.ts';

async function existingAdmin(ctx: CliContext, email: string) {
  const admin = await adminByEmail(ctx.read().db, email.trim().toLowerCase());
  if (!admin) throw new CliError(`no admin has the e-mail ${email}`);
  return admin;
}

function knownRole(role: string): string {
  if (!isAdminRole(role) || !(ADMIN_ROLES as readonly string[]).includes(role))
    throw new CliError(`unknown role ${role} (one of ${ADMIN_ROLES.join(', ')})`);
  return role;
}

/** create-admin --email E --name N [--role R]…: prints a one-time password, to be changed at the first sign-in. */
export async function createAdmin(ctx: CliContext, o: { email?: string; name?: string; role?: string[] }): Promise<void> {
  const email = o.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CliError('--email must be an e-mail address');
  const roles = [...new Set((o.role ?? []).map(knownRole))].sort();
  if (await emailTaken(ctx.read().db, email)) throw new CliError(`an admin already has the e-mail ${email}`);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const id = await ctx.inTransaction(async ({ trx, audit }) => {
    const created = await insertAdmin(trx, {
      email,
      name: o.name?.trim() || email.split('@')[0]!,
      passwordHash,
      roles,
      groupId: null,
      status: 'active',
    });
    await audit({ action: 'create', target_type: 'admin', target_id: created, after: { email, roles, by: 'cli' } });
    return created;
  });
  ctx.print(`created admin #${id} ${email}${roles.length ? ` (${roles.join(', ')})` : ''}`);
  ctx.print(`one-time password: ${password}   (to be changed at the first sign-in)`);
}

/**
 * reset-password --email E [--mail]: a one-time password printed here, or the reset mail through the
 * outbox. Signs out its devices either way. When the mail cannot go out (no SMTP_URL, or mail failing)
 * the mail's one-time link is printed for the operator to hand over (issue 26), recorded as handed over.
 */
export async function resetPassword(ctx: CliContext, o: { email?: string; mail?: boolean }): Promise<void> {
  if (!o.email) throw new CliError('--email is required');
  const admin = await existingAdmin(ctx, o.email);
  if (o.mail) {
    const sent = await ctx.inTransaction(async (w) => {
      await resetAdminPassword(w.trx, admin.id, '');
      const mailed = await sendSetPasswordLink(w, { admin: { ...admin, password_hash: '' }, purpose: 'reset', createdBy: null });
      await w.audit({ action: 'reset_password', target_type: 'admin', target_id: admin.id, after: { sent_to: admin.email, by: 'cli' } });
      return mailed;
    });
    if (!sent.handover) {
      ctx.print(`reset link mailed to ${admin.email} (sent by the server); devices signed out`);
      return;
    }
    const why = sent.delivery === 'outbox' ? 'no SMTP_URL' : 'mail delivery is failing';
    ctx.print(`reset mail for ${admin.email} is waiting in the outbox (${why}); devices signed out`);
    ctx.print(`hand this one-time link to ${admin.email} (valid until ${sent.handover.expires_at}): ${sent.handover.link}`);
    return;
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await ctx.inTransaction(async ({ trx, audit }) => {
    await resetAdminPassword(trx, admin.id, passwordHash);
    await audit({ action: 'reset_password', target_type: 'admin', target_id: admin.id, after: { one_time_password: true, by: 'cli' } });
  });
  ctx.print(`one-time password for ${admin.email}: ${password}   (to be changed at the first sign-in; devices signed out)`);
}

/** grant-role / revoke-role --email E --role R: any role, ROLE_MAINTAINER included (on the admin form only a maintainer grants that). */
export async function changeRole(ctx: CliContext, grant: boolean, o: { email?: string; role?: string[] }): Promise<void> {
  if (!o.email || !o.role?.length) throw new CliError('--email and --role are required');
  const role = knownRole(o.role[0]!);
  const admin = await existingAdmin(ctx, o.email);
  const before = parseRoles(admin.roles).sort();
  if (grant === before.includes(role)) {
    ctx.print(`${admin.email} ${grant ? 'already holds' : 'does not hold'} ${role}: nothing changed`);
    return;
  }
  if (!grant && role === 'ROLE_SUPER_ADMIN' && admin.status === 'active') {
    const others = await otherActiveAdminIds(ctx.read().db, admin.id);
    const superAdmins = await Promise.all(others.map(async (id) => (await adminRolesOf(ctx.read().db, id)).includes('ROLE_SUPER_ADMIN')));
    if (!superAdmins.some(Boolean))
      throw new CliError(`${admin.email} is the last active super admin: grant ROLE_SUPER_ADMIN to another admin first`);
  }
  const after = (grant ? [...before, role] : before.filter((r) => r !== role)).sort();
  await ctx.inTransaction(async ({ trx, audit }) => {
    await updateAdmin(trx, admin.id, { roles: JSON.stringify(after) });
    await audit({
      action: grant ? 'grant_role' : 'revoke_role',
      target_type: 'admin',
      target_id: admin.id,
      before: { roles: before },
      after: { roles: after, by: 'cli' },
    });
  });
  ctx.print(`${grant ? 'granted' : 'revoked'} ${role} ${grant ? 'to' : 'from'} ${admin.email}; roles now: ${after.join(', ') || '(none)'}`);
  ctx.print('it takes effect at the next token renewal');
}

/** list-admins [--json]. */
export async function listAdmins(ctx: CliContext, o: { json?: boolean }): Promise<void> {
  const admins = (await allAdmins(ctx.read().db)).map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    roles: parseRoles(r.roles),
    status: r.status,
  }));
  if (o.json) {
    ctx.print(JSON.stringify(admins, null, 2));
    return;
  }
  const table = [
    ['id', 'email', 'name', 'roles', 'status'],
    ...admins.map((a) => [String(a.id), a.email, a.name, a.roles.join(','), a.status]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table)
    ctx.print(
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}
