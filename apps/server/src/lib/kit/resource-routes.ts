import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchPatchBody, idParam, idsBody, listResponse, orderBody, patchBody } from '@bo/shared/list';
import type { ListResult } from '../list.ts';
import { loadAllOr404 } from '../load-all.ts';
import { parsePatch } from '../patch-fields.ts';
import { listSerializerCompiler } from './list-serializer.ts';
import type { AuditActions, AuditTarget } from '../context/audit-targets.ts';
import type { AdminReadContext, RequestContext } from '../context/request-context.ts';
import { storeOrder, type OrderDeclaration } from './row-order.ts';
import { historyQuery, historyResponse, restoreInput } from '@bo/shared/schemas/history';
import { badRequest, fieldErrorsOf, notFound as notFoundError } from '../errors.ts';
import { recordHistory, restoreMarks, restoreOf, type HistoryPart, type HistoryRecord } from './record-history.ts';
import { withVersion } from '@bo/shared/versions';
import type { FastifyReply } from 'fastify';
import type { ReadDb } from '../../db/database.ts';
import type { CurrentView, VersionDeclaration } from '../context/version-check.ts';
import { versionsOfRows } from '../context/record-versions.ts';

/** The spec's eight calls on a resource (section 3). */
export type ResourceOperation = 'index' | 'read' | 'create' | 'update' | 'patch' | 'batchPatch' | 'delete' | 'batchDelete';

/**
 * A resource's reads, a function of a read context (`req.read('admin')`, or `req.read('organization')`
 * for an organization's resource): the index and the single read run on them, without a write method in reach.
 */
export interface ResourceReads<View extends { id: number }, Query, List = ListResult<View>> {
  /** The index: by default a page of views; a resource may answer its own shape (`schemas.list`). */
  list(query: Query): Promise<List>;
  /** The rows among `ids` the context may see (scoped); missing ones are simply absent. */
  find(ids: number[]): Promise<View[]>;
  /** The single read's answer when it tells more than a row (e.g. counts for a delete confirmation). */
  detail?(row: View): Promise<View>;
}

/** A resource's writes, a function of the request context; the kit loads the rows they take through the reads. */
export interface ResourceWrites<View extends { id: number }, Input> {
  create?(input: Input): Promise<View>;
  update?(before: View, input: Input): Promise<View>;
  /** One allow-listed field; by default `update` is not used for it, so a service with patchable fields implements this. */
  patch?(before: View, change: { field: string; value: unknown }): Promise<View>;
  /** Deletes the rows (already loaded and scoped); stored objects go through `ctx.dropAfterCommit`. */
  remove?(rows: View[]): Promise<void>;
}

type Roles = readonly string[];

