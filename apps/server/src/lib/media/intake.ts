import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSharp } from '../images/load-sharp.ts';
import { badRequest } from '../errors.ts';
import {
  decodeOptions,
  IMAGE_EXT,
  IMAGE_MIME,
  ImageRejected,
  imageLimits,
  inspectImage,
  renderVariants,
  type ImageInfo,
  type RenderedVariant,
} from '../images/image-variants.ts';
import { cleanFileName } from '../uploads/file-name.ts';
import { readPart, uploadedFile } from '../uploads/multipart.ts';
import { readBounded } from '../uploads/size-limit.ts';
import type { SingleImagePolicy, VariantSetPolicy } from './image-policy.ts';
import { refusedFileType, refusedImage } from './refusals.ts';
import { sniffContent } from '../images/sniff.ts';

/** The one file of a multipart upload, read into memory within UPLOAD_MAX_BYTES (413 past it, 400 without a file). */
export interface ReceivedUpload {
  data: Buffer;
  name: string;
}

export async function receiveUpload(req: FastifyRequest): Promise<ReceivedUpload> {
  const max = req.server.config.uploadMaxBytes;
  const part = await uploadedFile(req, max);
  const data = await readPart(part, max, (file) => readBounded(file, max));
  if (!data.length) throw badRequest({ file: ['validate.error.required'] });
  return { data, name: cleanFileName(part.filename) };
}

/** Content, frame and pixel checks from the headers, before anything is decoded or stored. */
async function inspect(app: FastifyInstance, data: Buffer, policy: { keys?: VariantSetPolicy['keys'] }): Promise<ImageInfo> {
  try {
    return await inspectImage(data, imageLimits(app.config));
  } catch (err) {
    if (err instanceof ImageRejected) throw refusedImage(err.reason, err.message, policy.keys);
    throw err;
  }
}

/** Decoding runs in the app's image queue (503 when it is full); a file the decoder then gives up on is refused as unreadable. */
const decode = <T>(app: FastifyInstance, policy: { keys?: VariantSetPolicy['keys'] }, job: () => Promise<T>): Promise<T> =>
  app.imageQueue.run(() =>
    job().catch(() => {
      throw refusedImage('corrupt', 'The image cannot be read', policy.keys);
    }),
  );

export interface TakenVariantSet {
  info: ImageInfo;
  variants: RenderedVariant[];
}
export interface TakenImage {
  info: ImageInfo;
  data: Buffer;
  mime: string;
  ext: string;
}

/** An uploaded image taken by a use's policy: checked, then rendered as the policy declares. */
export async function takeImage(app: FastifyInstance, data: Buffer, policy: VariantSetPolicy): Promise<TakenVariantSet>;
export async function takeImage(app: FastifyInstance, data: Buffer, policy: SingleImagePolicy): Promise<TakenImage>;
export async function takeImage(
  app: FastifyInstance,
  data: Buffer,
  policy: VariantSetPolicy | SingleImagePolicy,
): Promise<TakenVariantSet | TakenImage> {
  const info = await inspect(app, data, policy);
  const maxPixels = app.config.imageMaxPixels;
  switch (policy.kind) {
    case 'variants':
      return { info, variants: await decode(app, policy, () => renderVariants(data, info, { maxPixels })) };
    case 'normalised': {
      const side = policy.maxSide;
      const sharp = await loadSharp();
      const jpeg = await decode(app, policy, () =>
        sharp(data, decodeOptions({ ...info, animated: false }, maxPixels))
          .rotate()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
      return { info, data: jpeg, mime: IMAGE_MIME.jpeg, ext: IMAGE_EXT.jpeg };
    }
    case 'checked':
      return { info, data, mime: IMAGE_MIME[info.format], ext: IMAGE_EXT[info.format] };
  }
}

/** A document that may be a PDF or an image (scans): a PDF is kept as uploaded, an image goes through `image`. */
export async function takeDocument(
  app: FastifyInstance,
  data: Buffer,
  accept: { image: SingleImagePolicy },
): Promise<{ data: Buffer; mime: string; ext: string }> {
  const type = sniffContent(data);
  if (type === 'pdf') return { data, mime: 'application/pdf', ext: 'pdf' };
  if (type !== 'png' && type !== 'jpg' && type !== 'gif') throw refusedFileType('Only PDF files or PNG, JPEG and GIF images are accepted');
  return takeImage(app, data, accept.image);
}
