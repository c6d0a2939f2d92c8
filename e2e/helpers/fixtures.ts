/**
 * Fixtures for the browser flows, made without the browser: API sessions (`apiAs`), rows straight in
 * the server's SQLite file (`seedAdmin`, `seedOrganization`) and library photos. Re-exported by
 * e2e/harness.ts, which the flows import.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './root.ts';

export interface ApiSession {
  token: string;
  /** The X-Fingerprint the token was issued to: the server refuses the token with any other. */
  fingerprint: string;
  request<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  get<T = any>(path: string): Promise<T>;
  post<T = any>(path: string, body?: unknown): Promise<T>;
  put<T = any>(path: string, body?: unknown): Promise<T>;
  patch<T = any>(path: string, body?: unknown): Promise<T>;
  delete<T = any>(path: string, body?: unknown): Promise<T>;
  /** Renews the session's token for `organizationId`: the organization-scoped APIs then act in it. */
  inOrganization(organizationId: number): Promise<void>;
}

/** Signs in through the API for seeding; the helpers throw on a non-2xx answer. */
export async function apiAs(url: string, email: string, password: string): Promise<ApiSession> {
  const fingerprint = `e2e-${Math.random().toString(36).slice(2)}`;
  // Issue 36: a seeding write of one record sends the version the record has now (its read's ETag),
  // as the server's test helper does; any other seeding write (a batch, a child of a record, a settings
  // document without a read at its path) overwrites on purpose: `If-Match: *`, which a create ignores.
  const versionOf = async (path: string, token?: string): Promise<Record<string, string>> => {
    const r = await fetch(`${url}${path.split('?')[0]}`, {
      headers: { 'x-fingerprint': fingerprint, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    await r.arrayBuffer();
    const etag = r.ok ? r.headers.get('etag') : null;
    return { 'if-match': etag ?? '*' };
  };
  const raw = async (method: string, path: string, body: unknown, token?: string) => {
    const version =
      ['PUT', 'PATCH', 'DELETE'].includes(method) && token
        ? await versionOf(path, token)
        : method === 'POST' && token
          ? { 'if-match': '*' }
          : {};
    const r = await fetch(`${url}${path}`, {
      method,
      headers: {
        'x-fingerprint': fingerprint,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...version,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: r.status, body: json };
  };
  const login = await raw('POST', '/api/admin/account/login', { email, password });
  if (login.status !== 200) throw new Error(`login as ${email} failed: ${login.status} ${JSON.stringify(login.body)}`);
  const session: ApiSession = {
    token: login.body.token,
    fingerprint,
    request: (m, p, b) => raw(m, p, b, session.token),
    async get(p) {
      return ok(await raw('GET', p, undefined, session.token), 'GET', p);
    },
    async post(p, b) {
      return ok(await raw('POST', p, b ?? {}, session.token), 'POST', p);
    },
    async put(p, b) {
      return ok(await raw('PUT', p, b ?? {}, session.token), 'PUT', p);
    },
    async patch(p, b) {
      return ok(await raw('PATCH', p, b ?? {}, session.token), 'PATCH', p);
    },
    async delete(p, b) {
      return ok(await raw('DELETE', p, b, session.token), 'DELETE', p);
    },
    async inOrganization(organizationId) {
      session.token = (await session.put('/api/admin/account/renew', { organization_id: organizationId })).token;
    },
  };
  return session;
}

function ok(r: { status: number; body: any }, method: string, path: string) {
  if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** better-sqlite3 on DATA_DIR/app.sqlite (the server keeps it in WAL mode), for seeding rows directly. */
export function openDatabase(dataDir: string): import('better-sqlite3').Database {
  const require = createRequire(join(ROOT, 'apps/server/package.json'));
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(join(dataDir, 'app.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Creates an admin with the given roles straight in the database; returns its id. Password hashing uses the server's argon2. */
export async function seedAdmin(
  dataDir: string,
  a: { email: string; password: string; name?: string; roles: string[]; hasChangedPassword?: boolean },
): Promise<number> {
  const require = createRequire(join(ROOT, 'apps/server/package.json'));
  const { hash } = require('@node-rs/argon2') as typeof import('@node-rs/argon2');
  const db = openDatabase(dataDir);
  try {
    const t = new Date().toISOString();
    const r = db
      .prepare(`INSERT INTO admins (email, name, password_hash, has_change_default_password, roles, group_id, status, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, NULL, 'active', ?, ?)`)
      .run(
        a.email.toLowerCase(),
        a.name ?? a.email,
        await hash(a.password),
        a.hasChangedPassword === false ? 0 : 1,
        JSON.stringify(a.roles),
        t,
        t,
      );
    return Number(r.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Creates an organization and, optionally, memberships with sub-account roles; returns its id. */
export function seedOrganization(
  dataDir: string,
  o: { name: string; companyId?: string | null; uid?: string; members?: Array<{ adminId: number; roles: string[] }> },
): number {
  const db = openDatabase(dataDir);
  try {
    const t = new Date().toISOString();
    const r = db
      .prepare(`INSERT INTO organizations (uid, name, company_id, status, created_at, updated_at) VALUES (?, ?, ?, 'active', ?, ?)`)
      .run(o.uid ?? `org-${Math.random().toString(36).slice(2, 10)}`, o.name, o.companyId ?? null, t, t);
    const id = Number(r.lastInsertRowid);
    for (const m of o.members ?? []) {
      db.prepare('INSERT INTO organization_members (admin_id, organization_id, sub_account_roles, created_at) VALUES (?, ?, ?, ?)').run(
        m.adminId,
        id,
        JSON.stringify(m.roles),
        t,
      );
    }
    return id;
  } finally {
    db.close();
  }
}

/**
 * A photo in the photo library, uploaded through the API as `session` (which needs ROLE_PHOTO): a
 * plain JPEG of `color`, made here with the server's sharp. Answers its id.
 */
export async function uploadLibraryPhoto(url: string, session: ApiSession, title: string, color: string): Promise<number> {
  const sharp = createRequire(join(ROOT, 'apps/server/package.json'))('sharp') as typeof import('sharp').default;
  const jpeg = await sharp({ create: { width: 800, height: 450, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${title}.jpg`);
  const res = await fetch(`${url}/api/admin/photo/upload?title=${encodeURIComponent(title)}`, {
    method: 'POST',
    headers: { 'x-fingerprint': session.fingerprint, authorization: `Bearer ${session.token}` },
    body: form,
  });
  if (res.status !== 200) throw new Error(`photo upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export interface LibraryPhoto {
  id: number;
  title: string;
}

/** Library photos uploaded in order through uploadLibraryPhoto, one per title (a plain JPEG of its colour). */
export async function uploadLibraryPhotos(url: string, session: ApiSession, colours: Record<string, string>): Promise<LibraryPhoto[]> {
  const photos: LibraryPhoto[] = [];
  for (const [title, colour] of Object.entries(colours)) photos.push({ id: await uploadLibraryPhoto(url, session, title, colour), title });
  return photos;
}

/** An admin with `roles` straight in the database (seedAdmin), signed in through the API (apiAs). */
export async function seedAdminSession(
  server: { url: string; dataDir: string },
  who: { email: string; password: string; name?: string },
  roles: string[],
): Promise<ApiSession> {
  await seedAdmin(server.dataDir, { ...who, roles });
  return apiAs(server.url, who.email, who.password);
}
