import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AppError } from '../errors.ts';
import { gifBomb, joinedAnimation } from './image-bombs.testkit.ts';
import { ImageQueue } from './image-queue.ts';
import { inspectImage, renderVariants, type ImageLimits } from './image-variants.ts';

/** Pure image pipeline and queue (no database, so it runs once). Route-level refusals are in test/image-intake.test.ts. */
const LIMITS: ImageLimits = { maxPixels: 50_000_000, maxFrames: 100, maxAnimationPixels: 10_000_000 };

describe('frame and pixel limits', () => {
  it('refuses a 3,000-frame GIF from its headers, without decoding a frame', async () => {
    const bomb = gifBomb(3000, 100, 100);
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    await expect(inspectImage(bomb, LIMITS)).rejects.toMatchObject({ reason: 'frames', message: 'The image has more than 100 frames' });
    // Decoding and resizing it took over 20 s before the cap; reading the headers takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an animation whose frames together exceed the pixel limit, though each frame is small', async () => {
    const gif = gifBomb(50, 300, 300); // 50 frames × 90,000 px = 4.5 million decoded pixels
    await expect(inspectImage(gif, { ...LIMITS, maxPixels: 4_000_000 })).rejects.toMatchObject({ reason: 'pixels' });
    expect(await inspectImage(gif, { ...LIMITS, maxPixels: 5_000_000 })).toMatchObject({
      width: 300,
      height: 300,
      frames: 50,
      animated: true,
    });
  });

  it('counts the frames of a GIF made by sharp the same way', async () => {
    const gif = await joinedAnimation(150, 64, 'gif');
    await expect(inspectImage(gif, LIMITS)).rejects.toMatchObject({ reason: 'frames' });
    expect(await inspectImage(gif, { ...LIMITS, maxFrames: 150 })).toMatchObject({ frames: 150, animated: true });
  });

  it('refuses an animated WebP as a type the spec does not accept, before reading its frames', async () => {
    const webp = await joinedAnimation(150, 64, 'webp');
    expect((await sharp(webp).metadata()).pages).toBe(150);
    await expect(inspectImage(webp, LIMITS)).rejects.toMatchObject({ reason: 'type' });
  });

  it('keeps an animation animated within the animation budget, in every variant', async () => {
    const gif = gifBomb(20, 120, 90);
    const info = await inspectImage(gif, LIMITS);
    expect(info).toMatchObject({ frames: 20, animated: true });
    const out = await renderVariants(gif, info, { maxPixels: LIMITS.maxPixels });
    expect(out).toHaveLength(12);
    for (const v of out) {
      const pages = (await sharp(v.data, { animated: true }).metadata()).pages ?? 1;
      // The GIF encoder may merge frames that differ by a pixel; WebP keeps each one.
      if (v.format === 'webp') expect(pages, v.size).toBe(20);
      else expect(pages, v.size).toBeGreaterThan(10);
    }
  });

  it('stores the first frame only of an animation over the animation budget', async () => {
    const gif = gifBomb(40, 200, 200); // 1.6 million pixels over all frames
    const info = await inspectImage(gif, { ...LIMITS, maxAnimationPixels: 1_000_000 });
    expect(info).toMatchObject({ format: 'gif', width: 200, height: 200, frames: 40, animated: false });
    const out = await renderVariants(gif, info, { maxPixels: LIMITS.maxPixels });
    for (const v of out) {
      const meta = await sharp(v.data, { animated: true }).metadata();
      expect(meta.pages ?? 1, `${v.size} ${v.format}`).toBe(1);
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    }
    expect(out.find((v) => v.size === 'origin' && v.format === 'gif')!.width).toBe(200);
  });

  it('encodes sizes that come out the same only once', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const out = await renderVariants(png, await inspectImage(png, LIMITS), { maxPixels: LIMITS.maxPixels });
    const origin = out.find((v) => v.size === 'origin' && v.format === 'png')!;
    // origin, xlarge, large, middle and small are all 300 px wide: one encode shared by the five.
    expect(out.filter((v) => v.format === 'png' && v.data === origin.data).map((v) => v.size)).toEqual([
      'origin',
      'xlarge',
      'large',
      'middle',
      'small',
    ]);
    expect(out.find((v) => v.size === 'tiny' && v.format === 'png')!.width).toBe(160);
  });
});

describe('image queue', () => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { opened, open };
  };

  it('runs at most `concurrency` jobs at once and the waiting ones in arrival order', async () => {
    const queue = new ImageQueue({ concurrency: 2, maxWaiting: 3 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        order.push(n);
        running--;
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(job))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(queue.stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses with 503 and Retry-After once every slot and the waiting line are taken, and takes work again when a slot frees', async () => {
    const queue = new ImageQueue({ concurrency: 1, maxWaiting: 1 });
    const hold = gate();
    const held = [queue.run(() => hold.opened), queue.run(() => hold.opened)];
    expect(queue.stats).toMatchObject({ running: 1, waiting: 1 });
    let ran = false;
    const refused = await queue
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, message: 'The server is busy processing other images; try again in a few seconds' });
    expect(Number((refused as AppError).headers!['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(ran).toBe(false);
    hold.open();
    await Promise.all(held);
    expect(await queue.run(async () => 'done')).toBe('done');
  });

  it('frees the slot of a job that fails', async () => {
    const queue = new ImageQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(
      queue.run(async () => {
        throw new Error('broken image');
      }),
    ).rejects.toThrow('broken image');
    expect(queue.stats.running).toBe(0);
    expect(await queue.run(async () => 1)).toBe(1);
  });

  it('estimates Retry-After from how long jobs take, within 1 to 60 seconds', async () => {
    let clock = 0;
    const queue = new ImageQueue({ concurrency: 2, maxWaiting: 2 }, () => clock);
    expect(queue.retryAfterSeconds()).toBe(1);
    // Jobs measured at 4 s each: with 2 running and 2 waiting on 2 slots, about two rounds of 4 s.
    for (let i = 0; i < 30; i++)
      await queue.run(async () => {
        clock += 4000;
      });
    const hold = gate();
    const held = [1, 2, 3, 4].map(() => queue.run(() => hold.opened));
    expect(queue.retryAfterSeconds()).toBe(8);
    hold.open();
    await Promise.all(held);
    for (let i = 0; i < 30; i++)
      await queue.run(async () => {
        clock += 600_000;
      });
    const again = gate();
    const heldAgain = [1, 2, 3, 4].map(() => queue.run(() => again.opened));
    expect(queue.retryAfterSeconds()).toBe(60);
    again.open();
    await Promise.all(heldAgain);
  });
});
