import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { can as canRoles } from '@bo/shared/permissions';
import { api, ApiError } from './api-client.ts';
import { keepingBrowserSettings } from './fingerprint.ts';
import { clearCachedData, reloadCachedData } from './data-cache.ts';
import { STORAGE_KEYS, storage } from './storage.ts';
import { clearToken, getPayload, getToken, getTokenSnapshot, setToken, subscribeToken, type TokenPayload } from './token-store.ts';
import {
  chooseOrganization,
  getOrganizationState,
  resetOrganizations,
  setOrganizationState,
  subscribeOrganizations,
  type Organization,
} from './organization-store.ts';

export type { TokenPayload } from './token-store.ts';
export type { Organization } from './organization-store.ts';
export { organizationLabel } from './organization-store.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Spec section 9. */
export const RENEW = {
  minLeadMs: 5 * MINUTE,
  maxLeadMs: 10 * MINUTE,
  maxWaitMs: 10 * DAY,
  longLivedMs: 2 * DAY,
  firstDelayMs: 2000,
  retryMs: 2000,
} as const;

/**
 * When to renew, spec section 9: 'expired' when nothing remains; 0 (at once) when 5–10 minutes
 * or less remain; otherwise a random 5–10 minutes before expiry, capped at 10 days.
 */
export function renewDelay(remainingMs: number, random: () => number = Math.random): number | 'expired' {
  if (remainingMs <= 0) return 'expired';
  const lead = RENEW.minLeadMs + random() * (RENEW.maxLeadMs - RENEW.minLeadMs);
  if (remainingMs <= lead) return 0;
  return Math.min(remainingMs - lead, RENEW.maxWaitMs);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let renewTimer: ReturnType<typeof setTimeout> | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | null = null;
let firstRenewal = true;
let apiReady = false;
let renewing: Promise<void> | null = null;
let started = false;

/** The API answered the settings call; renewals may go out. */
export function markApiReady(ready = true): void {
  apiReady = ready;
}

/**
 * Renews the token now (keep_login when more than 2 days remain); retries every 2 s without a
 * response, and on the renewal schedule (at least 2 s later) after an error other than 401.
 */
export function renewNow(extra: { organization_id?: number | null; force?: boolean } = {}): Promise<void> {
  if (renewing && extra.organization_id === undefined) return renewing;
  const run = (async () => {
    if (firstRenewal && extra.organization_id === undefined) {
      firstRenewal = false;
      await sleep(RENEW.firstDelayMs);
    }
    while (!apiReady) await sleep(RENEW.retryMs);
    for (;;) {
      const p = getPayload();
      if (!p || !getToken()) return;
      const remaining = p.exp * 1000 - Date.now();
      if (remaining <= 0) {
        clearToken();
        return;
      }
      const body: Record<string, unknown> = { ...extra };
      if (remaining > RENEW.longLivedMs) body.keep_login = true;
      try {
        const { token } = await api.put<{ token: string }>('/api/admin/account/renew', body, { silent: true });
        setToken(token);
        if (extra.organization_id !== undefined) storage.set(STORAGE_KEYS.tokenOrganization, String(extra.organization_id));
        return;
      } catch (e) {
        if (e instanceof ApiError) {
          if (extra.organization_id !== undefined) throw e;
          // 401: the token is no good (the request layer clears an invalid one). Anything else
          // (5xx, 429…) may pass: try again; the expiry timer signs out if it never does.
          if (e.status !== 401) scheduleRenewal(Math.random, RENEW.retryMs);
          return;
        }
        await sleep(RENEW.retryMs);
      }
    }
  })();
  const tracked = run.finally(() => {
    if (renewing === tracked) renewing = null;
  });
  if (extra.organization_id === undefined) renewing = tracked;
  return tracked;
}

/** setTimeout fires at once for longer delays; a longer wait is done in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Clears the token when its exp passes, whatever happened to the renewals (spec section 4). */
function scheduleExpiry(): void {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = null;
  const p = getPayload();
  if (!p) return;
  expiryTimer = setTimeout(
    () => {
      expiryTimer = null;
      const now = getPayload();
      if (now && now.exp * 1000 <= Date.now()) clearToken();
      else scheduleExpiry();
    },
    Math.min(Math.max(p.exp * 1000 - Date.now(), 0), MAX_TIMER_MS),
  );
}

/** Plans the next renewal (spec section 9), at least `minDelayMs` away, and the sign-out at exp. */
export function scheduleRenewal(random: () => number = Math.random, minDelayMs = 0): void {
  if (renewTimer) clearTimeout(renewTimer);
  renewTimer = null;
  scheduleExpiry();
  const p = getPayload();
  if (!p) return;
  const delay = renewDelay(p.exp * 1000 - Date.now(), random);
  if (delay === 'expired') {
    clearToken();
    return;
  }
  renewTimer = setTimeout(
    () => {
      renewTimer = null;
      void renewNow();
    },
    Math.max(delay, minDelayMs),
  );
}

function stopTimers(): void {
  if (renewTimer) clearTimeout(renewTimer);
  if (expiryTimer) clearTimeout(expiryTimer);
  renewTimer = null;
  expiryTimer = null;
}

/** Keeps the renewal timer in step with the token (set, renewed, cleared, or changed by another tab). */
export function startSessionManager(): () => void {
  if (started) return () => {};
  started = true;
  scheduleRenewal();
  let last = getToken();
  const off = subscribeToken(() => {
    const now = getToken();
    if (now === last) return;
    const signedOut = last !== null && now === null;
    const signedIn = last === null && now !== null;
    last = now;
    scheduleRenewal();
    if (signedOut) {
      resetOrganizations();
      clearCachedData();
      return;
    }
    // Signed in here or in another tab: load the organizations (shared with signedIn()).
    if (signedIn) {
      void loadOrganizations();
      return;
    }
    // Another tab switched the organization: follow it.
    const saved = storage.get(STORAGE_KEYS.activeOrganization);
    const st = getOrganizationState();
    if (saved && String(st.active?.id ?? '') !== saved && st.organizations.some((o) => String(o.id) === saved)) {
      setOrganizationState(st.organizations, Number(saved));
      void reloadCachedData();
    }
  });
  return () => {
    off();
    started = false;
    stopTimers();
  };
}

/** For tests. */
export function resetSessionManager(): void {
  stopTimers();
  firstRenewal = true;
  apiReady = false;
  renewing = null;
  started = false;
  organizationsLoad = null;
}

let organizationsLoad: Promise<void> | null = null;

/** Loads the organizations and picks the active one (spec section 4); renews the token into it if needed. */
export function loadOrganizations(query: string | null = new URLSearchParams(location.search).get('org')): Promise<void> {
  organizationsLoad ??= fetchOrganizations(query).finally(() => {
    organizationsLoad = null;
  });
  return organizationsLoad;
}

async function fetchOrganizations(query: string | null): Promise<void> {
  if (!getToken()) {
    resetOrganizations();
    return;
  }
  let organizations: Organization[] = [];
  try {
    organizations = (await api.get<{ organizations: Organization[] }>('/api/admin/account/organizations', null, { silent: true }))
      .organizations;
  } catch {
    organizations = [];
  }
  const chosen = chooseOrganization(organizations, { query, saved: storage.get(STORAGE_KEYS.activeOrganization) });
  setOrganizationState(organizations, chosen?.id ?? null);
  if (chosen && storage.get(STORAGE_KEYS.tokenOrganization) !== String(chosen.id)) {
    try {
      const { token } = await api.put<{ token: string }>('/api/admin/account/renew', { organization_id: chosen.id }, { silent: true });
      setToken(token);
      storage.set(STORAGE_KEYS.tokenOrganization, String(chosen.id));
    } catch {
      /* the token keeps its organization; scoped calls still send organization_id */
    }
  }
}

/** Switches the active organization: renews the token into it, saves it, reloads every screen's data. */
export async function switchOrganization(id: number): Promise<void> {
  await renewNow({ organization_id: id });
  setOrganizationState(getOrganizationState().organizations, id);
  await reloadCachedData();
}

export async function signOut(): Promise<void> {
  await keepingBrowserSettings(async () => {
    try {
      if (getToken()) await api.put('/api/admin/account/logout', undefined, { silent: true });
    } catch {
      /* signed out locally either way */
    }
  });
  clearToken();
}

/** Stores a token from sign-in, then loads the organizations. */
export async function signedIn(token: string): Promise<void> {
  storage.remove(STORAGE_KEYS.tokenOrganization);
  setToken(token);
  await loadOrganizations();
}

export const sessionRoles = (p: TokenPayload | null): string[] =>
  p ? [...new Set([...(p.data.roles ?? []), ...(p.data.sub_account_roles ?? [])])] : [];

export interface Session {
  payload: TokenPayload | null;
  token: string | null;
  roles: string[];
  can(required: readonly string[]): boolean;
  signOut(): Promise<void>;
}

export function useSession(): Session {
  const snap = useSyncExternalStore(subscribeToken, getTokenSnapshot, getTokenSnapshot);
  const roles = useMemo(() => sessionRoles(snap.payload), [snap.payload]);
  const can = useCallback((required: readonly string[]) => !!snap.payload && canRoles(roles, required), [roles, snap.payload]);
  return useMemo(() => ({ payload: snap.payload, token: snap.token, roles, can, signOut }), [snap, roles, can]);
}

export interface ActiveOrganization {
  organization: Organization | null;
  organizations: Organization[];
  switchTo(id: number): Promise<void>;
}

export function useActiveOrganization(): ActiveOrganization {
  const s = useSyncExternalStore(subscribeOrganizations, getOrganizationState, getOrganizationState);
  return useMemo(() => ({ organization: s.active, organizations: s.organizations, switchTo: switchOrganization }), [s]);
}
