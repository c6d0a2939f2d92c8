import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.ts';
import { cleanFileName } from '../../lib/uploads/file-name.ts';

/** Kept for staff.module.ts, which registers multipart once for the staff and staff-excel routes. */

/** Spec section 5 images (png, jpg, jpeg, gif), recognised by content, never by name. */
function sniffImage(b: Buffer): 'png' | 'jpeg' | 'gif' | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  return null;
}

async function checkImage(b: Buffer, maxPixels: number, field: string): Promise<'png' | 'jpeg' | 'gif'> {
  const sniffed = sniffImage(b);
  if (!sniffed) throw badRequest({ [field]: ['validate.error.image_type'] });
  try {
    const meta = await sharp(b, { limitInputPixels: false }).metadata();
    if (meta.format !== sniffed || !meta.width || !meta.height) throw new Error('mismatch');
    if (meta.width * (meta.pageHeight ?? meta.height) > maxPixels) throw badRequest({ [field]: ['validate.error.image_too_large'] });
  } catch (err) {
    if (err instanceof Error && 'statusCode' in err) throw err;
    throw badRequest({ [field]: ['validate.error.image_type'] });
  }
  return sniffed;
}

/**
 * A staff photo: checked by content, turned upright, shrunk to at most 800 px and re-encoded as
 * JPEG, which drops EXIF and GPS and is what every spreadsheet program can show.
 */
export async function normalizeStaffPhoto(b: Buffer, maxPixels: number): Promise<Buffer> {
  await checkImage(b, maxPixels, 'file');
  return sharp(b, { limitInputPixels: maxPixels }).rotate()
    .resize({ width: 800, height: 800, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
}

export const CERTIFICATE_FILE_TYPES = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' } as const;

/** A scanned certificate: PDF or an image, by content. Kept as uploaded. */
export async function checkCertificateFile(b: Buffer, maxPixels: number): Promise<{ ext: string; mime: string }> {
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', mime: CERTIFICATE_FILE_TYPES.pdf };
  if (!sniffImage(b)) throw badRequest({ file: ['validate.error.file_type'] });
  const kind = await checkImage(b, maxPixels, 'file');
  return { ext: kind === 'jpeg' ? 'jpg' : kind, mime: CERTIFICATE_FILE_TYPES[kind] };
}

export const storageKey = (area: 'photos' | 'certificates' | 'templates', organizationId: number, ext: string) =>
  `staff/${organizationId}/${area}/${randomUUID()}.${ext}`;


/** Content-Disposition with an ASCII fallback and the RFC 5987 `filename*` for Chinese names. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const clean = cleanFileName(fileName);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
