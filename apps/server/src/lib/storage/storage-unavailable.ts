/**
 * The object store cannot be reached right now (S3 down, refusing, not answering within
 * S3_TIMEOUT_MS, or answering 5xx): nothing was stored or read, the call may be tried again.
 * The error handler answers it 503 with Retry-After, as it does a database that cannot be reached.
 */
export class StorageUnavailableError extends Error {
  readonly dependency = 'storage';
  constructor(readonly cause: unknown) {
    super(`storage unavailable: ${(cause as { message?: string })?.message ?? String(cause)}`);
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether an S3 client's error says the store is unreachable rather than that the call is wrong (403, 404). */
export function isS3Unreachable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (typeof e.message === 'string' && e.message.startsWith('socket hang up')) return true;
  const status = e.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}
