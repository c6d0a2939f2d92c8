import type { ReadDb, Trx } from '../../db/database.ts';

/**
 * What goes with an organization when it is deleted. Modules declare their organization-scoped
 * tables (scoped-table.ts) in their descriptor, so the delete confirmation names everything that
 * goes, nothing is left pointing at a deleted organization, and stored objects are removed once the
 * delete commits. Nothing in lib/ names a module's table.
 */
export interface OrganizationDependent {
  name: string;
  count: (db: ReadDb, organizationId: number) => Promise<number>;
  /** Deletes the rows inside the delete's transaction; answers storage keys to delete after commit. */
  remove(db: Trx, organizationId: number): Promise<string[]>;
}

/** The dependents of one app, in registration order (a module's dependents go before those it depends on). */
export class OrganizationDependents {
  private readonly byName = new Map<string, OrganizationDependent>();

  add(d: OrganizationDependent): void {
    if (this.byName.has(d.name)) throw new Error(`organization dependent ${d.name} declared twice`);
    this.byName.set(d.name, d);
  }

  async count(db: ReadDb, organizationId: number): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const d of this.byName.values()) out[d.name] = await d.count(db, organizationId);
    return out;
  }

  /** Removes every dependent's rows; answers the storage keys that are no longer referenced. */
  async remove(db: Trx, organizationId: number): Promise<string[]> {
    const keys: string[] = [];
    for (const d of this.byName.values()) keys.push(...(await d.remove(db, organizationId)));
    return keys;
  }
}
