import { sql, type Insertable, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { FileItem, FileType, fileListQuery } from '@bo/shared/schemas/file';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { AdminPrincipal } from '../../lib/context/principals.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { likePattern, type ListParams } from '../../lib/list.ts';
import { paginate } from '../../db/paginate.ts';
import { publicUrl } from '../../lib/media/public-url.ts';
import type { Scope } from '../../lib/context/scope.ts';
import type { FilesTable, SignedLinkOpensTable } from '../../db/tables/media.ts';

export type FileRow = Selectable<FilesTable>;
type ListQuery = z.output<typeof fileListQuery>;

/**
 * Who sees which files: the files of the acting organization, or, acting in none, the files of no
 * organization, and of those only one's own uploads unless a super admin (admins acting in no
 * organization share nothing).
 */
export interface FileScope {
  scope: Scope;
  uploaderId: number | null;
}

export const fileScopeOf = (scope: Scope, actor: Pick<AdminPrincipal, 'id' | 'isSuperAdmin'>): FileScope => ({
  scope,
  uploaderId: scope.kind === 'unassigned' && !actor.isSuperAdmin ? actor.id : null,
});

/** The same rule for a row already loaded (signed links: may the signer still read it?). */
export function fileInScope(row: Pick<FileRow, 'organization_id' | 'uploader_id'>, fs: FileScope): boolean {
  const inScope = fs.scope.kind === 'all' || row.organization_id === (fs.scope.kind === 'organization' ? fs.scope.organizationId : null);
  return inScope && (fs.uploaderId === null || row.uploader_id === fs.uploaderId);
}

export const privateFileUrl = (uid: string, name: string) => `/api/admin/file/get-private-file/${uid}/${encodeURIComponent(name)}`;
export const filePath = (row: Pick<FileRow, 'is_private' | 'uid' | 'name'>) =>
  `${row.is_private ? 'private' : 'public'}/${row.uid}/${row.name}`;

export function toFileItem(row: FileRow): FileItem {
  return {
    id: row.id,
    uid: row.uid,
    organization_id: row.organization_id,
    name: row.name,
    folder: row.folder,
    path: filePath(row),
    url: row.is_private ? privateFileUrl(row.uid, row.name) : publicUrl(row.storage_key),
    type: row.type as FileType,
    mime: row.mime,
    size: Number(row.size),
    is_private: row.is_private === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Files with their signed-link opens; deleted with their organization, stored objects after commit. */
export const files = scopedTable<FileItem, FileRow>({
  table: 'files',
  alias: 'f',
  toView: (rows) => rows.map(toFileItem),
  sortColumns: { created_at: 'f.created_at', id: 'f.id', name: 'f.name', size: 'f.size' },
  keywordColumns: ['f.name'],
  dependent: { name: 'files', children: [{ table: 'signed_link_opens' }], storedKeyColumns: ['storage_key'] },
});

const inFileScope = (db: ReadDb, fs: FileScope) => {
  const qb = files.query(db, fs.scope);
  return fs.uploaderId === null ? qb : qb.where('f.uploader_id', '=', fs.uploaderId);
};

export async function listFiles(db: ReadDb, fs: FileScope, q: ListQuery) {
  const page = await files.list(db, fs.scope, q, (qb) => {
    if (fs.uploaderId !== null) qb = qb.where('f.uploader_id', '=', fs.uploaderId);
    if (q.folder !== undefined) qb = qb.where('f.folder', '=', q.folder);
    if (q.type) qb = qb.where('f.type', '=', q.type);
    return qb;
  });
  return { ...page, folders: await subFolders(db, fs, q.folder ?? '') };
}

/** Direct sub-folders of `folder` ('' is the root) that hold files at any depth. */
async function subFolders(db: ReadDb, fs: FileScope, folder: string): Promise<string[]> {
  let qb = inFileScope(db, fs).clearSelect().select('f.folder').distinct();
  qb =
    folder === ''
      ? qb.where('f.folder', '!=', '')
      : qb.where(sql<boolean>`f.folder like ${`${likePattern(folder).slice(1, -1)}/%`} escape '\\'`);
  const rows = (await qb.execute()) as { folder: string }[];
  const prefix = folder === '' ? '' : `${folder}/`;
  const names = new Set<string>();
  for (const r of rows) {
    if (!r.folder.startsWith(prefix)) continue;
    names.add(prefix + r.folder.slice(prefix.length).split('/')[0]);
  }
  return [...names].sort();
}

export async function findFiles(db: ReadDb, fs: FileScope, ids: readonly number[]): Promise<FileItem[]> {
  if (!ids.length) return [];
  return (
    (await inFileScope(db, fs)
      .where('f.id', 'in', [...ids])
      .execute()) as FileRow[]
  ).map(toFileItem);
}

export async function findFileRow(db: ReadDb, fs: FileScope, id: number): Promise<FileRow | undefined> {
  return inFileScope(db, fs).where('f.id', '=', id).executeTakeFirst() as Promise<FileRow | undefined>;
}

export async function findFileByUid(db: ReadDb, fs: FileScope, uid: string): Promise<FileRow | undefined> {
  return inFileScope(db, fs).where('f.uid', '=', uid).executeTakeFirst() as Promise<FileRow | undefined>;
}

/** For signed links only: the link's signature, checked before this, and `fileInScope` for its signer. */
export async function findFileForSignedLink(db: ReadDb, uid: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('uid', '=', uid).executeTakeFirst() as Promise<FileRow | undefined>;
}

/** Storage keys of files already loaded in scope. */
export async function storedKeysOf(db: ReadDb, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  return (
    await db
      .selectFrom('files')
      .select('storage_key')
      .where('id', 'in', [...ids])
      .execute()
  ).map((r) => r.storage_key);
}

export async function recordSignedLinkOpen(db: Trx, open: Omit<Insertable<SignedLinkOpensTable>, 'id' | 'opened_at'>): Promise<void> {
  await db
    .insertInto('signed_link_opens')
    .values({ ...open, opened_at: new Date().toISOString() })
    .execute();
}

/** Removes files of the scope (rows already loaded). */
export const removeFiles = (db: Trx, fs: FileScope, ids: readonly number[]) => files.remove(db, fs.scope, ids);

/** The admin who signed a link: who they are and whether they are still active. */
export function findSigner(db: ReadDb, adminId: number) {
  return db.selectFrom('admins').select(['id', 'email', 'name', 'status']).where('id', '=', adminId).executeTakeFirst();
}

/** One page of the opens of a file's signed links, newest first, with each link's signer (the file is already in scope). */
export function signedLinkOpensOf(db: ReadDb, fileId: number, page: Pick<ListParams, 'page' | 'per_page'>) {
  const qb = db
    .selectFrom('signed_link_opens as o')
    .innerJoin('admins as a', 'a.id', 'o.signer_id')
    .select([
      'o.id',
      'o.opened_at',
      'o.ip',
      'o.user_agent',
      'o.signed_at',
      'o.expires_at',
      'o.payload',
      'a.id as signer_id',
      'a.name as signer_name',
    ])
    .where('o.file_id', '=', fileId);
  return paginate(qb, { ...page, sort: 'id', order: 'desc' }, { sortColumns: { id: 'o.id' }, idColumn: 'o.id' });
}
