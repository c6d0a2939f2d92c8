import type { RequestContext } from '../../lib/kit/request-context.ts';
import type { Admin, AdminStatus, MembershipInput } from '@bo/shared/schemas/admin';
import type { Trx } from '../../db/database.ts';
import { adminRolesOf, parseRoles, type Actor } from '../../lib/actor.ts';
import { badRequest, conflict, permissionDenied } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { isFlagOn } from './feature-flags.ts';
import { adminScopeOf, changedRoles, grantableAdminRoles, grantableSubAccountRoles, managesAll, mayManageAccountOf } from './admin.policy.ts';
import {
  countActiveSuperAdmins, emailTaken, findAdminRows, membershipsOf, setMembership, toViews,
  type AdminRow, type AdminScope,
} from './admin.repository.ts';

export interface AdminChanges {
  email?: string;
  name?: string;
  status?: AdminStatus;
  roles?: string[];
  group_id?: number | null;
  /** Replaces the memberships within the caller's reach (all organizations, or its active one). */
  memberships?: MembershipInput[];
  /** Sub-account roles in the caller's active organization (the PATCH field). */
  sub_account_roles?: string[];
}

type Audit = RequestContext['audit'];

const uniq = (xs: readonly string[]) => [...new Set(xs)].sort();
const now = () => new Date().toISOString();
const SUPER = 'ROLE_SUPER_ADMIN';

/** Every admin mutation, inside the request's transaction; throwing rolls the whole call back. */
export class AdminService {
  readonly scope: AdminScope;
  constructor(private readonly trx: Trx, private readonly actor: Actor, private readonly audit: Audit) {
    this.scope = adminScopeOf(actor);
  }

  /** All of `ids` or 404: an admin outside the caller's scope does not exist for it. */
  async loadTargets(ids: number[]): Promise<AdminRow[]> {
    return loadAllOr404(ids, (unique) => findAdminRows(this.trx, unique, this.scope));
  }

  async view(row: AdminRow): Promise<Admin> {
    return (await toViews(this.trx, [row], this.scope))[0];
  }

  private async reread(id: number): Promise<Admin> {
    const [row] = await findAdminRows(this.trx, [id], { organizationId: null });
    return this.view(row);
  }

  /** Refuses an account the actor may not manage (admin.policy.ts): a super admin, or roles it does not hold. */
  private async guardTarget(row: AdminRow): Promise<void> {
    if (!mayManageAccountOf(this.actor, await adminRolesOf(this.trx, row.id))) throw permissionDenied();
  }

  private async checkGroupChange(before: number | null, after: number | null): Promise<void> {
    if (after !== null && !(await isFlagOn(this.trx, 'adminGroup'))) throw badRequest({ group_id: ['validate.error.invalid'] });
    const rolesOf = async (id: number | null) => {
      if (id === null) return [];
      const g = await this.trx.selectFrom('admin_groups').select('roles').where('id', '=', id).executeTakeFirst();
      if (!g) throw badRequest({ group_id: ['validate.error.invalid'] });
      return parseRoles(g.roles);
    };
    const diff = changedRoles(await rolesOf(before), await rolesOf(after));
    const grantable = grantableAdminRoles(this.actor);
    if (diff.some((r) => !grantable.has(r))) throw permissionDenied();
  }

  private async checkMembershipChange(organizationId: number, before: string[] | null, after: string[] | null): Promise<void> {
    if (!this.actor.isSuperAdmin && organizationId !== this.actor.organizationId) throw permissionDenied();
    if (after !== null) {
      const org = await this.trx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
      if (!org) throw badRequest({ memberships: ['validate.error.invalid'] });
    }
    const grantable = grantableSubAccountRoles(this.actor, organizationId);
    if (changedRoles(before ?? [], after ?? []).some((r) => !grantable.has(r))) throw permissionDenied();
  }

  private checkAdminRoles(before: string[], after: string[]): void {
    const grantable = grantableAdminRoles(this.actor);
    if (changedRoles(before, after).some((r) => !grantable.has(r))) throw permissionDenied();
  }

  async create(input: { email: string; name: string; roles?: string[]; status?: AdminStatus; group_id?: number | null; memberships?: MembershipInput[] }) {
    const email = input.email.toLowerCase();
    const roles = uniq(input.roles ?? []);
    this.checkAdminRoles([], roles);
    await this.checkGroupChange(null, input.group_id ?? null);
    const memberships = new Map((input.memberships ?? []).map((m) => [m.organization_id, uniq(m.sub_account_roles)]));
    for (const [org, r] of memberships) await this.checkMembershipChange(org, null, r);
    if (await emailTaken(this.trx, email)) throw conflict({ email: ['validate.error.unique'] });

    const password = generatePassword();
    const t = now();
    const { id } = await this.trx.insertInto('admins').values({
      email, name: input.name, password_hash: await hashPassword(password), has_change_default_password: 0,
      roles: JSON.stringify(roles), group_id: input.group_id ?? null, status: input.status ?? 'active', created_at: t, updated_at: t,
    }).returning('id').executeTakeFirstOrThrow();
    for (const [org, r] of memberships) await setMembership(this.trx, id, org, r);
    const after = await this.reread(id);
    await this.audit({ action: 'create', target_type: 'admin', target_id: id, after });
    return { ...after, password };
  }

