import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffImage } from './sniff.ts';
import { inspectImage, renderVariants, VARIANT_WIDTHS, ImageRejected, type ImageLimits } from './image-variants.ts';

/** Pure image pipeline (no database, so it runs once). Route-level checks are in modules/photo. */
const MAX = 50_000_000;
const LIMITS: ImageLimits = { maxPixels: MAX, maxFrames: 100, maxAnimationPixels: 10_000_000 };
const halfRed = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#00ff00' } }).composite([
    { input: { create: { width: Math.floor(w / 2), height: h, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
  ]);

describe('image variants', () => {
  it('makes every size at the documented widths, in the original format and WebP', async () => {
    const input = await halfRed(2400, 1600).jpeg().toBuffer();
    const info = await inspectImage(input, LIMITS);
    const out = await renderVariants(input, info, { maxPixels: MAX });
    expect(out).toHaveLength(12);
    for (const v of out) {
      const limit = VARIANT_WIDTHS[v.size];
      expect(v.width).toBe(limit === null ? 2400 : Math.min(limit, 2400));
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe(v.format);
      expect(meta.width).toBe(v.width);
    }
    expect(new Set(out.map((v) => v.format))).toEqual(new Set(['jpeg', 'webp']));
  });

  it('applies EXIF orientation and drops EXIF and GPS', async () => {
    const input = await halfRed(300, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    const gpsPointer = (b: Buffer) => b.includes(Buffer.from([0x88, 0x25])) || b.includes(Buffer.from([0x25, 0x88]));
    expect(gpsPointer(inMeta.exif!)).toBe(true);

    const info = await inspectImage(input, LIMITS);
    expect([info.width, info.height]).toEqual([200, 300]);
    for (const v of await renderVariants(input, info, { maxPixels: MAX })) {
      const meta = await sharp(v.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      const w = Math.min(VARIANT_WIDTHS[v.size] ?? 200, 200);
      expect([meta.width, meta.height]).toEqual([w, w * 1.5]);
      const { data, info: raw } = await sharp(v.data).raw().toBuffer({ resolveWithObject: true });
      const px = (y: number) => [...data.subarray(y * raw.width * raw.channels, y * raw.width * raw.channels + 3)];
      expect(px(5)[0]).toBeGreaterThan(200); // red half is now on top
      expect(px(raw.height - 5)[1]).toBeGreaterThan(200);
    }
  });

  it('never upscales a small image', async () => {
    const input = await halfRed(120, 90).png().toBuffer();
    const info = await inspectImage(input, LIMITS);
    const out = await renderVariants(input, info, { maxPixels: MAX });
    for (const v of out) expect([v.width, v.height]).toEqual([120, 90]);
    expect(out.filter((v) => v.format === 'png')).toHaveLength(6);
  });

  it('recognises the format by content, not by name', async () => {
    expect(sniffImage(await halfRed(10, 10).png().toBuffer())).toBe('png');
    expect(sniffImage(await halfRed(10, 10).gif().toBuffer())).toBe('gif');
    expect(sniffImage(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    await expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), LIMITS)).rejects.toBeInstanceOf(ImageRejected);
    await expect(inspectImage(await halfRed(10, 10).webp().toBuffer(), LIMITS)).rejects.toMatchObject({ reason: 'type' });
  });

  it('refuses an image over the pixel limit', async () => {
    const input = await halfRed(200, 200).png().toBuffer();
    await expect(inspectImage(input, { ...LIMITS, maxPixels: 39_999 })).rejects.toMatchObject({ reason: 'pixels' });
  });

  it('keeps an animated GIF animated', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#0000ff'].map((c) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: c } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } } as any)
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    const info = await inspectImage(gif, LIMITS);
    expect(info).toMatchObject({ format: 'gif', width: 40, height: 30, animated: true });
    const out = await renderVariants(gif, info, { maxPixels: MAX });
    const meta = await sharp(out.find((v) => v.size === 'tiny' && v.format === 'webp')!.data, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
  });
});
