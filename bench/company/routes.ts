/**
 * Which requests the company bench makes (issue 40), from the app itself rather than a hand list: the GET
 * routes the server registered (with their declared access) and each route's query parameters from the
 * API reference. A list route (one taking page and per_page) is asked for page 1, a page half way through
 * its rows, its keyword search, each filter (one value of each) and each sort column; a route with an
 * `:id` is a detail route, its ids from the seeded company's samples or from the first row of the list
 * beside it; the other reads (dashboards, settings) once each; and the gate's verdict (a scan of a
 * current pass). What cannot be asked (a parameter the seed has no value for, a file download) is named
 * with the reason.
 */
import { randomUUID } from 'node:crypto';
import type { CompanyShape } from './shape.ts';

/** Who asks: the super admin (company-wide routes), the organization admin (organization routes), nobody signed in. */
export type Caller = 'super' | 'org' | 'public';
export type Kind = 'list' | 'detail' | 'read' | 'search' | 'verdict';

/** A registered route as the server recorded it (measure.ts serve). */
export interface RouteInfo {
  method: string;
  url: string;
  roles: unknown;
  organization: boolean;
  module: string;
}

export interface BenchRequest {
  /** Stable across sizes and engines: the route and the variant (never an id). */
  key: string;
  route: string;
  variant: string;
  kind: Kind;
  path: string;
  as: Caller;
  /** The table whose rows the route's cost should grow with (shape.counts), when known. */
  table?: string;
  method?: 'GET' | 'POST';
  body?: () => string;
}

export interface Skipped {
  route: string;
  reason: string;
}

interface Param {
  in: string;
  name: string;
  schema?: { enum?: unknown[]; pattern?: string; default?: unknown; type?: string; anyOf?: unknown[] };
}

type Doc = { paths: Record<string, Record<string, { parameters?: Param[] }>> };
type Ask = (as: Caller, path: string) => Promise<{ status: number; json: unknown; text: string }>;

const PAGING = new Set(['page', 'per_page', 'sort', 'order', 'keyword', 'organization_id']);
const PER_PAGE = 20;
/** Binary answers and writes behind a GET: not a list or a detail. */
const DOWNLOAD =
  /\/(file|photo|download|sheet|copy|export)$|\.xlsx$|^\/api\/files\/|^\/api\/docs|get-private-file|^\/api\/public\/preview\//;

