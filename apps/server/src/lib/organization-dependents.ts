import type { DbOrTrx } from '../db/database.ts';

/**
 * What goes with an organization when it is deleted. Each module that keeps organization-scoped
 * rows registers itself here, so the delete confirmation names everything that goes, nothing is
 * left pointing at a deleted organization, and stored files are removed once the delete commits.
 */
export interface OrganizationDependent {
  name: string;
  count(db: DbOrTrx, organizationId: number): Promise<number>;
  /** Deletes the rows inside the delete's transaction; returns storage keys to delete after commit. */
  remove(db: DbOrTrx, organizationId: number): Promise<string[]>;
}

const dependents = new Map<string, OrganizationDependent>();

/** Idempotent by name: every app built in a process registers the same modules. */
export function registerOrganizationDependent(d: OrganizationDependent): void {
  dependents.set(d.name, d);
}

export async function countOrganizationDependents(db: DbOrTrx, organizationId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const d of dependents.values()) out[d.name] = await d.count(db, organizationId);
  return out;
}

/** Removes every dependent's rows; answers the storage keys that are no longer referenced. */
export async function removeOrganizationDependents(db: DbOrTrx, organizationId: number): Promise<string[]> {
  const keys: string[] = [];
  for (const d of dependents.values()) keys.push(...(await d.remove(db, organizationId)));
  return keys;
}

registerOrganizationDependent({
  name: 'members',
  count: async (db, organizationId) => Number((await db.selectFrom('organization_members')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', organizationId).executeTakeFirst())?.n ?? 0),
  remove: async (db, organizationId) => {
    await db.deleteFrom('organization_members').where('organization_id', '=', organizationId).execute();
    return [];
  },
});

/** Rows of an organization-scoped table, for a dependent's `count`. */
export async function countOrganizationRows(db: DbOrTrx, table: 'staff' | 'staff_excels' | 'photos' | 'files', organizationId: number): Promise<number> {
  const r = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', organizationId).executeTakeFirst();
  return Number(r?.n ?? 0);
}
