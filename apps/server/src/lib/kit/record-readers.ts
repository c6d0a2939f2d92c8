import { can } from '@bo/shared/permissions';
import type { AuditTarget } from '../context/audit-targets.ts';
import type { CurrentView } from '../context/version-check.ts';
import type { AdminReadContext } from '../context/request-context.ts';

/**
 * Who may read a record of a target, and how it is found in the caller's reach (issue 36): what
 * `GET /api/admin/record-versions/:target_type/:target_key` and the edit leases check before they say
 * anything about a record. The kit adds its resources' single reads; hand-written forms add their own.
 */
export interface RecordReader {
  target: AuditTarget;
  /** Any one of them lets the caller read the record (`can`). */
  roles: readonly string[];
  /** The resource acts in the request's organization: without one its records are out of reach. */
  organization?: boolean;
  /** The record in the caller's reach, or undefined. */
  find: CurrentView;
  /** The rows among `ids` in the caller's reach, in one query (the kit's resources). */
  findMany?(ctx: AdminReadContext, ids: number[]): Promise<{ id: number }[]>;
}

/** What a caller gets asking about records of a target type. */
export type Reach = { ok: true; ids: number[] } | { ok: false; why: 'unknown' | 'role' | 'organization' };
/** The same for records named by key (reachableKeys). */
export type KeyReach = { ok: true; keys: string[] } | Extract<Reach, { ok: false }>;

/** A row's id as a key: digits (the kit's resources, organizations, website settings `1`). */
const ROW_ID = /^\d{1,15}$/;

export class RecordReaders {
  private readonly byTarget = new Map<string, RecordReader[]>();

  add(reader: RecordReader): void {
    const list = this.byTarget.get(reader.target) ?? [];
    list.push(reader);
    this.byTarget.set(reader.target, list);
  }

  of(target: string): readonly RecordReader[] {
    return this.byTarget.get(target) ?? [];
  }

  /** Every role that lets a caller read records of the target (for a role refusal's `required_roles`). */
  roles(target: string): readonly string[] | null {
    const readers = this.of(target);
    return readers.length ? [...new Set(readers.flatMap((r) => r.roles))] : null;
  }

  /** The readers of the target the context's admin may use, or why none. */
  private usable(ctx: AdminReadContext, target: string): { ok: true; readers: RecordReader[] } | Extract<Reach, { ok: false }> {
    const readers = this.of(target);
    if (!readers.length) return { ok: false, why: 'unknown' };
    const allowed = readers.filter((r) => can(ctx.principal.roles, r.roles));
    if (!allowed.length) return { ok: false, why: 'role' };
    const usable = allowed.filter((r) => !r.organization || ctx.organizationId !== null);
    if (!usable.length) return { ok: false, why: 'organization' };
    return { ok: true, readers: usable };
  }

  /**
   * The keys among `keys` the context's admin may read: row ids (digits, answered as `String(id)`)
   * from every reader, other keys (a document's, as its version names it: app_config `app`, a mail
   * template's `name:locale`) only from readers of single documents (those without `findMany`).
   */
  async reachableKeys(ctx: AdminReadContext, target: string, keys: readonly string[]): Promise<KeyReach> {
    const gate = this.usable(ctx, target);
    if (!gate.ok) return gate;
    const rows = [...new Set(keys.filter((k) => ROW_ID.test(k)).map(Number))];
    const reach = rows.length ? await this.reachable(ctx, target, rows) : { ok: true as const, ids: [] };
    const found = new Set(reach.ok ? reach.ids.map(String) : []);
    const documents = gate.readers.filter((r) => !r.findMany);
    for (const key of new Set(keys.filter((k) => !ROW_ID.test(k))))
      for (const reader of documents)
        if ((await reader.find(ctx, key).catch(() => undefined)) != null) {
          found.add(key);
          break;
        }
    return { ok: true, keys: [...found] };
  }

  /** The ids among `ids` the context's admin may read (another organization's are simply absent). */
  async reachable(ctx: AdminReadContext, target: string, ids: readonly number[]): Promise<Reach> {
    const gate = this.usable(ctx, target);
    if (!gate.ok) return gate;
    const usable = gate.readers;
    const found = new Set<number>();
    const unique = [...new Set(ids)];
    for (const reader of usable) {
      const left = unique.filter((id) => !found.has(id));
      if (!left.length) break;
      if (reader.findMany) for (const row of await reader.findMany(ctx, left)) found.add(row.id);
      else for (const id of left) if ((await reader.find(ctx, String(id)).catch(() => undefined)) != null) found.add(id);
    }
    return { ok: true, ids: unique.filter((id) => found.has(id)) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    recordReaders: RecordReaders;
  }
}
