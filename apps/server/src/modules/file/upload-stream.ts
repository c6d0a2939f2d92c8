import { Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { AppError, badRequest, payloadTooLarge } from '../../lib/errors.ts';

/** Room for the multipart envelope around the file when judging Content-Length up front. */
const ENVELOPE_BYTES = 64 * 1024;

export const tooLarge = (max: number) => payloadTooLarge(`The file is larger than the limit of ${max} bytes`);

/**
 * The one file part of a multipart upload, refused before reading when Content-Length already
 * says it is too large. busboy stops at max + 1 bytes so `limitBytes` can tell "too large" apart
 * from "exactly the limit".
 */
export async function uploadedFile(req: FastifyRequest, max: number): Promise<MultipartFile> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max + ENVELOPE_BYTES) throw tooLarge(max);
  if (!req.isMultipart()) throw badRequest({ file: [VALIDATION_KEYS.required] });
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: max + 1, files: 1, fields: 20, fieldSize: 4096 } });
  } catch (err) {
    throw mapMultipartError(err, max);
  }
  if (!part) throw badRequest({ file: [VALIDATION_KEYS.required] });
  return part;
}

export function mapMultipartError(err: unknown, max: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge(max);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest({ file: [VALIDATION_KEYS.required] });
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest();
  return err;
}

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

/** The first `n` bytes of a stream (for content sniffing) and a stream that still yields all of it. */
export async function peek(stream: Readable, n: number): Promise<{ head: Buffer; body: Readable }> {
  const it = stream[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) { done = true; break; }
    taken.push(r.value);
    size += r.value.length;
  }
  const head = Buffer.concat(taken, size);
  const body = Readable.from((async function* () {
    if (head.length) yield head;
    if (done) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value as Buffer;
    }
  })(), { objectMode: false });
  return { head: head.subarray(0, n), body };
}
