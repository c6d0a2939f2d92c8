import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { AppError, badRequest } from '../errors.ts';
import { tooLarge } from './size-limit.ts';
import { cleanFileName } from './file-name.ts';

/** Room for the multipart envelope around the file when judging Content-Length up front. */
const ENVELOPE_BYTES = 64 * 1024;

const fileRequired = () => badRequest({ file: [VALIDATION_KEYS.required] });

/**
 * Multipart parsing for the routes of the calling plugin (encapsulated: other routes keep answering
 * 415 to a multipart body). Skipped when a parent already registered it.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20, fieldSize: 256 * 1024 } });
  }
}

/** @fastify/multipart and busboy errors as the answers every upload route gives: 413 or 400. */
export function mapMultipartError(err: unknown, max: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge(max);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return fileRequired();
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest();
  return err;
}

/** Refuses before reading anything when Content-Length already says the file cannot fit. */
function refuseDeclaredTooLarge(req: FastifyRequest, max: number): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max + ENVELOPE_BYTES) throw tooLarge(max);
}

/**
 * Streamed: the one file part of a multipart upload, refused before reading when Content-Length
 * already says it is too large. busboy stops at max + 1 bytes so `limitBytes` can tell "too large"
 * apart from "exactly the limit". Read its bytes through `readPart`.
 */
export async function uploadedFile(req: FastifyRequest, max: number): Promise<MultipartFile> {
  refuseDeclaredTooLarge(req, max);
  if (!req.isMultipart()) throw fileRequired();
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: max + 1, files: 1, fields: 20, fieldSize: 4096 } });
  } catch (err) {
    throw mapMultipartError(err, max);
  }
  if (!part) throw fileRequired();
  return part;
}

/** Runs `read` on the part's bytes; on failure drains what is left of the request and maps the error. */
export async function readPart<T>(part: MultipartFile, max: number, read: (file: Readable) => Promise<T>): Promise<T> {
  try {
    return await read(part.file);
  } catch (err) {
    part.file.resume();
    throw mapMultipartError(err, max);
  }
}

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  fields: Record<string, string>;
}

/** Buffered: the one file of a multipart request (field `file`) with the text fields sent beside it. */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!req.isMultipart()) throw fileRequired();
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        if (part.fieldname === 'file') file = { buffer, filename: cleanFileName(part.filename) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw mapMultipartError(err, maxBytes);
  }
  if (!file || file.buffer.length === 0) throw fileRequired();
  // As for JSON bodies (plugins/reject-nul.ts): a NUL in a text field is refused on both databases.
  const withNul = Object.keys(fields).find((k) => fields[k].includes('\u0000'));
  if (withNul) throw badRequest({ [withNul]: [VALIDATION_KEYS.invalid] });
  return { ...file, fields };
}
