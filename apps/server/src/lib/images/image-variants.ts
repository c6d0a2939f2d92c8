import type { Metadata } from 'sharp';
import { loadSharp } from './load-sharp.ts';
import { sniffImage, type ImageFormat } from './sniff.ts';

/**
 * Photo variants (spec section 3 `size_list`). Widths are upper bounds: a variant is never
 * wider than the original (no upscaling), so a small photo's variants share its own size.
 */
export const VARIANT_WIDTHS = {
  origin: null,
  xlarge: 1920,
  large: 1280,
  middle: 800,
  small: 480,
  tiny: 160,
} as const;
export type VariantSize = keyof typeof VARIANT_WIDTHS;
export const VARIANT_SIZES = Object.keys(VARIANT_WIDTHS) as VariantSize[];

export const IMAGE_MIME: Record<ImageFormat | 'webp', string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const IMAGE_EXT: Record<ImageFormat | 'webp', string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

export class ImageRejected extends Error {
  constructor(
    readonly reason: 'type' | 'pixels' | 'frames' | 'corrupt',
    message: string,
  ) {
    super(message);
  }
}

/** What an upload may cost to decode, checked from the headers before any pixel is decoded. */
export interface ImageLimits {
  /** width × height × frames (IMAGE_MAX_PIXELS). */
  maxPixels: number;
  /** Frames of an animated image (IMAGE_MAX_FRAMES). */
  maxFrames: number;
  /** width × height × frames up to which an animation is kept animated (IMAGE_MAX_ANIMATION_PIXELS). */
  maxAnimationPixels: number;
}

export const imageLimits = (config: { imageMaxPixels: number; imageMaxFrames: number; imageMaxAnimationPixels: number }): ImageLimits => ({
  maxPixels: config.imageMaxPixels,
  maxFrames: config.imageMaxFrames,
  maxAnimationPixels: config.imageMaxAnimationPixels,
});

export interface ImageInfo {
  format: ImageFormat;
  /** Size of one frame after EXIF orientation is applied. */
  width: number;
  height: number;
  /** Frames in the file (1 for a still image). */
  frames: number;
  /** Kept animated: more than one frame within the animation budget; otherwise only the first frame is decoded. */
  animated: boolean;
}

/**
 * Checks the content (magic bytes and decoder agree), the frame count and the pixels before anything
 * is decoded or stored. sharp's metadata() reads headers only: for a GIF it walks the frame
 * descriptors without decompressing them (a few ms for thousands of frames).
 */
export async function inspectImage(input: Buffer, limits: ImageLimits): Promise<ImageInfo> {
  const sniffed = sniffImage(input);
  if (!sniffed) throw new ImageRejected('type', 'Only PNG, JPEG and GIF images are accepted');
  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('corrupt', 'The image cannot be read');
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw new ImageRejected('type', 'Only PNG, JPEG and GIF images are accepted');
  // Without the `pages` option metadata() describes the first page: `height` is one frame's.
  const pageHeight = meta.pageHeight ?? meta.height;
  const frames = meta.pages ?? 1;
  if (frames > limits.maxFrames) {
    throw new ImageRejected('frames', `The image has more than ${limits.maxFrames} frames`);
  }
  const pixels = meta.width * pageHeight * frames;
  if (pixels > limits.maxPixels) {
    throw new ImageRejected('pixels', `The image is larger than ${limits.maxPixels} pixels`);
  }
  const swap = (meta.orientation ?? 1) >= 5;
  return {
    format: sniffed,
    width: swap ? pageHeight : meta.width,
    height: swap ? meta.width : pageHeight,
    frames,
    animated: sniffed === 'gif' && frames > 1 && pixels <= limits.maxAnimationPixels,
  };
}

/** Translation keys of the refusals (spec section 5 keys; the photo library's wording). */
export const IMAGE_REJECTION_KEYS: Record<ImageRejected['reason'], string> = {
  type: 'validate.error.image_type',
  corrupt: 'validate.error.image_type',
  pixels: 'validate.error.image_too_many_pixels',
  frames: 'validate.error.image_too_many_frames',
};

/**
 * sharp input options that decode no more than `inspectImage` allowed: every frame of an animation
 * kept animated, otherwise the first frame only, and never more pixels than the limit.
 */
export const decodeOptions = (info: ImageInfo, maxPixels: number) =>
  ({ pages: info.animated ? info.frames : 1, limitInputPixels: maxPixels }) as const;

/**
 * libwebp effort 2 instead of its default 4: about twice as fast on a 12-megapixel photo for files
 * about 5% larger (bench/README.md, photo upload).
 */
export const WEBP_EFFORT = 2;

export interface RenderedVariant {
  size: VariantSize;
  format: ImageFormat | 'webp';
  width: number;
  height: number;
  data: Buffer;
}

export interface RenderOptions {
  maxPixels: number;
  /** WebP encoder effort 0-6 (default WEBP_EFFORT); lower is faster. */
  webpEffort?: number;
  /** false: the original format only (benchmarks compare with and without WebP). */
  webp?: boolean;
}

/**
 * Every size in the original format and in WebP, rotated upright with EXIF, GPS and other
 * metadata dropped (sharp writes none unless asked). Each variant is its own pipeline so JPEG
 * shrink-on-load decodes small sizes at 1/2..1/8 scale; all run in parallel.
 */
export async function renderVariants(input: Buffer, info: ImageInfo, opts: RenderOptions): Promise<RenderedVariant[]> {
  const sharp = await loadSharp();
  const base = sharp(input, decodeOptions(info, opts.maxPixels)).rotate();
  // Sizes whose bound is at least the photo's width are the same picture: encoded once, shared.
  const encoded = new Map<string, Promise<Omit<RenderedVariant, 'size'>>>();
  const encode = (width: number, format: ImageFormat | 'webp') => {
    const key = `${width}:${format}`;
    let job = encoded.get(key);
    if (!job) {
      job = (async () => {
        const p = base.clone();
        if (width < info.width) p.resize({ width, withoutEnlargement: true });
        if (format === 'jpeg') p.jpeg({ quality: 82, mozjpeg: false });
        else if (format === 'png') p.png({ compressionLevel: 6 });
        else if (format === 'gif') p.gif();
        else p.webp({ quality: 80, effort: opts.webpEffort ?? WEBP_EFFORT });
        const { data, info: out } = await p.toBuffer({ resolveWithObject: true });
        return { format, width: out.width, height: out.pageHeight ?? out.height, data };
      })();
      encoded.set(key, job);
    }
    return job;
  };
  const jobs: Promise<RenderedVariant>[] = [];
  for (const size of VARIANT_SIZES) {
    const limit = VARIANT_WIDTHS[size];
    const width = limit === null ? info.width : Math.min(limit, info.width);
    for (const format of opts.webp === false ? [info.format] : [info.format, 'webp' as const]) {
      jobs.push(encode(width, format).then((v) => ({ size, ...v })));
    }
  }
  return Promise.all(jobs);
}
