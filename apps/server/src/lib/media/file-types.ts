import type { FileType } from '@bo/shared/schemas/file';
import { sniffContent } from '../images/sniff.ts';

/** Extension → MIME type of what the app stores and serves. Anything else is application/octet-stream. */
export const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  avif: 'image/avif',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  js: 'text/javascript',
  css: 'text/css',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
  gz: 'application/gzip',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  tar: 'application/x-tar',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  dwg: 'application/acad',
  dxf: 'application/dxf',
  bin: 'application/octet-stream',
};

/**
 * Shown in the browser only when the type cannot carry active content. Everything else (SVG, HTML,
 * XML, scripts, PDF, office files) is sent as an attachment; every answer is also sandboxed by CSP.
 */
const INLINE_SAFE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'text/plain',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/mp4',
]);
export const isInlineSafe = (mime: string) => INLINE_SAFE.has(mime);

export const mimeForKey = (key: string) => MIME_BY_EXT[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

const SNIFFABLE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'zip', 'gz', 'mp4', 'webm', 'mp3']);
const ZIP_CONTAINERS = new Set(['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods']);

export interface Detected {
  ext: string;
  mime: string;
  type: FileType;
}

/**
 * The stored type of an upload, from its bytes first and its name second: a name that claims a
 * recognisable type the bytes do not have (HTML renamed .png) is stored as opaque binary.
 */
export function detectFileType(name: string, head: Buffer): Detected {
  const dot = name.lastIndexOf('.');
  const claimed = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const sniffed: string | null = sniffContent(head);
  let ext: string;
  if (sniffed === 'zip' && ZIP_CONTAINERS.has(claimed)) ext = claimed;
  else if (sniffed === 'jpg' && claimed === 'jpeg') ext = 'jpg';
  else if (sniffed === 'mp4' && ['mov', 'm4a'].includes(claimed)) ext = claimed;
  else if (sniffed) ext = sniffed;
  else if (SNIFFABLE.has(claimed) || ZIP_CONTAINERS.has(claimed) || !MIME_BY_EXT[claimed]) ext = 'bin';
  else ext = claimed;
  const mime = MIME_BY_EXT[ext] ?? 'application/octet-stream';
  return { ext, mime, type: fileTypeOf(mime, ext) };
}

export function fileTypeOf(mime: string, ext: string): FileType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (['zip', 'gz', '7z', 'rar', 'tar'].includes(ext)) return 'archive';
  if (
    [
      'pdf',
      'txt',
      'csv',
      'md',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'odt',
      'ods',
      'json',
      'xml',
      'html',
      'htm',
      'dwg',
      'dxf',
    ].includes(ext)
  )
    return 'document';
  return 'other';
}
