import { isSafeRelativePath } from './safe-path.ts';

/** The log viewer's screen: the Debug menu opens it in a new tab through create-admin-session (spec section 2). */
export const LOG_VIEWER_PATH = '/admin/debug/log-viewer';

/** Admin path for the log viewer and other externalPath entries: through create-admin-session. */
export const adminSessionUrl = (path: string) => `/admin/create-admin-session?path=${encodeURIComponent(path)}`;

/**
 * Whether create-admin-session may open the path: a safe relative path of the app. No /api/ path:
 * one would be fetched with the admin's token (an uploaded file, say); the log viewer is an app
 * screen reading its API itself.
 */
export function mayOpenInSession(path: string | null | undefined): path is string {
  return isSafeRelativePath(path) && !path.startsWith('/api/') && !path.startsWith('/api?');
}
