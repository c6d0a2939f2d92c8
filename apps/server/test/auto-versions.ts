import type { FastifyInstance } from 'fastify';
import { versionsOfRows } from '../src/lib/context/record-versions.ts';
import { versionedRecords, versionedRoutesOf, type VersionedRoute } from '../src/lib/context/version-check.ts';

/** `/api/x/:id/y` as a pattern matching a path, its parameters named; static routes win over parametric ones. */
function matcher(route: VersionedRoute) {
  const names: string[] = [];
  const source = route.url
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { re: new RegExp(`^${source}/?$`), names };
}

function findRoute(app: FastifyInstance, method: string, path: string) {
  let best: { route: VersionedRoute; params: Record<string, string>; dynamic: number } | null = null;
  for (const route of versionedRoutesOf(app)) {
    if (!route.methods.includes(method)) continue;
    const { re, names } = matcher(route);
    const m = re.exec(path);
    if (!m) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    if (!best || names.length < best.dynamic) best = { route, params, dynamic: names.length };
  }
  return best;
}

/**
 * The tests' client sends versions by itself (issue 36, versions contract): for a write of a route that
 * checks record versions, called without `If-Match` (one record) or `versions` in the body (a batch), it
 * reads the records' current versions and sends them. A call whose body or path the route cannot read
 * goes as it is (the route's own 400 or 404 answers it).
 */
export async function withCurrentVersions(
  app: FastifyInstance,
  token: string | undefined,
  method: string,
  url: string,
  payload: unknown,
  headers: Record<string, string>,
): Promise<{ payload: unknown; headers: Record<string, string> }> {
  if (method === 'GET' || Object.keys(headers).some((h) => h.toLowerCase() === 'if-match')) return { payload, headers };
  const [path, search] = url.split('?');
  const found = findRoute(app, method, path!);
  if (!found) return { payload, headers };
  const body = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : undefined;
  if (body && 'versions' in body) return { payload, headers };
  let records: ReturnType<typeof versionedRecords>;
  try {
    const query = Object.fromEntries(new URLSearchParams(search ?? ''));
    const named = Number(body?.organization_id ?? query.organization_id);
    records = versionedRecords(found.route.version, {
      params: found.params,
      body: payload ?? {},
      query,
      organizationId: Number.isInteger(named) && named > 0 ? named : await activeOrganization(app, token),
    });
    if (records?.ids.some((id) => id === 'undefined' || id === 'null' || id === '')) return { payload, headers };
  } catch {
    return { payload, headers };
  }
  if (!records) return { payload, headers };
  const versions = await versionsOfRows(app.db, records.target, records.ids);
  if (!records.batch) return { payload, headers: { ...headers, 'if-match': `"${versions.get(records.ids[0]!) ?? 0}"` } };
  if (!body) return { payload, headers };
  return { payload: { ...body, versions: Object.fromEntries(records.ids.map((id) => [id, versions.get(id) ?? 0])) }, headers };
}

/** The organization the token's device acts in (the request's organization when it names none). */
async function activeOrganization(app: FastifyInstance, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  try {
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti?: string };
    if (!jti) return null;
    const row = await app.db.selectFrom('login_devices').select('organization_id').where('token_id', '=', jti).executeTakeFirst();
    return row?.organization_id ?? null;
  } catch {
    return null;
  }
}
