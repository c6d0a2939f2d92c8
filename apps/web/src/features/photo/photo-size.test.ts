import { describe, expect, it } from 'vitest';
import { photoSizeOrder, pickVariant } from './photo-size.ts';

const v = (name: string) => ({ url: `/${name}.jpg`, webp_url: `/${name}.webp`, width: 1, height: 1 });
const photo = {
  url: '/origin.jpg',
  width: 1,
  height: 1,
  size_list: { origin: v('origin'), xlarge: v('xlarge'), large: v('large'), middle: v('middle'), small: v('small'), tiny: v('tiny') },
};

describe('photo variant choice (spec section 9)', () => {
  it('uses large first on large screens and middle first on smaller ones', () => {
    expect(photoSizeOrder(false, 'view')).toEqual(['large', 'middle', 'small', 'tiny']);
    expect(photoSizeOrder(true, 'view')).toEqual(['middle', 'small', 'tiny']);
    expect(pickVariant(photo, photoSizeOrder(false, 'view')).url).toBe('/large.jpg');
    expect(pickVariant(photo, photoSizeOrder(true, 'view')).url).toBe('/middle.jpg');
  });

  it('falls back along the list when a size is missing', () => {
    const partial = { ...photo, size_list: { ...photo.size_list, large: undefined, middle: undefined } } as any;
    expect(pickVariant(partial, photoSizeOrder(false, 'view')).url).toBe('/small.jpg');
    expect(pickVariant({ ...photo, size_list: {} } as any, photoSizeOrder(true, 'view')).url).toBe('/origin.jpg');
  });

  it('starts thumbnails at small', () => {
    expect(photoSizeOrder(false, 'thumbnail')).toEqual(['small', 'tiny']);
  });
});
