import { z } from 'zod';
import { listQuery, listResponse, rowIdParam, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { folderParam } from './photo.ts';

/** File manager (spec sections 3 and 7). `path` is `<visibility>/<uid>/<name>`, the handle signed links use. */
export const FILE_TYPES = ['image', 'video', 'audio', 'document', 'archive', 'other'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** A stored file name: no separators, `%`, control characters, and not `.` or `..`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a file name refuses
export const FILE_NAME_PATTERN = /^(?!\.{1,2}$)[^/\\%\u0000-\u001f\u007f]{1,200}$/;
export const FILE_UID_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a file name refuses
export const FILE_PATH_PATTERN = /^(public|private)\/([A-Za-z0-9_-]{16,40})\/((?!\.{1,2}$)[^/\\%\u0000-\u001f\u007f]{1,200})$/;

export const fileSchema = z.object({
  id: z.number(),
  uid: z.string(),
  organization_id: z.number().nullable(),
  name: z.string(),
  folder: z.string(),
  path: z.string(),
  /** Public files: an address anyone may open. Private files: the authenticated get-private-file call. */
  url: z.string(),
  type: z.enum(FILE_TYPES),
  mime: z.string(),
  size: z.number(),
  is_private: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileItem = z.infer<typeof fileSchema>;

export const fileListQuery = listQuery(['created_at', 'id', 'name', 'size'], {
  /** '' is the root; without it every folder is listed. */
  folder: folderParam.optional(),
  type: z.enum(FILE_TYPES).optional(),
});
export type FileListQuery = z.input<typeof fileListQuery>;
/** The page of files plus the direct sub-folders of `folder`. */
export const fileListResponse = listResponse(fileSchema).extend({ folders: z.array(z.string()) });
export type FileListResponse = z.infer<typeof fileListResponse>;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const fileUploadQuery = z.object({
  folder: folderParam.default(''),
  private: flag.default(false),
  organization_id: rowIdParam.optional(),
});

export const fileCreateViaDataBody = z.object({
  name: z.string().trim().regex(FILE_NAME_PATTERN, VALIDATION_KEYS.invalid),
  content: z.string(),
  encoding: z.enum(['text', 'base64']).default('text'),
  folder: folderParam.default(''),
  private: z.boolean().default(false),
  organization_id: rowId.optional(),
});

export const fileDownloadBody = z.object({ id: rowId, organization_id: rowId.optional() });

export const privateFileParams = z.object({
  a: z.string().regex(FILE_UID_PATTERN, VALIDATION_KEYS.invalid),
  b: z.string().regex(FILE_NAME_PATTERN, VALIDATION_KEYS.invalid),
});

/**
 * A signed link carries its payload as base64url JSON; the payload is bounded by that JSON's size in
 * bytes, so every link the server signs stays within SIGNED_LINK_P_MAX characters and can be opened.
 */
export const SIGNED_LINK_PAYLOAD_MAX_BYTES = 1400;
export const SIGNED_LINK_P_MAX = Math.ceil(SIGNED_LINK_PAYLOAD_MAX_BYTES / 3) * 4;
const payloadBytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

/** ttl in seconds; the server caps it (SIGNED_URL_MAX_TTL_SECONDS, one day by default). */
export const signedUrlBody = z.object({
  path: z.string().regex(FILE_PATH_PATTERN, VALIDATION_KEYS.invalid),
  ttl: z.number().int().min(1).default(3600),
  payload: z
    .union([z.string().max(500), z.record(z.string(), z.unknown())])
    .refine((v) => payloadBytes(v) <= SIGNED_LINK_PAYLOAD_MAX_BYTES, VALIDATION_KEYS.invalid)
    .optional(),
  organization_id: rowId.optional(),
});
export const signedUrlResponse = z.object({ url: z.string(), expires_at: z.string(), ttl: z.number() });
export type SignedUrl = z.infer<typeof signedUrlResponse>;

/** Expiry choices the web offers for a signed link (seconds). */
export const SIGNED_URL_TTL_CHOICES = [300, 3600, 21600, 86400] as const;

/** One opening of a signed link to a file (issue 26): when, from where, and which link it was. */
export const signedLinkOpenSchema = z.object({
  id: z.number(),
  opened_at: z.string(),
  ip: z.string().nullable(),
  /** The browser and system from the user agent ("Chrome 122 · macOS"). */
  device: z.string().nullable(),
  link: z.object({
    signer: z.object({ id: z.number(), name: z.string() }),
    signed_at: z.string(),
    expires_at: z.string(),
    /** The note the signer attached to the link, when it has one. */
    note: z.string().nullable(),
  }),
});
export type SignedLinkOpen = z.infer<typeof signedLinkOpenSchema>;
export const signedLinkOpensQuery = z.object({
  page: listQuery(['id']).shape.page,
  per_page: listQuery(['id']).shape.per_page,
  organization_id: rowIdParam.optional(),
});
export const signedLinkOpensResponse = listResponse(signedLinkOpenSchema);
export type SignedLinkOpensResponse = z.infer<typeof signedLinkOpensResponse>;
