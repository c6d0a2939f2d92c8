import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '../test/tokens.ts';
import { ORIGIN_TOKEN_KEY, switchBack } from '../features/admin/switch-account.ts';
import { fingerprint } from './fingerprint.ts';
import { signOut } from './session.ts';
import { STORAGE_KEYS, storage } from './storage.ts';
import { getToken, resetTokenStore, setToken } from './token-store.ts';

/**
 * The logout answer carries Clear-Site-Data "storage" (issue 9): the browser wipes localStorage, the
 * fingerprint included. The fetch stub below does what the browser does; the browser must keep its id.
 */
beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/account/logout') localStorage.clear();
      return new Response(JSON.stringify(url.startsWith('/api/admin/account/organizations') ? { organizations: [] } : { message: 'OK' }), {
        status: 200,
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetTokenStore();
});

describe('Clear-Site-Data on logout', () => {
  it('signs out and keeps this browser the same browser (its fingerprint)', async () => {
    const id = fingerprint();
    setToken(makeToken());
    await signOut();
    expect(getToken()).toBeNull();
    expect(storage.get(STORAGE_KEYS.fingerprint)).toBe(id);
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps the language and colour scheme chosen on this browser, and nothing of the session', async () => {
    storage.set(STORAGE_KEYS.language, 'en-US');
    storage.set(STORAGE_KEYS.colorScheme, 'dark');
    storage.set(STORAGE_KEYS.activeOrganization, '3');
    setToken(makeToken());
    await signOut();
    expect(storage.get(STORAGE_KEYS.language)).toBe('en-US');
    expect(storage.get(STORAGE_KEYS.colorScheme)).toBe('dark');
    expect(storage.get(STORAGE_KEYS.activeOrganization)).toBeNull();
  });

  it('switches back to the original account with its organization, and keeps the fingerprint', async () => {
    const id = fingerprint();
    const original = makeToken({ id: 10 });
    setToken(makeToken({ id: 11 }));
    storage.set(ORIGIN_TOKEN_KEY, original);
    storage.set(STORAGE_KEYS.activeOriginOrganization, '7');
    await switchBack();
    expect(getToken()).toBe(original);
    expect(storage.get(STORAGE_KEYS.activeOrganization)).toBe('7');
    expect(storage.get(STORAGE_KEYS.fingerprint)).toBe(id);
  });
});
