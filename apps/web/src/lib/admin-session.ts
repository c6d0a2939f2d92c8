import { isSafeRelativePath } from './safe-path.ts';

/**
 * The API page of the log viewer, the only /api/ path create-admin-session may open. It has no
 * server route yet: the menu entry opens the admin_debug.log_viewer screen (a placeholder) until it does.
 */
export const LOG_VIEWER_PATH = '/api/admin/debug/log-viewer';

/** Admin path for the log viewer and other externalPath entries: through create-admin-session. */
export const adminSessionUrl = (path: string) => `/admin/create-admin-session?path=${encodeURIComponent(path)}`;

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