/** The main table of a route, for the growth check: the first rule whose pattern the url matches. */
const TABLES: [RegExp, string][] = [
  [/audit-log/, 'audit_logs'],
  [/mail\/outbox/, 'mail_outbox'],
  [/trainings/, 'staff_trainings'],
  [/health-checks/, 'staff_health_checks'],
  [/insurances/, 'staff_insurances'],
  [/migrant-documents/, 'staff_migrant_documents'],
  [/certificate-reminder|check-expiration|certificates/, 'staff_certificates'],
  [/certificate-type/, 'certificate_types'],
  [/compliance/, 'compliance_due_items'],
  [/\/roster|gate\/sites\/\{id\}\/workers/, 'site_roster'],
  [/\/passes/, 'site_passes'],
  [/photo-library|\/photo\//, 'photos'],
  [/staff/, 'staff'],
  [/contractors/, 'contractors'],
  [/sites/, 'sites'],
  [/\/page|page-categor/, 'pages'],
  [/product/, 'products'],
  [/\/member/, 'members'],
  [/\/admin\/(index|\{id\})|history\/admin/, 'admins'],
  [/admin-organization|\/organizations|history\/organization/, 'organizations'],
];

export function tableOf(url: string): string | undefined {
  return TABLES.find(([re]) => re.test(url))?.[1];
}

/** Fastify's `:id` as the API reference's `{id}`. */
const docPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');
const paramsOf = (url: string) => [...docPath(url).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Sample ids by the path segment before the parameter. */
function sampleFor(shape: CompanyShape, url: string, param: string): string | number | undefined {
  const s = shape.sample;
  const before = docPath(url).split(`{${param}}`)[0]!.replace(/\/$/, '').split('/').pop();
  if (param === 'staffId') return s.staffId;
  if (param !== 'id') return undefined;
  const bySegment: Record<string, number> = {
    staff: s.staffId,
    sites: s.siteId,
    site: s.siteId,
    contractors: s.contractorId,
    contractor: s.contractorId,
    'certificate-type': s.certificateTypeId,
    photo: s.photoId,
    page: s.pageId,
    product: s.productId,
    member: s.memberId,
    outbox: s.mailId,
    'audit-log': s.auditLogId,
    'admin-organization': shape.organizationId,
    organization: shape.organizationId,
  };
  return before ? bySegment[before] : undefined;
}

const rowsOf = (json: unknown): Record<string, unknown>[] => {
  const data = (json as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Record<string, unknown>[]) : Array.isArray(json) ? (json as Record<string, unknown>[]) : [];
};
const lastPageOf = (json: unknown): number | undefined => {
  const meta = (json as { meta?: { last_page?: number; total?: number; per_page?: number } } | null)?.meta;
  if (!meta) return undefined;
  if (typeof meta.last_page === 'number') return meta.last_page;
  if (typeof meta.total === 'number') return Math.max(1, Math.ceil(meta.total / (meta.per_page ?? PER_PAGE)));
  return undefined;
};

/** A keyword the list's search finds: the start of its first row's name (or title, e-mail …). */
function keywordFrom(rows: Record<string, unknown>[], fallback: string): string {
  for (const field of ['name', 'title', 'display_name', 'email', 'subject', 'recipient', 'to', 'action', 'code', 'slug']) {
    const v = rows[0]?.[field];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, Math.min(4, v.trim().length));
  }
  return fallback;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const choicesOf = (p: Param) => p.schema?.enum ?? (p.schema?.anyOf as { enum?: unknown[] }[] | undefined)?.find((a) => a.enum)?.enum;

/** The query parameters a route cannot be asked without, each with a value (the first of its choices). */
function requiredQuery(p: Param[], shape: CompanyShape): Record<string, string> {
  const q: Record<string, string> = {};
  for (const x of p) {
    if (!(x as { required?: boolean }).required) continue;
    const v = filterValue(x, shape, undefined);
    if (v !== undefined) q[x.name] = v;
  }
  return q;
}

/** One value for a filter: the first of its choices, a sample id, a date window, or the first row's own value. */
function filterValue(p: Param, shape: CompanyShape, row: Record<string, unknown> | undefined): string | undefined {
  const s = p.schema ?? {};
  const choices = choicesOf(p);
  if (choices?.length) return String(choices.find((c) => c !== s.default) ?? choices[0]);
  const ids: Record<string, number> = {
    contractor_id: shape.sample.contractorId,
    site_id: shape.sample.siteId,
    staff_id: shape.sample.staffId,
  };
  if (ids[p.name] !== undefined) return String(ids[p.name]);
  if (/_from$/.test(p.name)) return daysAgo(30);
  if (/_to$/.test(p.name)) return today();
  if (p.name === 'day') return today();
  if (p.name === 'days') return '30';
  if (s.pattern && /true\|false|false\|true/.test(s.pattern)) return 'true';
  const own = row?.[p.name];
  if (typeof own === 'string' || typeof own === 'number') return String(own);
  return undefined;
}

const withQuery = (path: string, q: Record<string, string>) => {
  const qs = new URLSearchParams(q).toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
};

/**
 * The requests for one seeded company. `ask` makes a call on the running server: each list's page 1 is
 * read first (as the caller its access declares, the other admin on a 403) for its row count, a keyword
 * and the ids of the detail routes beside it.
 */
export async function planRequests(
  routes: RouteInfo[],
  doc: Doc,
  shape: CompanyShape,
  ask: Ask,
): Promise<{ requests: BenchRequest[]; skipped: Skipped[] }> {
  const requests: BenchRequest[] = [];
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  const gets = routes
    .filter((r) => r.method === 'GET' && (r.url.startsWith('/api/admin') || r.url.startsWith('/api/public') || r.url.startsWith('/api/')))
    .filter((r) => !seen.has(r.url) && seen.add(r.url));
  const orgQuery = { organization_id: String(shape.organizationId) };
  const callerOf = (r: RouteInfo): Caller => (r.roles === 'public' ? 'public' : r.organization ? 'org' : 'super');
  const queryOf = (as: Caller): Record<string, string> => (as === 'org' ? orgQuery : {});

  /** The first call: the caller that gets an answer (the other admin when the declared one is refused). */
  async function probe(r: RouteInfo, path: string): Promise<{ as: Caller; json: unknown; status: number; text: string }> {
    const first = callerOf(r);
    let as = first;
    let res = await ask(as, withQuery(path, queryOf(as)));
    if (res.status === 403 && first !== 'public') {
      as = first === 'org' ? 'super' : 'org';
      const again = await ask(as, withQuery(path, queryOf(as)));
      if (again.status < 300) res = again;
      else as = first;
    }
    return { as, ...res };
  }

  const firstRows = new Map<string, Record<string, unknown>[]>();
  const lists: RouteInfo[] = [];
  const details: RouteInfo[] = [];
  for (const r of gets) {
    const route = `GET ${r.url}`;
    if (r.roles === 'member') {
      skipped.push({ route, reason: 'a website member route (needs a member sign-in)' });
      continue;
    }
    if (DOWNLOAD.test(docPath(r.url))) {
      skipped.push({ route, reason: 'a file download or export, not a list or detail' });
      continue;
    }
    if (r.url.startsWith('/__bench')) continue;
    const query = doc.paths[docPath(r.url)]?.get?.parameters?.filter((p) => p.in === 'query') ?? [];
    if (query.some((p) => p.name === 'page') && query.some((p) => p.name === 'per_page')) lists.push(r);
    else details.push(r);
  }

  /** Path parameters filled from samples, or from the first row of the list beside the route (`…/index`, the collection, the history's resource). */
  function fill(r: RouteInfo): { path: string } | { missing: string } {
    let path = docPath(r.url);
    for (const name of paramsOf(r.url)) {
      let v = sampleFor(shape, r.url, name);
      if (v === undefined) {
        const stem = path.split(`{${name}}`)[0]!;
        const history = /^\/api\/admin\/history\/([^/]+)\/$/.exec(stem)?.[1];
        const beside = [`${stem}index`, stem.replace(/\/$/, ''), ...(history ? [`/api/admin/${history.replace(/_/g, '-')}/index`] : [])];
        const row = beside.map((u) => firstRows.get(u)?.[0]).find(Boolean);
        const own = row?.[name];
        if (typeof own === 'string' || typeof own === 'number') v = own;
      }
      if (v === undefined) return { missing: name };
      path = path.replace(`{${name}}`, encodeURIComponent(String(v)));
    }
    return { path };
  }

  // Lists without path parameters first, so that detail routes and nested lists can take ids from their rows.
  lists.sort((a, b) => paramsOf(a.url).length - paramsOf(b.url).length);
  for (const r of lists) {
    const route = `GET ${r.url}`;
    const filled = fill(r);
    if ('missing' in filled) {
      skipped.push({ route, reason: `needs :${filled.missing}, which the seed names no value for` });
      continue;
    }
    const query = doc.paths[docPath(r.url)]?.get?.parameters?.filter((p) => p.in === 'query') ?? [];
    const must = requiredQuery(query, shape);
    const base = withQuery(filled.path, { ...must, page: '1', per_page: String(PER_PAGE) });
    const first = await probe(r, base);
    if (first.status >= 300) {
      skipped.push({ route, reason: `page 1 answered ${first.status}: ${first.text.slice(0, 120).replace(/\s+/g, ' ')}` });
      continue;
    }
    const rows = rowsOf(first.json);
    firstRows.set(docPath(r.url), rows);
    const table = tableOf(docPath(r.url));
    const add = (variant: string, q: Record<string, string>, kind: Kind = 'list') =>
      requests.push({
        key: `${route} · ${variant}`,
        route,
        variant,
        kind,
        path: withQuery(filled.path, { ...queryOf(first.as), ...must, page: '1', per_page: String(PER_PAGE), ...q }),
        as: first.as,
        table,
      });
    add('page 1', {});
    const last = lastPageOf(first.json);
    if (last && last > 2) add('deep page', { page: String(Math.ceil(last / 2)) });
    else if (!last) skipped.push({ route: `${route} · deep page`, reason: 'its answer gives no row count (meta.total / last_page)' });
    if (query.some((p) => p.name === 'keyword')) {
      const staffish = table === 'staff' || /staff|roster|workers|compliance/.test(r.url);
      add('keyword', { keyword: staffish ? shape.sample.staffKeyword : keywordFrom(rows, shape.sample.staffKeyword) }, 'search');
    }
    for (const p of query) {
      if ((PAGING.has(p.name) && p.name !== 'organization_id') || must[p.name] !== undefined) continue;
      if (p.name === 'organization_id' && first.as === 'org') continue;
      const v = p.name === 'organization_id' ? String(shape.organizationId) : filterValue(p, shape, rows[0]);
      if (v === undefined) {
        skipped.push({ route: `${route} · filter ${p.name}`, reason: 'no value for it in the seed or in page 1' });
        continue;
      }
      // The variant names an enum's value only: ids and dates differ between sizes and days.
      add(`filter ${p.name}${choicesOf(p) ? `=${v}` : ''}`, { [p.name]: v });
    }
    const sort = query.find((p) => p.name === 'sort');
    for (const column of (sort?.schema?.enum ?? []) as string[]) {
      if (column === sort?.schema?.default) continue;
      add(`sort ${column}`, { sort: column });
    }
  }

  for (const r of details) {
    const route = `GET ${r.url}`;
    const params = paramsOf(r.url);
    const filled = fill(r);
    if ('missing' in filled) {
      skipped.push({ route, reason: `needs :${filled.missing}, which the seed names no value for` });
      continue;
    }
    const must = requiredQuery(doc.paths[docPath(r.url)]?.get?.parameters?.filter((p) => p.in === 'query') ?? [], shape);
    const first = await probe(r, withQuery(filled.path, must));
    if (first.status >= 300) {
      skipped.push({ route, reason: `answered ${first.status}: ${first.text.slice(0, 120).replace(/\s+/g, ' ')}` });
      continue;
    }
    const kind: Kind = params.length ? 'detail' : 'read';
    requests.push({
      key: `${route} · ${kind}`,
      route,
      variant: kind,
      kind,
      path: withQuery(filled.path, { ...queryOf(first.as), ...must }),
      as: first.as,
      table: tableOf(docPath(r.url)),
    });
  }

  // The gate's verdict: a scan of a current pass at the sample site (each a new entry, as at a real gate).
  requests.push({
    key: 'POST /api/admin/organization/gate/sites/:id/scans · verdict',
    route: 'POST /api/admin/organization/gate/sites/:id/scans',
    variant: 'verdict',
    kind: 'verdict',
    method: 'POST',
    path: `/api/admin/organization/gate/sites/${shape.sample.siteId}/scans?organization_id=${shape.organizationId}`,
    as: 'org',
    table: 'staff',
    body: () => JSON.stringify({ client_entry_id: randomUUID(), code: shape.sample.gateCode }),
  });
  return { requests, skipped };
}
