import { useCallback, useState } from 'react';

/**
 * Folders made with "New folder" that hold no file yet. The file API knows a folder only by the
 * files in it (a folder is a prefix of stored paths, and it has no call to make an empty one), so
 * an empty folder is kept here: in this browser's localStorage, per organization, until a file is
 * put in it (from then on the server lists it for everyone) or it is removed from the view.
 * Not in a cookie: nothing of it needs to reach the server.
 */
const key = (organizationId: number | null) => `file_created_folders:${organizationId ?? 'none'}`;

function read(organizationId: number | null): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(organizationId)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}
function write(organizationId: number | null, folders: string[]) {
  try {
    if (folders.length) localStorage.setItem(key(organizationId), JSON.stringify(folders));
    else localStorage.removeItem(key(organizationId));
  } catch {
    /* private mode: the folder lasts for this visit */
  }
}

/** The direct sub-folders of `parent` among `paths` ('' is the root). */
export function childFolders(paths: readonly string[], parent: string): string[] {
  const prefix = parent ? `${parent}/` : '';
  const out = new Set<string>();
  for (const p of paths) {
    if (!p.startsWith(prefix) || p === parent) continue;
    const first = p.slice(prefix.length).split('/')[0];
    if (first) out.add(`${prefix}${first}`);
  }
  return [...out];
}

export function useCreatedFolders(organizationId: number | null) {
  const [version, setVersion] = useState(0);
  const folders = read(organizationId);
  void version;
  const add = useCallback(
    (path: string) => {
      const now = read(organizationId);
      if (!now.includes(path)) write(organizationId, [...now, path]);
      setVersion((v) => v + 1);
    },
    [organizationId],
  );
  const remove = useCallback(
    (path: string) => {
      write(
        organizationId,
        read(organizationId).filter((f) => f !== path && !f.startsWith(`${path}/`)),
      );
      setVersion((v) => v + 1);
    },
    [organizationId],
  );
  /** Folders the server now lists (they hold a file) need no keeping any more. */
  const forget = useCallback(
    (listed: readonly string[]) => {
      const now = read(organizationId);
      const left = now.filter((f) => !listed.includes(f));
      if (left.length !== now.length) write(organizationId, left);
    },
    [organizationId],
  );
  return { folders, add, remove, forget };
}
