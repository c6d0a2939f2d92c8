import type { RawBuilder, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ReadDb, Trx } from '../../db/database.ts';
import { likePattern, type ListParams, type ListResult } from '../list.ts';
import { paginate } from '../../db/paginate.ts';
import { loadAllOr404 } from '../load-all.ts';
import { notFound } from '../errors.ts';
import { owningOrganization, whereInScope, type Scope } from '../context/scope.ts';
import type { OrganizationDependent } from './organization-dependents.ts';
import {
  countOrganizationRowsOf,
  deleteOrganizationRows,
  deleteRows,
  insertRow,
  keywordMatch,
  placesOf,
  selectAllOf,
  storedKeysOf,
  updateRows,
} from './scoped-table.repository.ts';

// The builders are dynamic in their table: typed at the edges (views, scopes, ids), loose inside.
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface ScopedTableOptions<View extends { id: number }, Row> {
  /** The table rows are written to. */
  table: keyof DB & string;
  /** The alias `select` uses for it (`s` in `selectFrom('staff as s')`). */
  alias: string;
  /** The base read: the table with its joins and selected columns, unscoped and unfiltered; by default every column of the table. */
  select?: (db: ReadDb) => AnyQuery;
  /** Rows to views; may read related rows with the same connection. */
  toView(rows: Row[], db: ReadDb): View[] | Promise<View[]>;
  /** Allow-listed sort names (the list's `sort`) and the column each sorts by. */
  sortColumns: Record<string, string>;
  /** Columns a list's `keyword` matches (case-insensitive substring). */
  keywordColumns?: readonly string[];
  /**
   * A further match for the keyword outside the row's own columns (a product's instance SKUs), given
   * the lower-cased LIKE pattern; or-ed with the keyword columns.
   */
  keywordAlso?: (pattern: string) => RawBuilder<unknown>;
  /** The organization column (`organization_id`); null for a table that belongs to no organization. */
  organizationColumn?: string | null;
  /**
   * An organization-scoped table is registered as an organization dependent under this name: the
   * delete confirmation counts its rows, and deleting the organization deletes them (children first)
   * and the stored objects they reference once the delete has committed.
   */
  dependent?: {
    name: string;
    /** Tables holding this table's child rows, by their own organization column, deleted first. */
    children?: readonly { table: keyof DB & string; storedKeyColumns?: readonly string[] }[];
    /** Columns of this table that hold storage keys. */
    storedKeyColumns?: readonly string[];
    /** Storage keys held in another shape (e.g. a JSON column of variants). */
    storedKeys?: (db: ReadDb, organizationId: number) => Promise<string[]>;
    /** False for an organization's settings (not data the delete confirmation names): removed, counted as 0. */
    counted?: boolean;
  };
}

const now = () => new Date().toISOString();

/**
 * A table's repository operations, each taking the scope it covers: list (sort allow-list, keyword
 * columns, extra filters), find, find-by (one row by a unique key), find-or-404, load-all-or-404, insert, update and delete. An
 * organization-scoped table also answers as an organization dependent.
 */
