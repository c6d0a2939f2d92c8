import type { ReadDb } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { WriteContext } from '../context/request-context.ts';

/** One row holding a referenced row, as a confirmation names it before the owner deletes (issue 36). */
export interface RowUse {
  /** The referenced row (a photo's id). */
  referenced_id: number;
  /** What holds it: `banner`, `staff`… (the owner's schema lists the kinds it knows). */
  kind: string;
  id: number;
  label: string;
  /** Where on the site (a banner's position), when the kind has places. */
  place: string | null;
  /** Shown on the public website: deleting the referenced row takes it off the site. */
  on_website: boolean;
  /** The holder's organization, null for website content (which belongs to the site). */
  organization_id: number | null;
}

/**
 * Rows of one module pointing at rows another module owns (a staff's library photo). The owner
 * deletes its rows through `ctx.release(table, ids)` first, and each holder lets go of them (and
 * audits that) in the same transaction: the owner never imports the modules that use its rows.
 * `uses` names the holding rows beforehand, so the owner can ask before deleting.
 */
export interface RowReference {
  name: string;
  /** The table whose rows are referenced. */
  references: keyof DB & string;
  uses(db: ReadDb, ids: readonly number[]): Promise<RowUse[]>;
  release(ctx: WriteContext, ids: readonly number[]): Promise<void>;
}

/** The row references of one app, declared by the modules holding them (server-module.ts). */
export class RowReferences {
  private readonly byName = new Map<string, RowReference>();

  add(r: RowReference): void {
    if (this.byName.has(r.name)) throw new Error(`row reference ${r.name} declared twice`);
    this.byName.set(r.name, r);
  }

  async uses(db: ReadDb, table: keyof DB & string, ids: readonly number[]): Promise<RowUse[]> {
    if (!ids.length) return [];
    const all: RowUse[] = [];
    for (const r of this.byName.values()) if (r.references === table) all.push(...(await r.uses(db, ids)));
    return all;
  }

  async release(ctx: WriteContext, table: keyof DB & string, ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    for (const r of this.byName.values()) if (r.references === table) await r.release(ctx, ids);
  }
}
