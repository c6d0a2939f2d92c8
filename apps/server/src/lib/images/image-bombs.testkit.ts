import sharp from 'sharp';

/**
 * A GIF written byte by byte: `frames` frames of one pixel each, on a `width` × `height` screen.
 * Decoders composite every frame onto the full screen, so a few dozen bytes per frame decode to
 * width × height pixels each: 3,000 frames on 100 × 100 is 69 KB and 30 million decoded pixels.
 */
export function gifBomb(frames: number, width: number, height: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const parts = [
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([...u16(width), ...u16(height), 0xf1, 0, 0]), // global colour table of 4 entries
    Buffer.from([255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255]),
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0]), // loop forever
  ];
  for (let f = 0; f < frames; f++) {
    const x = f % width;
    const y = Math.floor(f / width) % height;
    parts.push(Buffer.from([0x21, 0xf9, 4, 0x04, 2, 0, 0, 0])); // 20 ms, keep the previous frame
    parts.push(Buffer.from([0x2c, ...u16(x), ...u16(y), ...u16(1), ...u16(1), 0]));
    // LZW with 2-bit minimum code size: clear (4), one colour index, end (5), 3 bits each, LSB first.
    const codes = 4 | ((1 + (f % 3)) << 3) | (5 << 6);
    parts.push(Buffer.from([2, 2, codes & 0xff, codes >> 8, 0]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** Distinct frames (a dot moving across a square) joined by sharp into one animated image. */
export async function joinedAnimation(frames: number, size: number, format: 'gif' | 'webp'): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: size, height: size, channels: 3, background: '#ffffff' } })
        .composite([
          {
            input: { create: { width: 2, height: 2, channels: 3, background: '#000000' } },
            left: (i * 2) % size,
            top: (Math.floor((i * 2) / size) * 2) % size,
          },
        ])
        .png({ compressionLevel: 0 })
        .toBuffer(),
    ),
  );
  const joined = sharp(pages, { join: { animated: true } });
  return format === 'gif' ? joined.gif({ effort: 1 }).toBuffer() : joined.webp({ effort: 0, lossless: true }).toBuffer();
}
