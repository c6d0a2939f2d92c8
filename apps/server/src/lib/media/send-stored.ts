import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../storage/storage.ts';
import { notFound } from '../errors.ts';
import { contentDisposition } from './content-disposition.ts';
import { isInlineSafe } from './file-types.ts';

export interface SendOptions {
  mime: string;
  /** Download name for Content-Disposition. */
  name?: string;
  /** Force a download even for types that are safe inline. */
  attachment?: boolean;
  cacheControl: string;
  /** Runs once the object is known to be there, before anything is sent (a signed link records its opening). */
  onFound?: () => Promise<void>;
}

/** Parses a single `bytes=` range; null when absent or not understood (then the whole body is sent). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a stored object with Range, ETag and Cache-Control. Active content never runs on the
 * app's origin: unsafe types are attachments and every answer carries a sandboxing CSP and nosniff.
 */
export async function sendStored(req: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, opts: SendOptions) {
  const st = await storage.stat(key);
  if (!st) throw notFound();
  await opts.onFound?.();
  const etag = `"${st.size.toString(36)}-${st.modifiedAt.getTime().toString(36)}"`;
  const inline = !opts.attachment && isInlineSafe(opts.mime);
  // Set only once the body is in hand: a read that fails (S3 gone since the stat) answers its error
  // without the file's name and type, which would make a browser save the error as the file.
  const fileHeaders = () =>
    reply.headers({
      'content-type': opts.mime.startsWith('text/') ? `${opts.mime}; charset=utf-8` : opts.mime,
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', opts.name),
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-site',
      'cache-control': opts.cacheControl,
      'accept-ranges': 'bytes',
      etag,
      'last-modified': st.modifiedAt.toUTCString(),
    });
  const inm = req.headers['if-none-match'];
  if (inm?.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) return fileHeaders().code(304).send();
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, st.size);
  if (range === 'unsatisfiable') {
    return fileHeaders().code(416).header('content-range', `bytes */${st.size}`).header('content-type', 'text/plain').send('');
  }
  if (req.method === 'HEAD') return fileHeaders().header('content-length', st.size).send();
  const body = await storage.get(key, range ?? undefined);
  fileHeaders();
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${st.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(body);
  }
  reply.header('content-length', st.size);
  return reply.send(body);
}
