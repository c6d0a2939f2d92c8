/**
 * The screens' cache of API answers as the session sees it: cleared on sign-out, reloaded when the
 * organization changes. The query cache (lib/query-client.ts) registers itself when the admin screens
 * load it, so the sign-in route carries no query library; before that there is nothing to clear.
 */
interface DataCache {
  clear(): void;
  invalidateQueries(): Promise<void>;
}

let cache: DataCache | null = null;

export function registerDataCache(next: DataCache): void {
  cache = next;
}

/** Drops every cached answer (sign-out: nothing of the last account stays on screen). */
export const clearCachedData = (): void => cache?.clear();

/** Asks every screen on display to load its data again (another organization). */
export const reloadCachedData = async (): Promise<void> => {
  await cache?.invalidateQueries();
};
