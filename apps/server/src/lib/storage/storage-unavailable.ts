import { UNREACHABLE_CODES } from '../network-codes.ts';

/**
 * The object store cannot be reached right now (S3 down, refusing, not answering within
 * S3_TIMEOUT_MS, or answering 5xx): nothing was stored or read, the call may be tried again.
 * The error handler answers it 503 with Retry-After, as it does a database that cannot be reached.
 */
export class StorageUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super(`storage unavailable: ${(cause as { message?: string })?.message ?? String(cause)}`);
  }
}

/** Whether an S3 client's error says the store is unreachable rather than that the call is wrong (403, 404). */
export function isS3Unreachable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  // The SDK's connection and socket timeouts (S3_TIMEOUT_MS).
  if (e.name === 'TimeoutError') return true;
  const status = e.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}
