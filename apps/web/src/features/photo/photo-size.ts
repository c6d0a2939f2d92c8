import { PHOTO_SIZE_FALLBACK, type Photo, type PhotoSize } from '@bo/shared/schemas/photo';
import type { ViewerImage } from '../../components/image-viewer.tsx';

/**
 * Spec section 9: large screens use large, middle, small, tiny; smaller screens middle, small,
 * tiny; the first one the photo has wins. Thumbnails start lower in the same lists.
 */
export function photoSizeOrder(mobile: boolean, purpose: 'view' | 'thumbnail'): readonly PhotoSize[] {
  const order = mobile ? PHOTO_SIZE_FALLBACK.small : PHOTO_SIZE_FALLBACK.large;
  return purpose === 'view' ? order : order.slice(order.indexOf('small'));
}

export function pickVariant(photo: Pick<Photo, 'size_list' | 'url' | 'width' | 'height'>, order: readonly PhotoSize[]) {
  for (const size of order) {
    const v = photo.size_list?.[size];
    if (v?.url) return { size, ...v };
  }
  return {
    size: 'origin' as PhotoSize,
    url: photo.url,
    webp_url: photo.size_list?.origin?.webp_url ?? '',
    width: photo.width,
    height: photo.height,
  };
}

export function toViewerImage(photo: Photo, mobile: boolean): ViewerImage {
  const v = pickVariant(photo, photoSizeOrder(mobile, 'view'));
  return {
    src: v.url,
    webpSrc: v.webp_url || undefined,
    width: v.width,
    height: v.height,
    title: photo.title || photo.original_name,
    alt: photo.alt,
  };
}
