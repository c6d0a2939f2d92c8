import { unprocessable } from '../errors.ts';
import { IMAGE_REJECTION_KEYS, type ImageRejected } from '../images/image-variants.ts';

export type RejectionReason = ImageRejected['reason'];
export type RejectionKeys = Partial<Record<RejectionReason, string>>;

/**
 * Bytes that are not an acceptable image (wrong type, unreadable, too many pixels or frames) are 422
 * on every upload route, with the reason's translation key on `file`: the request was well formed,
 * its content is what is refused. Too large stays 413 (lib/uploads/size-limit.ts).
 */
export const refusedImage = (reason: RejectionReason, message: string, keys?: RejectionKeys) =>
  unprocessable(message, { file: [keys?.[reason] ?? IMAGE_REJECTION_KEYS[reason]] });

/** A file of a type the use does not take (a certificate scan that is neither PDF nor an image). */
export const refusedFileType = (message: string) => unprocessable(message, { file: ['validate.error.file_type'] });
