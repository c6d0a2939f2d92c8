import { can } from '@bo/shared/permissions';
import type { AdminReadContext } from '../context/request-context.ts';

/** How to tell whether an admin may read a record of one target type: the roles and the scoped find of its resource. */
export interface RecordReader {
  roles: readonly string[];
  /** The resource acts in the request's organization: without one its records are out of reach. */
  organization: boolean;
  find(ctx: AdminReadContext, ids: number[]): Promise<{ id: number }[]>;
}

/** What a caller gets asking about records of a target type. */
export type Reach = { ok: true; ids: number[] } | { ok: false; why: 'unknown' | 'role' | 'organization' };

/**
 * Every kit resource's read access by its audit target type (resourceRoutes adds its own), so code that
 * names a record by target type and id (edit leases, issue 36) asks the resource itself who may see it.
 */
export class RecordReaders {
  private readonly byTarget = new Map<string, RecordReader>();

  /** The first resource declared on a target is its reader (a second, e.g. a sub-list, reads the same rows). */
  add(target: string, reader: RecordReader): void {
    if (!this.byTarget.has(target)) this.byTarget.set(target, reader);
  }

  /** The ids among `ids` the context's admin may read (another organization's are simply absent). */
  async reachable(ctx: AdminReadContext, target: string, ids: readonly number[]): Promise<Reach> {
    const reader = this.byTarget.get(target);
    if (!reader) return { ok: false, why: 'unknown' };
    if (!can(ctx.principal.roles, reader.roles)) return { ok: false, why: 'role' };
    if (reader.organization && ctx.organizationId === null) return { ok: false, why: 'organization' };
    const found = ids.length ? await reader.find(ctx, [...new Set(ids)]) : [];
    return { ok: true, ids: found.map((r) => r.id) };
  }

  roles(target: string): readonly string[] | null {
    return this.byTarget.get(target)?.roles ?? null;
  }
}
