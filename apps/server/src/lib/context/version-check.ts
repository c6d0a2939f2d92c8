import type { FastifyRequest } from 'fastify';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import type { RecordVersionsBody, VersionConflict } from '@bo/shared/versions';
import { AppError, notFound } from '../errors.ts';
import type { AuditTarget } from './audit-targets.ts';
import { keyOf } from './record-versions.ts';
import { changesSince, lockVersions } from './record-versions.repository.ts';
import type { ReadContext, WriteContext } from './request-context.ts';

/**
 * Issue 36: the version check of the write door (plugins/access.ts `req.write`), made once per request
 * from the route's `config.version` declaration, before the handler's work, in its transaction.
 */

/** The parts of a request a version declaration reads the record's id from. */
export interface VersionedRequest {
  params: unknown;
  body: unknown;
  query: unknown;
  /** The organization the request acts in (an organization's settings, a membership in it). */
  organizationId: number | null;
}

/** A record's current view for a 409 (the same shape as its read), or undefined when it is out of the caller's reach (404). */
export type CurrentView = (ctx: ReadContext, id: string) => Promise<unknown>;

/**
 * A route's version declaration (`config.version`): the record one write changes (`id`, its version in
 * `If-Match`), the records a batch changes (`ids`, their versions in the body's `versions`), a create
 * (`'create'`: nothing to be stale), or no record version at all, with the reason (`{ unversioned }`).
 */
export type VersionDeclaration =
  | { target: AuditTarget; id: (req: VersionedRequest) => string | number; current?: CurrentView }
  | { target: AuditTarget; ids: (req: VersionedRequest) => readonly (string | number)[]; current?: CurrentView }
  | 'create'
  | { unversioned: string };

/** The declared record(s) a request writes, or null when the route checks no version. */
export function versionedRecords(
  decl: VersionDeclaration | undefined,
  req: VersionedRequest,
): { target: AuditTarget; ids: string[]; batch: boolean; current?: CurrentView } | null {
  if (!decl || typeof decl === 'string' || 'unversioned' in decl) return null;
  if ('id' in decl) return { target: decl.target, ids: [String(decl.id(req))], batch: false, current: decl.current };
  return { target: decl.target, ids: decl.ids(req).map(String), batch: true, current: decl.current };
}

export const versionRequired = () =>
  new AppError(428, VALIDATION_KEYS.versionRequired, undefined, undefined, {
    statusCode: 428,
    error: 'Precondition Required',
    key: VALIDATION_KEYS.versionRequired,
  });

const editedElsewhere = (conflicts: VersionConflict[], batch: boolean) =>
  new AppError(409, VALIDATION_KEYS.editedElsewhere, undefined, undefined, {
    statusCode: 409,
    error: 'Conflict',
    key: VALIDATION_KEYS.editedElsewhere,
    ...(batch ? { conflicts } : { conflict: conflicts[0] }),
  });

/** `If-Match: "7"`, `7`, `W/"7"` → 7; `*` → '*'; absent or unreadable → undefined. */
export function parseIfMatch(header: string | string[] | undefined): number | '*' | undefined {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return undefined;
  if (raw === '*') return '*';
  const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(raw);
  return m ? Number(m[1]) : undefined;
}

/** What a request sent: one version (If-Match) or a batch's (`versions` in the body). */
function sentVersions(req: FastifyRequest, batch: boolean): number | '*' | Record<string, number> | undefined {
  if (!batch) return parseIfMatch(req.headers['if-match']);
  const body = (req.body ?? {}) as { versions?: RecordVersionsBody };
  if (body.versions !== undefined) return body.versions;
  // A batch may also say "overwrite" with `If-Match: *`.
  return parseIfMatch(req.headers['if-match']) === '*' ? '*' : undefined;
}

/**
 * Checks the versions a write was sent with against the records' current ones, locked for the rest of
 * the transaction (record-versions.repository.ts `lockVersions`). None sent: 428. One stale: 409 naming,
 * for each stale record, its version, who changed it since and when, the fields changed and its current
 * view; a record out of reach: 404. Answers whether the write overwrites on purpose (`*`).
 */
export async function checkVersions(
  ctx: WriteContext,
  req: FastifyRequest,
  decl: VersionDeclaration | undefined,
): Promise<{ overwrite: boolean }> {
  const records = versionedRecords(decl, { params: req.params, body: req.body, query: req.query, organizationId: ctx.organizationId });
  if (!records) return { overwrite: false };
  const sent = sentVersions(req, records.batch);
  if (sent === undefined) throw versionRequired();
  if (sent === '*') return { overwrite: true };
  const wanted = new Map<string, number>();
  for (const id of records.ids) {
    const v = typeof sent === 'number' ? sent : sent[id];
    if (v === undefined) throw versionRequired();
    wanted.set(id, v);
  }
  const current = await lockVersions(ctx.trx, records.target, [...wanted.keys()]);
  const conflicts: VersionConflict[] = [];
  for (const [id, v] of wanted) {
    const now = current.get(id) ?? 0;
    if (now === v) continue;
    const view = records.current ? await records.current(ctx, id) : null;
    if (view === undefined) throw notFound();
    const changes = await changesSince(ctx.db, keyOf(records.target, id), Math.min(v, now));
    const last = changes.at(-1);
    conflicts.push({
      id: /^\d+$/.test(id) ? Number(id) : id,
      version: now,
      changed_by: last?.admin_id != null ? { id: last.admin_id, name: last.admin_name ?? '' } : null,
      changed_at: last?.changed_at ?? null,
      fields: [...new Set(changes.flatMap((c) => JSON.parse(c.fields) as string[]))],
      current: view === null ? null : { ...(view as object), version: now },
    });
  }
  if (conflicts.length) throw editedElsewhere(conflicts, records.batch);
  return { overwrite: false };
}

/** A route as registered with its version declaration: what the tests' client reads to send versions by itself. */
export interface VersionedRoute {
  methods: string[];
  url: string;
  /** The route's declaration as it stands once registered (a module may add its own default). */
  readonly version: VersionDeclaration | undefined;
}

const registeredRoutes = new WeakMap<object, VersionedRoute[]>();

/** Remembers a route and its config (plugins/access.ts, on every route registered). */
export function rememberRoute(
  app: object,
  route: { method: string | string[]; url: string; config?: { version?: VersionDeclaration } },
): void {
  const list = registeredRoutes.get(app) ?? [];
  list.push({
    methods: [route.method].flat().map((m) => m.toUpperCase()),
    url: route.url,
    get version() {
      return route.config?.version;
    },
  });
  registeredRoutes.set(app, list);
}

/** Every route of `app` with its version declaration. */
export const routesOf = (app: object): readonly VersionedRoute[] => registeredRoutes.get(app) ?? [];

/** The routes of `app` that check record versions. */
export const versionedRoutesOf = (app: object): readonly VersionedRoute[] =>
  routesOf(app).filter((r) => r.version && typeof r.version === 'object' && 'target' in r.version);