export interface ResourceDeclaration<T extends AuditTarget, View extends { id: number }, Input, Query, List = ListResult<View>> {
  /** e.g. `/api/admin/organization/staff`: index is `${path}/index`, one row is `${path}/:id`. */
  path: string;
  tags: string[];
  /** Audit target type of every entry the kit writes. */
  target: T;
  /** Routes act in the request's organization: their context's scope is that organization. */
  organization?: boolean;
  /** Who may call what: reads, writes, and (by default the write roles) deletes. */
  roles: { read: Roles; write: Roles; remove?: Roles } & Partial<Record<ResourceOperation, Roles>>;
  /** `list` is the index's answer when it is not a page of views (a list item of its own, or no paging). */
  schemas: { view: z.ZodType<View>; input?: z.ZodType<Input>; listQuery: z.ZodType<Query>; list?: z.ZodType<List>; created?: z.ZodTypeAny };
  /** PATCH {field, value}: the allow-listed fields and the schema of each. */
  patch?: { fields: readonly string[]; rules: Record<string, z.ZodType> };
  /** The audit action a PATCH records (some resources record their field changes as updates). */
  patchAction?: AuditActions[T];
  /** Calls left out of the spec's eight (they answer 404, as routes that do not exist). */
  without?: readonly ResourceOperation[];
  /** Extra route config for every route (e.g. `organizationIdIsFilter`). */
  config?: Record<string, unknown>;
  /** Route config of single calls, over `config` (e.g. the index's `organizationIdIsFilter`). */
  operationConfig?: Partial<Record<ResourceOperation, Record<string, unknown>>>;
  /**
   * Calls whose audit entries the service writes itself through `ctx.audit`, when the kit's default
   * shape does not fit (e.g. nothing when nothing changed, or views wider than the caller's scope).
   */
  serviceAudits?: readonly ResourceOperation[];
  /** `without` calls are then registered and always answer this error, instead of not existing (404). */
  refuseWithout?: { error: () => Error; description: string };
  /**
   * A stored order the editors drag rows into (row-order.ts): adds `PUT ${path}/order` `{ ids, …scope }`
   * with the write roles, audited `reorder` on the target. The index sorts by `sort_order` as declared.
   */
  order?: 'reorder' extends AuditActions[T] ? OrderDeclaration : never;
  /**
   * A view as its create, update and delete entries store it, read in the call's transaction while
   * the row is as the view shows it (e.g. a personal field's blind index beside its mask); the view itself by default.
   */
  auditView?(ctx: RequestContext, view: View): Promise<unknown>;
  /**
   * The record's history and restore (record-history.ts, docs/history.md): `GET /api/admin/history/${target}/:id`
   * with the read roles and `POST …/restore` with the update roles. A restore goes through `update` with the
   * current record and the restored values (parsed by `schemas.input`), unless `restore` says how.
   */
  history?:
    | true
    | {
        restore?(ctx: RequestContext, current: View, values: Record<string, unknown>): Promise<View>;
        /** Records whose entries the history lists beside the record's own (a product's SKU rows), read only. */
        parts?(ctx: AdminReadContext, id: number): Promise<HistoryPart[]>;
      };
  /** The index and single read, on a read context: a write there does not compile. */
  reads(ctx: AdminReadContext): ResourceReads<View, Query, List>;
  /** The writes, in the call's transaction; none for a read-only resource. */
  service?(ctx: RequestContext): ResourceWrites<View, Input>;
}

const ok = z.object({ message: z.string() });

const ROUTE_OF: Record<ResourceOperation, ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string]> = {
  index: ['GET', '/index'],
  read: ['GET', '/:id'],
  create: ['POST', ''],
  update: ['PUT', '/:id'],
  patch: ['PATCH', '/:id'],
  batchPatch: ['PATCH', '/batch'],
  delete: ['DELETE', '/:id'],
  batchDelete: ['DELETE', '/batch'],
};

/**
 * Declares a resource: the spec's index, read, create, update, patch, batch patch, delete and batch
 * delete routes, each in one transaction (batches all or nothing), with 404 for a row out of reach
 * and the before/after audit entries, written once here.
 */
