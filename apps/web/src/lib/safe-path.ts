/**
 * The API page of the log viewer, the only /api/ path create-admin-session may open. It has no
 * server route yet: the menu entry opens the admin_debug.log_viewer screen (a placeholder) until it does.
 */
export const LOG_VIEWER_PATH = '/api/admin/debug/log-viewer';

/** Admin path for the log viewer and other externalPath entries: through create-admin-session. */
export const adminSessionUrl = (path: string) => `/admin/create-admin-session?path=${encodeURIComponent(path)}`;

/** Only relative same-origin paths ("/x", not "//host" or "/\\host"). */
export function isSafeRelativePath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  if (/[\u0000-\u001f]/.test(path)) return false;
  try {
    const u = new URL(path, 'http://same.origin');
    return u.origin === 'http://same.origin';
  } catch {
    return false;
  }
}

/**
 * Whether create-admin-session may open the path: any safe relative app path, and of the API only
 * the log viewer (exactly LOG_VIEWER_PATH, a query allowed, nothing to normalize). Any other /api/
 * path (an uploaded file, say) is refused: it would be fetched with the admin's token.
 */
export function mayOpenInSession(path: string | null | undefined): path is string {
  if (!isSafeRelativePath(path)) return false;
  if (!path.startsWith('/api/')) return true;
  const url = new URL(path, 'http://same.origin');
  return url.pathname === LOG_VIEWER_PATH && `${url.pathname}${url.search}` === path;
}
