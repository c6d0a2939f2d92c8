import { isSafeRelativePath } from '../../lib/safe-path.ts';

/** Where to go after sign-in, by any method: the admin path the visitor came from (?redirect=), else the overview. */
export function redirectTarget(raw: string | null): string {
  return raw && isSafeRelativePath(raw) && raw.startsWith('/admin') ? raw : '/admin';
}
