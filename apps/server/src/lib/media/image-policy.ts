import type { RejectionKeys } from './refusals.ts';

/**
 * What one use of uploaded images keeps, declared where the use is (photo library, staff photo,
 * certificate scans; banners, products, videos and members next). Every policy gets the same
 * content, frame and pixel checks and the same 422 refusals; `keys` only renames a refusal's
 * translation key for a form that words it differently.
 */
export type ImagePolicy = VariantSetPolicy | SingleImagePolicy;

/** Every size of the photo library, in the original format and WebP (lib/images/image-variants.ts). */
export interface VariantSetPolicy {
  kind: 'variants';
  keys?: RejectionKeys;
}

/**
 * One image: `normalised` turns it upright, fits it in `maxSide` px and re-encodes it as JPEG (first
 * frame, no EXIF or GPS); `checked` keeps the bytes as uploaded once they passed the checks.
 */
export type SingleImagePolicy = { kind: 'normalised'; maxSide: number; keys?: RejectionKeys } | { kind: 'checked'; keys?: RejectionKeys };

export const variantSet = (opts: { keys?: RejectionKeys } = {}): VariantSetPolicy => ({ kind: 'variants', ...opts });
export const normalisedImage = (maxSide: number, opts: { keys?: RejectionKeys } = {}): SingleImagePolicy => ({
  kind: 'normalised',
  maxSide,
  ...opts,
});
export const checkedImage = (opts: { keys?: RejectionKeys } = {}): SingleImagePolicy => ({ kind: 'checked', ...opts });
