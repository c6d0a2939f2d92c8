import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOrganizations } from '../src/lib/context/scope.ts';
import { pages } from '../src/modules/page/page.repository.ts';
import { products } from '../src/modules/product/product.repository.ts';
import { api, buildAdmin, createTestApp, login, type TestApp } from './helpers.ts';

/** Records every query node a connection runs. */
function recorder(): { plugin: KyselyPlugin; nodes: RootOperationNode[] } {
  const nodes: RootOperationNode[] = [];
  return {
    nodes,
    plugin: {
      transformQuery: ({ node }) => {
        nodes.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    },
  };
}

/** The table a top-level select reads from (`selectFrom('pages as p')`). */
const fromTable = (node: RootOperationNode): string | undefined => {
  const from = (node as { from?: { froms: { node?: { table?: { identifier: { name: string } } } }[] } }).from?.froms[0];
  return from?.node?.table?.identifier.name;
};
const limitOf = (node: RootOperationNode) => (node as { limit?: { limit: { value: unknown } } }).limit?.limit.value;

let t: TestApp;
let editor: string;

beforeAll(async () => {
  t = await createTestApp();
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE', 'ROLE_PRODUCT'] }));
});
afterAll(async () => {
  await t?.close();
});

describe('one-row reads by a unique key (findBy)', () => {
  it('read a published page and product by slug in one query of one row (list() takes three); none is undefined', async () => {
    const page = await api(t.app, editor).post('/api/admin/page', {
      type: 'article',
      slug: 'one-query',
      title: '一次查詢',
      body: '<p>x</p>',
      status: 'published',
    });
    expect(page.statusCode, page.body).toBe(200);
    const product = await api(t.app, editor).post('/api/admin/product', { slug: 'one-query', name: '產品', status: 'published' });
    expect(product.statusCode, product.body).toBe(200);

    for (const [table, filter, id] of [
      [pages, (qb: any) => qb.where('p.type', '=', 'article').where('p.slug', '=', 'one-query'), page.json().id],
      [products, (qb: any) => qb.where('p.slug', '=', 'one-query'), product.json().id],
    ] as const) {
      const { plugin, nodes } = recorder();
      const found = await (table as typeof pages).findBy(t.db.withPlugin(plugin), allOrganizations, filter);
      expect(found?.id).toBe(id);
      // One query reads the table (limited to one row, no count); any others read the view's related rows.
      const own = nodes.filter((n) => fromTable(n) === table.options.table);
      expect(own.map(limitOf)).toEqual([1]);
      // What it replaces: a page of one through list() counts the rows too, and (a declared select computing
      // per row) reads the page's ids before its rows (db/paginate.ts idsFirst).
      const listed = recorder();
      await (table as typeof pages).list(
        t.db.withPlugin(listed.plugin),
        allOrganizations,
        { page: 1, per_page: 1, sort: 'id', order: 'desc' },
        filter,
      );
      expect(listed.nodes.filter((n) => fromTable(n) === table.options.table)).toHaveLength(3);
      expect(await (table as typeof pages).findBy(t.db, allOrganizations, (qb) => filter(qb).where('p.id', '<', 0))).toBeUndefined();
    }
  });
});
