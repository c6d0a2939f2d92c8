import type { z } from 'zod';
import type { FileItem, fileListQuery, FileListResponse, SignedLinkOpensResponse } from '@bo/shared/schemas/file';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import {
  fileScopeOf,
  files,
  findFileByUid,
  findFileRow,
  findFiles,
  listFiles,
  removeFiles,
  signedLinkOpensOf,
  storedKeysOf,
  type FileRow,
} from './file.repository.ts';
import type { Detected } from '../../lib/media/file-types.ts';
import { toSignedLinkOpen } from './signed-links.ts';

type Query = z.output<typeof fileListQuery>;

/** What an upload records once its object is stored. */
export interface StoredFile {
  uid: string;
  name: string;
  folder: string;
  isPrivate: boolean;
  detected: Detected;
  key: string;
  size: number;
}

export interface FileReads extends ResourceReads<FileItem, Query, FileListResponse> {
  /** A file the context may read, by id or by uid, with its storage key; undefined when out of reach. */
  row(id: number): Promise<FileRow | undefined>;
  rowByUid(uid: string): Promise<FileRow | undefined>;
  /** One page of the opens of the file's signed links (a file `row` answered). */
  linkOpens(file: FileRow, page: { page: number; per_page: number }): Promise<SignedLinkOpensResponse>;
}

export interface FileService extends ResourceWrites<FileItem, never> {
  record(file: StoredFile): Promise<FileItem>;
  /** Records that a signed link to the file was issued. */
  signedLink(file: FileRow, link: { ttl: number; expires_at: string; payload: unknown }): Promise<void>;
}

/** The file manager of the context (fileScopeOf: its organization, or one's own files outside any). */
export function fileReads({ db, scope, principal: actor }: AdminReadContext): FileReads {
  const fs = fileScopeOf(scope, actor);
  return {
    list: (query) => listFiles(db, fs, query),
    find: (ids) => findFiles(db, fs, ids),
    row: (id) => findFileRow(db, fs, id),
    rowByUid: (uid) => findFileByUid(db, fs, uid),
    linkOpens: async (file, page) => {
      const { data, meta } = await signedLinkOpensOf(db, file.id, page);
      return { data: data.map(toSignedLinkOpen), meta };
    },
  };
}

export function fileService(ctx: RequestContext): FileService {
  const { db } = ctx;
  const fs = fileScopeOf(ctx.scope, ctx.principal);
  return {
    async remove(rows) {
      const ids = rows.map((f) => f.id);
      ctx.dropAfterCommit(await storedKeysOf(db, ids));
      await removeFiles(db, fs, ids);
    },
    async record(file) {
      const item = await files.create(db, fs.scope, {
        uid: file.uid,
        uploader_id: ctx.principal.id,
        folder: file.folder,
        name: file.name,
        is_private: file.isPrivate ? 1 : 0,
        mime: file.detected.mime,
        type: file.detected.type,
        size: file.size,
        storage_key: file.key,
      });
      await ctx.audit({ action: 'upload', target_type: 'file', target_id: item.id, after: item });
      return item;
    },
    signedLink: (file, link) => ctx.audit({ action: 'sign_link', target_type: 'file', target_id: file.id, after: link }),
  };
}
