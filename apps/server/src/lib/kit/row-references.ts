import type { DB } from '../../db/schema.ts';
import type { WriteContext } from '../context/request-context.ts';

/**
 * Rows of one module pointing at rows another module owns (a staff's library photo). The owner
 * deletes its rows through `ctx.release(table, ids)` first, and each holder lets go of them (and
 * audits that) in the same transaction: the owner never imports the modules that use its rows.
 */
export interface RowReference {
  name: string;
  /** The table whose rows are referenced. */
  references: keyof DB & string;
  release(ctx: WriteContext, ids: readonly number[]): Promise<void>;
}

/** The row references of one app, declared by the modules holding them (server-module.ts). */
export class RowReferences {
  private readonly byName = new Map<string, RowReference>();

  add(r: RowReference): void {
    if (this.byName.has(r.name)) throw new Error(`row reference ${r.name} declared twice`);
    this.byName.set(r.name, r);
  }

  async release(ctx: WriteContext, table: keyof DB & string, ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    for (const r of this.byName.values()) if (r.references === table) await r.release(ctx, ids);
  }
}