export function resourceRoutes<T extends AuditTarget, View extends { id: number }, Input, Query, List = ListResult<View>>(
  decl: ResourceDeclaration<T, View, Input, Query, List>,
) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { path, tags, target, schemas } = decl;
    // Typed loosely for Fastify: the service's View type already ties the handlers to the schema.
    const view = schemas.view as z.ZodTypeAny;
    const has = (op: ResourceOperation) => !decl.without?.includes(op);
    const rolesFor = (op: ResourceOperation): Roles =>
      decl.roles[op] ??
      (op === 'index' || op === 'read'
        ? decl.roles.read
        : op === 'delete' || op === 'batchDelete'
          ? (decl.roles.remove ?? decl.roles.write)
          : decl.roles.write);
    // Issue 36: the record(s) each write changes, whose versions the write door checks (lib/context/record-versions.ts).
    const current: CurrentView = async (ctx, id) => {
      const reads = decl.reads(ctx as AdminReadContext);
      const [row] = await reads.find([Number(id)]);
      return row && (reads.detail ? reads.detail(row) : row);
    };
    const one: VersionDeclaration = { target, id: (req) => (req.params as { id: number }).id, current };
    const many: VersionDeclaration = { target, ids: (req) => (req.body as { ids: number[] }).ids, current };
    const VERSION_OF: Record<ResourceOperation, VersionDeclaration | undefined> = {
      index: undefined,
      read: undefined,
      create: 'create',
      update: one,
      patch: one,
      delete: one,
      batchPatch: many,
      batchDelete: many,
    };
    const config = (op: ResourceOperation) => ({
      ...decl.config,
      ...decl.operationConfig?.[op],
      roles: rolesFor(op),
      organization: decl.organization ?? false,
      ...(VERSION_OF[op] ? { version: VERSION_OF[op] } : {}),
    });
    /** Views with their versions (one query for all of them); the single read's also as its ETag. */
    const versioned = async <V extends { id: number }>(db: ReadDb, rows: V[]): Promise<(V & { version: number })[]> => {
      const versions = await versionsOfRows(
        db,
        target,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, version: versions.get(String(r.id)) ?? 0 }));
    };
    const tagged = async <V extends { id: number }>(reply: FastifyReply, db: ReadDb, row: V) => {
      const [out] = await versioned(db, [row]);
      reply.header('etag', `"${out!.version}"`);
      return out!;
    };
    const versionedView = withVersion(view);
    if (has('read'))
      fastify.recordReaders.add({
        target,
        roles: rolesFor('read'),
        organization: decl.organization ?? false,
        find: current,
        findMany: (ctx, ids) => decl.reads(ctx).find(ids),
      });
    const listSchema = (schemas.list ? versionedList(schemas.list as z.ZodTypeAny) : listResponse(versionedView)) as z.ZodTypeAny;

    // The routes' door, as `config` declares it: acting in the request's organization, or as the admin.
    const door = decl.organization ? 'organization' : 'admin';
    const writes = decl.service;
    if (!writes && (['create', 'update', 'patch', 'batchPatch', 'delete', 'batchDelete'] as const).some(has))
      throw new Error(`${path}: writes declared without a service`);
    const inTx = <R>(req: FastifyRequest, fn: (service: ResourceWrites<View, Input>, ctx: RequestContext) => Promise<R>): Promise<R> =>
      req.write(door, (ctx) => fn(writes!(ctx), ctx));
    const loadAll = (reads: ResourceReads<View, Query, List>, ids: readonly number[]) => loadAllOr404(ids, (unique) => reads.find(unique));
    const audit = async (
      op: ResourceOperation,
      ctx: RequestContext,
      action: AuditActions[T],
      id: number,
      before?: unknown,
      after?: unknown,
    ) => {
      if (decl.serviceAudits?.includes(op)) return;
      await ctx.audit({ action, target_type: target, target_id: id, before, after } as Parameters<RequestContext['audit']>[0]);
    };
    const patchOf = (body: { field: string; value: unknown }) => {
      if (!decl.patch) throw new Error(`${path}: patch declared without fields`);
      return parsePatch(decl.patch.fields, decl.patch.rules, body) as { field: string; value: unknown };
    };
    const patchOne = async (
      service: ResourceWrites<View, Input>,
      ctx: RequestContext,
      before: View,
      change: { field: string; value: unknown },
      op: ResourceOperation,
    ) => {
      const after = await service.patch!(before, change);
      const pick = (v: View) => ({ [change.field]: (v as Record<string, unknown>)[change.field] });
      await audit(op, ctx, decl.patchAction ?? ('patch' as AuditActions[T]), before.id, pick(before), pick(after));
      return after;
    };
    const audited = (ctx: RequestContext, view: View) => (decl.auditView ? decl.auditView(ctx, view) : Promise.resolve(view));
    const removeAll = async (service: ResourceWrites<View, Input>, ctx: RequestContext, ids: readonly number[], op: ResourceOperation) => {
      const rows = await loadAll(decl.reads(ctx), ids);
      const entries = [];
      for (const row of rows) entries.push(await audited(ctx, row));
      await service.remove!(rows);
      for (const [i, row] of rows.entries()) await audit(op, ctx, 'delete' as AuditActions[T], row.id, entries[i]);
      return { message: 'OK' };
    };

    if (has('index')) {
      app.get(
        `${path}/index`,
        {
          schema: { tags, querystring: schemas.listQuery, response: { 200: listSchema } },
          config: config('index'),
          // Lists are the hot path: written by fast-json-stringify from the same schema (list-serializer.ts).
          serializerCompiler: listSerializerCompiler as never,
        },
        async (req) => {
          const ctx = req.read(door);
          const list = await decl.reads(ctx).list(req.query as Query);
          const rows = (list as { data?: unknown }).data;
          if (!Array.isArray(rows) || !rows.every((r) => r && typeof r === 'object' && 'id' in r)) return list;
          return { ...list, data: await versioned(ctx.db, rows as View[]) };
        },
      );
    }
    if (has('create')) {
      app.post(
        path,
        {
          schema: { tags, body: schemas.input!, response: { 200: schemas.created ?? versionedView } },
          config: config('create'),
        },
        (req, reply) =>
          inTx(req, async (service, ctx) => {
            const after = await service.create!(req.body as Input);
            await audit('create', ctx, 'create' as AuditActions[T], after.id, undefined, await audited(ctx, after));
            return schemas.created ? after : tagged(reply, ctx.db, after);
          }),
      );
    }
    if (has('batchPatch')) {
      app.patch(
        `${path}/batch`,
        {
          schema: { tags, body: batchPatchBody, response: { 200: z.object({ data: z.array(versionedView) }) } },
          config: config('batchPatch'),
        },
        (req) =>
          inTx(req, async (service, ctx) => {
            const change = patchOf(req.body);
            const data = [];
            for (const before of await loadAll(decl.reads(ctx), req.body.ids))
              data.push(await patchOne(service, ctx, before, change, 'batchPatch'));
            return { data: await versioned(ctx.db, data) };
          }),
      );
    }
    if (has('batchDelete')) {
      app.delete(
        `${path}/batch`,
        {
          schema: { tags, body: idsBody, response: { 200: ok } },
          config: config('batchDelete'),
        },
        (req) => inTx(req, (service, ctx) => removeAll(service, ctx, req.body.ids, 'batchDelete')),
      );
    }
    if (has('read')) {
      app.get(
        `${path}/:id`,
        {
          schema: { tags, params: idParam, response: { 200: versionedView } },
          config: config('read'),
        },
        async (req, reply) => {
          const ctx = req.read(door);
          const reads = decl.reads(ctx);
          const [row] = await loadAll(reads, [req.params.id]);
          return tagged(reply, ctx.db, reads.detail ? await reads.detail(row!) : row!);
        },
      );
    }
    if (has('update')) {
      app.put(
        `${path}/:id`,
        {
          schema: { tags, params: idParam, body: schemas.input!, response: { 200: versionedView } },
          config: config('update'),
        },
        (req, reply) =>
          inTx(req, async (service, ctx) => {
            const [before] = await loadAll(decl.reads(ctx), [req.params.id]);
            const beforeEntry = await audited(ctx, before!);
            const after = await service.update!(before!, req.body as Input);
            await audit('update', ctx, 'update' as AuditActions[T], before!.id, beforeEntry, await audited(ctx, after));
            return tagged(reply, ctx.db, after);
          }),
      );
    }
    if (has('patch')) {
      app.patch(
        `${path}/:id`,
        {
          schema: { tags, params: idParam, body: patchBody, response: { 200: versionedView } },
          config: config('patch'),
        },
        (req, reply) =>
          inTx(req, async (service, ctx) => {
            const change = patchOf(req.body);
            const [before] = await loadAll(decl.reads(ctx), [req.params.id]);
            return tagged(reply, ctx.db, await patchOne(service, ctx, before!, change, 'patch'));
          }),
      );
    }
    if (has('delete')) {
      app.delete(
        `${path}/:id`,
        {
          schema: { tags, params: idParam, response: { 200: ok } },
          config: config('delete'),
        },
        (req) => inTx(req, (service, ctx) => removeAll(service, ctx, [req.params.id], 'delete')),
      );
    }
    if (decl.order) {
      const order = decl.order as OrderDeclaration;
      app.put(
        `${path}/order`,
        {
          schema: {
            tags,
            description:
              'One list in its new order (drag and drop): `ids` must be exactly its rows, first to last. A row added, moved, ' +
              'deleted or out of reach is 409 `ids: validate.error.order_stale` (reload, then drop again); nothing is written.',
            body: orderBody(order.scope),
            response: { 200: z.object({ data: z.array(versionedView) }) },
          },
          config: { ...decl.config, roles: decl.roles.write, organization: decl.organization ?? false, errors: [409], version: many },
        },
        (req) => {
          const store = async (ctx: RequestContext) => {
            const { ids, versions: _versions, ...where } = req.body as { ids: number[] } & Record<string, unknown>;
            const label = Object.values(where).join(' ') || null;
            await storeOrder(ctx, order, where, ids, { action: 'reorder', target_type: target, target_label: label } as never);
            const rows = new Map((await versioned(ctx.db, await decl.reads(ctx).find(ids))).map((r) => [r.id, r]));
            return { data: ids.map((id) => rows.get(id)!) };
          };
          return req.write(door, store);
        },
      );
    }
    if (decl.history && has('read')) registerHistory();
    function registerHistory() {
      const restore = decl.history === true ? undefined : decl.history?.restore;
      const parts = decl.history === true ? undefined : decl.history?.parts;
      const historyPath = `/api/admin/history/${target}/:id`;
      // A restore writes the update's own input fields only (an as-of state's derived values are not put back).
      const inputShape = (schemas.input as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
      const fields = inputShape ? Object.keys(inputShape) : undefined;
      const recordOf = async (req: FastifyRequest, ctx: { organizationId: number | null }, id: number): Promise<HistoryRecord> => {
        const [current] = await decl.reads(req.read(door)).find([id]);
        return {
          targetType: target,
          targetId: id,
          organizationId: decl.organization ? ctx.organizationId : null,
          current: (current as Record<string, unknown> | undefined) ?? null,
          fields,
        };
      };
      app.get(
        historyPath,
        {
          schema: {
            tags,
            description:
              "The record's changes (its audit entries, field by field), newest first; `as_of` (a Taipei day) adds its state then.",
            params: idParam,
            querystring: historyQuery,
            response: { 200: historyResponse },
          },
          config: config('read'),
        },
        async (req) => {
          const ctx = req.read(door);
          const record = await recordOf(req, ctx, req.params.id);
          // A record gone (deleted) shows its history only to callers of its organization (organization resources).
          if (!record.current && !decl.organization) throw notFoundError();
          return recordHistory(ctx.db, { ...record, parts: parts ? await parts(ctx, req.params.id) : [] }, req.query);
        },
      );
      if (!has('update') && !restore) return;
      app.post(
        `${historyPath}/restore`,
        {
          schema: {
            tags,
            description:
              'Puts back the fields (all when absent) as they were before (`side: before`, the default) or after an entry of ' +
              "this record (`entry_id`), or every field that differs from its state at the end of a Taipei day (`as_of`), through the record's " +
              'own update (validation, scope) in one write; audited `restore` naming `restored_entry_id`, or `restored_as_of` and `restored_entry_ids`.',
            params: idParam,
            body: restoreInput,
            response: { 200: versionedView },
          },
          // The record's version (If-Match) is checked at the write door, as for its update.
          config: config('update'),
        },
        (req, reply) =>
          req.write(door, async (ctx) => {
            const [current] = await loadAll(decl.reads(ctx), [req.params.id]);
            const record = {
              targetType: target,
              targetId: current.id,
              organizationId: decl.organization ? ctx.organizationId : null,
              current,
              fields,
            };
            const { values, restored } = await restoreOf(ctx.db, record as HistoryRecord, req.body);
            const after = restore
              ? await restore(ctx, current, values)
              : await writes!(ctx).update!(current, inputOf({ ...current, ...values }));
            await ctx.audit({
              action: 'restore',
              target_type: target,
              target_id: current.id,
              before: current,
              after: { ...after, ...restoreMarks(restored) },
            } as Parameters<RequestContext['audit']>[0]);
            return tagged(reply, ctx.db, after);
          }),
      );
    }
    /** A restored state as the update's input: a value no longer valid is a 400 naming its field, as a form's would be. */
    function inputOf(state: Record<string, unknown>): Input {
      // The view holds more than the input (ids, names, times): only the input's own keys go in (strict inputs refuse others).
      const shape = (schemas.input as unknown as { shape?: Record<string, unknown> }).shape;
      const own = shape ? Object.fromEntries(Object.entries(state).filter(([k]) => Object.hasOwn(shape, k))) : state;
      const parsed = schemas.input!.safeParse(own);
      if (parsed.success) return parsed.data;
      throw badRequest(fieldErrorsOf(parsed.error));
    }
    const refusal = decl.refuseWithout;
    for (const op of refusal ? (decl.without ?? []) : []) {
      const [method, suffix] = ROUTE_OF[op];
      app.route({
        method,
        url: `${path}${suffix}`,
        schema: { tags, description: refusal!.description },
        config: { ...config(op), version: { unversioned: 'refused: the call always answers its error' } },
        handler: async () => {
          throw refusal!.error();
        },
      });
    }
  };
}

/** A resource's own list schema with `version` on each row, when its rows are objects (`{ data: [...] }`). */
function versionedList(list: z.ZodTypeAny): z.ZodTypeAny {
  if (!(list instanceof z.ZodObject)) return list;
  const data = list.shape.data;
  if (!(data instanceof z.ZodArray) || !(data.element instanceof z.ZodObject)) return list;
  return list.extend({ data: z.array(withVersion(data.element)) });
}
