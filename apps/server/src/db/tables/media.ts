import type { Generated } from 'kysely';

/** Tables of migration 0030 (photos, files, signed link opens): the photo library and the file manager. */
export interface PhotosTable {
  id: Generated<number>;
  uid: string;
  organization_id: number | null;
  uploader_id: number | null;
  folder: string;
  title: string;
  alt: string;
  /** JSON array of tags. */
  tags: string;
  original_name: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  /** JSON {size: {key, width, height, webp_key}}. */
  variants: string;
  created_at: string;
  updated_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  uid: string;
  organization_id: number | null;
  uploader_id: number | null;
  folder: string;
  name: string;
  is_private: number;
  mime: string;
  type: string;
  size: number;
  storage_key: string;
  created_at: string;
  updated_at: string;
}

export interface SignedLinkOpensTable {
  id: Generated<number>;
  file_id: number;
  organization_id: number | null;
  signer_id: number;
  signed_at: string;
  expires_at: string;
  payload: string | null;
  ip: string | null;
  user_agent: string | null;
  opened_at: string;
}

export interface MediaTables {
  photos: PhotosTable;
  files: FilesTable;
  signed_link_opens: SignedLinkOpensTable;
}
