import { Transform, type Readable } from 'node:stream';
import { payloadTooLarge } from '../errors.ts';

/** The one 413 every upload answers past `UPLOAD_MAX_BYTES`, whichever way the bytes came in. */
export const tooLarge = (max: number) => payloadTooLarge(`The file is larger than the limit of ${max} bytes`);

/** Passes bytes through and fails the stream as soon as more than `max` went by. */
export function limitBytes(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > max) cb(tooLarge(max));
      else cb(null, chunk);
    },
  });
}

/** Reads a bounded upload into memory (images: sharp decodes the whole picture anyway). */
export async function readBounded(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    size += c.length;
    if (size > max) {
      stream.destroy();
      throw tooLarge(max);
    }
    chunks.push(c);
  }
  return Buffer.concat(chunks, size);
}