  async update(id: number, changes: AdminChanges): Promise<Admin> {
    const [row] = await this.loadTargets([id]);
    const before = await this.reread(id);
    const all = managesAll(this.actor);
    const currentRoles = parseRoles(row.roles);

    const set: { email?: string; name?: string; status?: AdminStatus; roles?: string; group_id?: number | null } = {};
    if (changes.email !== undefined && changes.email.toLowerCase() !== row.email) set.email = changes.email.toLowerCase();
    if (changes.name !== undefined && changes.name !== row.name) set.name = changes.name;
    if (changes.status !== undefined && changes.status !== row.status) set.status = changes.status;
    const nextRoles = changes.roles === undefined ? currentRoles : uniq(changes.roles);
    if (changedRoles(currentRoles, nextRoles).length) set.roles = JSON.stringify(nextRoles);
    if (changes.group_id !== undefined && changes.group_id !== row.group_id) set.group_id = changes.group_id;

    const current = new Map(((await membershipsOf(this.trx, [id])).get(id) ?? []).map((m) => [m.organization_id, uniq(m.sub_account_roles)]));
    if (!all && Object.keys(set).length && [...current.keys()].some((org) => org !== this.actor.organizationId)) {
      throw permissionDenied();
    }
    // Sub-account roles in the caller's own organization stay its to manage; the account itself needs more.
    if (Object.keys(set).length || parseRoles(row.roles).includes(SUPER)) await this.guardTarget(row);
    if (set.status === 'disabled' && id === this.actor.id) throw conflict({ status: ['validate.error.self'] });
    if (set.roles !== undefined) this.checkAdminRoles(currentRoles, nextRoles);
    if (set.group_id !== undefined) await this.checkGroupChange(row.group_id, set.group_id);
    if (set.email && (await emailTaken(this.trx, set.email, id))) throw conflict({ email: ['validate.error.unique'] });

    const membershipChanges = new Map<number, string[] | null>();
    if (changes.memberships !== undefined) {
      const next = new Map(changes.memberships.map((m) => [m.organization_id, uniq(m.sub_account_roles)]));
      const reach = all ? [...current.keys()] : [...current.keys()].filter((org) => org === this.actor.organizationId);
      for (const org of new Set([...reach, ...next.keys()])) {
        const b = current.get(org) ?? null;
        const a = next.get(org) ?? null;
        if (JSON.stringify(a) !== JSON.stringify(b)) membershipChanges.set(org, a);
      }
    }
    if (changes.sub_account_roles !== undefined) {
      const org = this.actor.organizationId;
      if (org === null) throw badRequest({ field: ['validate.error.organization_required'] });
      const a = uniq(changes.sub_account_roles);
      if (JSON.stringify(a) !== JSON.stringify(current.get(org) ?? null)) membershipChanges.set(org, a);
    }
    for (const [org, a] of membershipChanges) await this.checkMembershipChange(org, current.get(org) ?? null, a);

    if (!Object.keys(set).length && !membershipChanges.size) return this.view(row);
    await this.trx.updateTable('admins').set({ ...set, updated_at: now() }).where('id', '=', id).execute();
    for (const [org, a] of membershipChanges) await setMembership(this.trx, id, org, a);
    if (currentRoles.includes(SUPER) && row.status === 'active' && (set.status || set.roles)) await this.assertSuperAdminLeft();
    const after = await this.reread(id);
    await this.audit({ action: 'update', target_type: 'admin', target_id: id, before, after });
    return this.view((await findAdminRows(this.trx, [id], { organizationId: null }))[0]);
  }

  async remove(ids: number[]): Promise<void> {
    const rows = await this.loadTargets(ids);
    for (const row of rows) {
      if (row.id === this.actor.id) throw conflict({ ids: ['validate.error.self'] });
      await this.guardTarget(row);
    }
    const befores = await toViews(this.trx, rows, { organizationId: null });
    await this.trx.deleteFrom('admins').where('id', 'in', rows.map((r) => r.id)).execute();
    if (rows.some((r) => r.status === 'active' && parseRoles(r.roles).includes(SUPER))) await this.assertSuperAdminLeft();
    for (const before of befores) await this.audit({ action: 'delete', target_type: 'admin', target_id: before.id, before });
  }

  async resetPassword(id: number): Promise<{ password: string }> {
    const [row] = await this.loadTargets([id]);
    if (row.id === this.actor.id) throw conflict({ id: ['validate.error.self'] });
    await this.guardTarget(row);
    const password = generatePassword();
    const t = now();
    await this.trx.updateTable('admins').set({ password_hash: await hashPassword(password), has_change_default_password: 0, updated_at: t })
      .where('id', '=', id).execute();
    // The old password's sessions end with it.
    await this.trx.updateTable('login_devices').set({ revoked_at: t }).where('admin_id', '=', id).where('revoked_at', 'is', null).execute();
    await this.audit({ action: 'reset_password', target_type: 'admin', target_id: id });
    return { password };
  }

  private async assertSuperAdminLeft(): Promise<void> {
    if ((await countActiveSuperAdmins(this.trx)) === 0) throw conflict({ _: ['validate.error.last_super_admin'] });
  }
}
