import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { FileItem, FileType } from '@bo/shared/schemas/file';
import type { DbOrTrx } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';
import type { FilesTable } from './media.tables.ts';

/**
 * Files belong to the uploader's active organization (null when acting in none). Every query here
 * takes that organization: another organization's file is simply not found.
 */
export type OrganizationScope = number | null;
export type FileRow = Selectable<FilesTable>;

export function inOrganization<O, T extends 'files' | 'photos'>(qb: SelectQueryBuilder<DB, T, O>, organizationId: OrganizationScope) {
  const col = 'organization_id' as any;
  return organizationId === null ? qb.where(col, 'is', null) : qb.where(col, '=', organizationId);
}

/**
 * Who looks at files: the acting organization, or none. Without an organization a file belongs to
 * its uploader alone (super admins see them all): admins acting in no organization share nothing.
 */
export interface FileScope { organizationId: OrganizationScope; actorId: number; isSuperAdmin: boolean }
export const fileScope = (actor: Pick<Actor, 'id' | 'organizationId' | 'isSuperAdmin'>): FileScope =>
  ({ organizationId: actor.organizationId, actorId: actor.id, isSuperAdmin: actor.isSuperAdmin });

function inFileScope<O>(qb: SelectQueryBuilder<DB, 'files', O>, scope: FileScope) {
  const scoped = inOrganization(qb, scope.organizationId);
  return scope.organizationId === null && !scope.isSuperAdmin ? scoped.where('uploader_id', '=', scope.actorId) : scoped;
}

/** The same rule for a row already loaded (signed links: may the signer still read it?). */
export const fileInScope = (row: Pick<FileRow, 'organization_id' | 'uploader_id'>, scope: FileScope) =>
  row.organization_id === scope.organizationId && (row.organization_id !== null || scope.isSuperAdmin || row.uploader_id === scope.actorId);

/** Public objects are served by GET /api/files/<key>; keys are generated, never client paths. */
export const publicUrl = (key: string) => `/api/files/${key}`;
export const privateFileUrl = (uid: string, name: string) => `/api/admin/file/get-private-file/${uid}/${encodeURIComponent(name)}`;
export const filePath = (row: Pick<FileRow, 'is_private' | 'uid' | 'name'>) => `${row.is_private ? 'private' : 'public'}/${row.uid}/${row.name}`;

export function toFileItem(row: FileRow): FileItem {
  return {
    id: row.id, uid: row.uid, organization_id: row.organization_id, name: row.name, folder: row.folder,
    path: filePath(row),
    url: row.is_private ? privateFileUrl(row.uid, row.name) : publicUrl(row.storage_key),
    type: row.type as FileType, mime: row.mime, size: Number(row.size), is_private: row.is_private === 1,
    created_at: row.created_at, updated_at: row.updated_at,
  };
}

export async function listFiles(
  db: DbOrTrx, scope: FileScope,
  q: ListParams & { keyword?: string; folder?: string; type?: FileType },
) {
  let qb = inFileScope(db.selectFrom('files').selectAll(), scope);
  if (q.folder !== undefined) qb = qb.where('folder', '=', q.folder);
  if (q.type) qb = qb.where('type', '=', q.type);
  if (q.keyword) qb = qb.where(sql<boolean>`lower(name) like ${likePattern(q.keyword.toLowerCase())} escape '\\'`);
  const page = await paginate(qb, q);
  return { ...page, data: (page.data as FileRow[]).map(toFileItem), folders: await subFolders(db, scope, q.folder ?? '') };
}

/** Direct sub-folders of `folder` ('' is the root) that hold files at any depth. */
async function subFolders(db: DbOrTrx, scope: FileScope, folder: string): Promise<string[]> {
  let qb = inFileScope(db.selectFrom('files').select('folder').distinct(), scope);
  qb = folder === '' ? qb.where('folder', '!=', '') : qb.where(sql<boolean>`folder like ${`${likePattern(folder).slice(1, -1)}/%`} escape '\\'`);
  const rows = await qb.execute();
  const prefix = folder === '' ? '' : `${folder}/`;
  const names = new Set<string>();
  for (const r of rows) {
    if (!r.folder.startsWith(prefix)) continue;
    names.add(prefix + r.folder.slice(prefix.length).split('/')[0]);
  }
  return [...names].sort();
}

export async function findFile(db: DbOrTrx, scope: FileScope, id: number): Promise<FileRow | undefined> {
  return inFileScope(db.selectFrom('files').selectAll().where('id', '=', id), scope).executeTakeFirst() as Promise<FileRow | undefined>;
}

export async function findFileByUid(db: DbOrTrx, scope: FileScope, uid: string): Promise<FileRow | undefined> {
  return inFileScope(db.selectFrom('files').selectAll().where('uid', '=', uid), scope).executeTakeFirst() as Promise<FileRow | undefined>;
}

/** For signed links only: the link's signature, checked before this, and `fileInScope` for its signer. */
export async function findFileForSignedLink(db: DbOrTrx, uid: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('uid', '=', uid).executeTakeFirst() as Promise<FileRow | undefined>;
}

export async function findFilesByIds(db: DbOrTrx, scope: FileScope, ids: number[]): Promise<FileRow[]> {
  return inFileScope(db.selectFrom('files').selectAll().where('id', 'in', ids), scope).execute() as Promise<FileRow[]>;
}

export async function insertFile(db: DbOrTrx, row: Omit<FilesTable, 'id'>): Promise<FileRow> {
  const { id } = await db.insertInto('files').values(row).returning('id').executeTakeFirstOrThrow();
  return { ...row, id };
}

/** Deletes rows loaded with `findFilesByIds` in the same transaction (so already in scope). */
export async function deleteFiles(db: DbOrTrx, rows: Pick<FileRow, 'id'>[]): Promise<void> {
  if (rows.length) await db.deleteFrom('files').where('id', 'in', rows.map((r) => r.id)).execute();
}