export function scopedTable<View extends { id: number }, Row = any>(opts: ScopedTableOptions<View, Row>) {
  const orgColumn = opts.organizationColumn === undefined ? 'organization_id' : opts.organizationColumn;
  const qualified = (column: string) => `${opts.alias}.${column}`;
  const idColumn = qualified('id');

  const select = (db: ReadDb): AnyQuery => (opts.select ? opts.select(db) : selectAllOf(db, opts.table, opts.alias));
  const query = (db: ReadDb, scope: Scope): AnyQuery =>
    orgColumn === null ? select(db) : whereInScope(select(db), qualified(orgColumn), scope);

  const views = async (db: ReadDb, rows: Row[]) => (rows.length ? opts.toView(rows, db) : []);

  const find = async (db: ReadDb, scope: Scope, ids: readonly number[]): Promise<View[]> =>
    ids.length
      ? views(
          db,
          (await query(db, scope)
            .where(idColumn, 'in', [...ids])
            .execute()) as Row[],
        )
      : [];

  const byScope = (q: any, scope: Scope) => (orgColumn === null ? q : whereInScope(q, orgColumn, scope));

  const table = {
    options: opts,
    query,
    find,

    async list(
      db: ReadDb,
      scope: Scope,
      params: ListParams & { keyword?: string },
      filter?: (qb: AnyQuery) => AnyQuery,
    ): Promise<ListResult<View>> {
      let qb = table.searched(db, scope, params.keyword);
      if (filter) qb = filter(qb);
      // A declared select may compute per row (subqueries): the page's ids are sorted and cut first.
      const page = await paginate(qb, params, { idColumn, sortColumns: opts.sortColumns, idsFirst: !!opts.select });
      return { data: await views(db, page.data as Row[]), meta: page.meta };
    },

    /** The scope's rows whose keyword columns hold `keyword` (case-insensitive substring); all rows without one. */
    searched(db: ReadDb, scope: Scope, keyword: string | undefined): AnyQuery {
      const qb = query(db, scope);
      const k = keyword?.trim().toLowerCase();
      if (!k || !opts.keywordColumns?.length) return qb;
      const pattern = likePattern(k);
      return qb.where(keywordMatch(opts.keywordColumns, pattern, opts.keywordAlso ? [opts.keywordAlso(pattern)] : []));
    },

    /** Every row the scope, keyword and filter match, newest id first, in batches (exports): never all in memory. */
    async *batches(
      db: ReadDb,
      scope: Scope,
      keyword: string | undefined,
      filter: (qb: AnyQuery) => AnyQuery = (qb) => qb,
      size = 500,
    ): AsyncGenerator<View[]> {
      let before: number | null = null;
      for (;;) {
        let qb = filter(table.searched(db, scope, keyword));
        if (before !== null) qb = qb.where(idColumn, '<', before);
        const rows = (await qb.orderBy(idColumn, 'desc').limit(size).execute()) as Row[];
        if (!rows.length) return;
        yield await views(db, rows);
        if (rows.length < size) return;
        before = (rows[rows.length - 1] as { id: number }).id;
      }
    },

    /**
     * The one row the filter picks by a unique key (a published page by its slug): one query, no
     * count; undefined when none matches in the scope.
     */
    async findBy(db: ReadDb, scope: Scope, filter: (qb: AnyQuery) => AnyQuery): Promise<View | undefined> {
      const [row] = (await filter(query(db, scope)).limit(1).execute()) as Row[];
      return row ? (await views(db, [row]))[0] : undefined;
    },

    async findOr404(db: ReadDb, scope: Scope, id: number): Promise<View> {
      const [row] = await find(db, scope, [id]);
      if (!row) throw notFound();
      return row;
    },

    /** All of `ids` or 404 (lib/load-all.ts): one row out of reach refuses the whole batch. */
    loadAllOr404: (db: ReadDb, scope: Scope, ids: readonly number[]) => loadAllOr404(ids, (unique) => find(db, scope, unique)),

    /** Inserts a row owned by the scope's organization (an organization-scoped table needs one); answers its id. */
    async insert(trx: Trx, scope: Scope, values: Record<string, unknown>): Promise<number> {
      const t = now();
      const owner = orgColumn === null ? {} : { [orgColumn]: owningOrganization(scope) };
      return insertRow(trx, opts.table, { ...values, ...owner, created_at: t, updated_at: t });
    },

    /** Inserts a row (as `insert`) and answers it as a view. */
    async create(trx: Trx, scope: Scope, values: Record<string, unknown>): Promise<View> {
      return table.findOr404(trx, scope, await table.insert(trx, scope, values));
    },

    /** Updates rows of the scope (stamping updated_at); answers how many changed. */
    async update(trx: Trx, scope: Scope, ids: number | readonly number[], values: Record<string, unknown>): Promise<number> {
      const list = typeof ids === 'number' ? [ids] : [...ids];
      if (!list.length) return 0;
      const r = await byScope(updateRows(trx, opts.table, list, { ...values, updated_at: now() }), scope).executeTakeFirst();
      return Number(r?.numUpdatedRows ?? 0);
    },

    /** The scope's rows whose columns equal `where` (one ordered list: a position's banners), by `column` then id. */
    async orderOf(
      db: ReadDb,
      scope: Scope,
      where: Record<string, unknown>,
      column = 'sort_order',
    ): Promise<{ id: number; place: number }[]> {
      let q = byScope(placesOf(db, opts.table, column), scope);
      for (const [c, v] of Object.entries(where)) q = q.where(c, '=', v);
      return q.orderBy(column).orderBy('id').execute();
    },

    async remove(trx: Trx, scope: Scope, ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      await byScope(deleteRows(trx, opts.table, ids), scope).execute();
    },

    /** This table as an organization dependent; null for a table outside organizations. */
    dependent: null as OrganizationDependent | null,
  };

  const dep = opts.dependent;
  if (dep && orgColumn !== null) {
    const keysIn = async (db: ReadDb, t: string, columns: readonly string[] | undefined, organizationId: number) =>
      columns?.length ? storedKeysOf(db, t, columns, orgColumn, organizationId) : [];
    table.dependent = {
      name: dep.name,
      async count(db, organizationId) {
        if (dep.counted === false) return 0;
        return countOrganizationRowsOf(db, opts.table, orgColumn, organizationId);
      },
      async remove(db, organizationId) {
        const keys: string[] = [];
        for (const child of dep.children ?? []) {
          keys.push(...(await keysIn(db, child.table, child.storedKeyColumns, organizationId)));
          await deleteOrganizationRows(db, child.table, orgColumn, organizationId);
        }
        keys.push(...(await keysIn(db, opts.table, dep.storedKeyColumns, organizationId)));
        if (dep.storedKeys) keys.push(...(await dep.storedKeys(db, organizationId)));
        await deleteOrganizationRows(db, opts.table, orgColumn, organizationId);
        return keys;
      },
    };
  }
  return table;
}

export type ScopedTable<View extends { id: number }> = ReturnType<typeof scopedTable<View>>;
