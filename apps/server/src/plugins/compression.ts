import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this a compressed body saves less than the encoding costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text the server writes itself: JSON, the app's index.html, the API reference, plain-text errors. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|x-yaml)\b|application\/[\w.-]+\+(?:json|xml)\b|image\/svg\+xml\b)/i;

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with from an Accept-Encoding header: the highest q-value among br and gzip
 * (br on a tie), `*` standing for any encoding not named; null when neither is acceptable.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/** Adds a field name to the Vary header unless it is already there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('*') || names.includes(field.toLowerCase())) return;
  reply.header('vary', current ? `${current}, ${field}` : field);
}

/**
 * Brotli or gzip, on the fly, for the bodies the server holds whole (JSON answers, index.html) above
 * 1 KB. Streamed bodies (stored files, photo variants, spreadsheet and CSV exports) and attachments
 * go out as they are: their Content-Length drives download progress, their ETag and Range refer to
 * the stored bytes, and most are compressed formats already. The built web files are precompressed
 * (apps/web/vite.config.ts) and carry their Content-Encoding.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (reply.hasHeader('content-encoding') || reply.hasHeader('content-disposition')) return payload;
    // Whether a body is compressed depends on the request's Accept-Encoding: caches must know.
    addVary(reply, 'Accept-Encoding');
    const size = Buffer.byteLength(payload);
    if (size < COMPRESSION_THRESHOLD_BYTES || reply.statusCode === 206) return payload;
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    // Quality 4 (of 11): most of brotli's gain at a small share of its time, on every request.
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });
}
