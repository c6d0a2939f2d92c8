/**
 * Whether an error says the disk under DATA_DIR is full: a file write (ENOSPC, EDQUOT over a quota)
 * or an SQLite write (SQLITE_FULL). The error handler answers these 507: nothing was kept (a file is
 * written under a temporary name and removed, a transaction rolls back) and reads go on working.
 */
export function isOutOfSpace(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}
