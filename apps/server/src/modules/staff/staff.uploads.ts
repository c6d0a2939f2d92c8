import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { imageQueue } from '../../lib/images/image-queue.ts';
import { decodeOptions, IMAGE_REJECTION_KEYS, ImageRejected, imageLimits, inspectImage, type ImageInfo } from '../../lib/images/image-variants.ts';
import { sniffImage } from '../../lib/media/sniff.ts';
import { cleanFileName } from '../../lib/uploads/file-name.ts';

type ImageConfig = Pick<Config, 'imageMaxPixels' | 'imageMaxFrames' | 'imageMaxAnimationPixels' | 'imageQueue'>;

/** The staff forms translate `image_too_large` for an image over the pixel limit. */
const STAFF_REJECTION_KEYS = { ...IMAGE_REJECTION_KEYS, pixels: 'validate.error.image_too_large' };

/** Spec section 5 images (png, jpg, jpeg, gif), checked by content, frames and pixels by the photo library's rules. */
async function checkImage(b: Buffer, config: ImageConfig, field: string): Promise<ImageInfo> {
  try {
    return await inspectImage(b, imageLimits(config));
  } catch (err) {
    if (err instanceof ImageRejected) throw badRequest({ [field]: [STAFF_REJECTION_KEYS[err.reason]] }, err.message);
    throw err;
  }
}

/**
 * A staff photo: checked by content, turned upright, shrunk to at most 800 px and re-encoded as
 * JPEG (first frame of an animation), which drops EXIF and GPS and is what every spreadsheet
 * program can show. The decode runs in the shared image queue (503 when it is full).
 */
export async function normalizeStaffPhoto(b: Buffer, config: ImageConfig): Promise<Buffer> {
  const info = await checkImage(b, config, 'file');
  return imageQueue(config).run(() => sharp(b, decodeOptions({ ...info, animated: false }, config.imageMaxPixels)).rotate()
    .resize({ width: 800, height: 800, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer());
}

export const CERTIFICATE_FILE_TYPES = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' } as const;

/** A scanned certificate: PDF or an image, by content. Kept as uploaded. */
export async function checkCertificateFile(b: Buffer, config: ImageConfig): Promise<{ ext: string; mime: string }> {
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', mime: CERTIFICATE_FILE_TYPES.pdf };
  if (!sniffImage(b)) throw badRequest({ file: ['validate.error.file_type'] });
  const { format } = await checkImage(b, config, 'file');
  return { ext: format === 'jpeg' ? 'jpg' : format, mime: CERTIFICATE_FILE_TYPES[format] };
}

export const storageKey = (area: 'photos' | 'certificates' | 'templates', organizationId: number, ext: string) =>
  `staff/${organizationId}/${area}/${randomUUID()}.${ext}`;


/** Content-Disposition with an ASCII fallback and the RFC 5987 `filename*` for Chinese names. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const clean = cleanFileName(fileName);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
