/**
 * Key-value store of spec section 9: localStorage, or cookies when localStorage is unavailable
 * (private modes, blocked storage). Keys are the spec's: admin_token, active_organization, ...
 */
export const STORAGE_KEYS = {
  token: 'admin_token',
  activeOrganization: 'active_organization',
  activeOriginOrganization: 'active_origin_organization',
  appDebug: 'app_debug',
  language: 'app_language',
  fingerprint: 'app_fingerprint',
  tokenOrganization: 'admin_token_organization',
  colorScheme: 'app_color_scheme',
} as const;

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function localStore(): KeyValueStore | null {
  try {
    const ls = globalThis.localStorage;
    if (!ls) return null;
    const probe = '__bo_probe__';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return {
      get: (k) => ls.getItem(k),
      set: (k, v) => ls.setItem(k, v),
      remove: (k) => ls.removeItem(k),
    };
  } catch {
    return null;
  }
}

export function cookieStore(doc: Document = document): KeyValueStore {
  return {
    get(k) {
      const hit = doc.cookie.split('; ').find((c) => c.startsWith(`${encodeURIComponent(k)}=`));
      return hit ? decodeURIComponent(hit.slice(hit.indexOf('=') + 1)) : null;
    },
    set(k, v) {
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      doc.cookie = `${encodeURIComponent(k)}=${encodeURIComponent(v)}; path=/; max-age=31536000; SameSite=Strict${secure}`;
    },
    remove(k) {
      doc.cookie = `${encodeURIComponent(k)}=; path=/; max-age=0; SameSite=Strict`;
    },
  };
}

export const storage: KeyValueStore = localStore() ?? cookieStore();
