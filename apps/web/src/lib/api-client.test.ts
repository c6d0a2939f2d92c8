import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '../test/tokens.ts';
import { api, ApiError, INVALID_TOKEN_CLEAR_MS } from './api-client.ts';
import { getToken, resetTokenStore, setToken } from './token-store.ts';
import { attachToastSink, type ToastType } from './toast.ts';
import { setOrganizationState } from './organization-store.ts';
import { fingerprint } from './fingerprint.ts';

let calls: Array<{ url: string; init: RequestInit }>;
let answer: () => Response | Promise<Response>;
let toasts: Array<{ type: ToastType; title: unknown }>;

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  calls = [];
  answer = () => new Response('{"ok":true}', { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }),
  );
  toasts = [];
  attachToastSink({ open: (type, o) => toasts.push({ type, title: o.title }), destroy: () => {} });
  setOrganizationState([], null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  attachToastSink(null);
});

describe('request layer', () => {
  it('sends the fingerprint header and the Bearer token', async () => {
    const t = makeToken();
    setToken(t, { broadcast: false });
    await api.get('/api/x');
    const h = calls[0].init.headers as Record<string, string>;
    expect(h['x-fingerprint']).toBe(fingerprint());
    expect(h['x-fingerprint'].length).toBeGreaterThanOrEqual(16);
    expect(h.authorization).toBe(`Bearer ${t}`);
  });

  it('sends the version a record was read at as If-Match, and * to overwrite on purpose; none unless given', async () => {
    await api.put('/api/x/1', { a: 1 }, { version: 7 });
    await api.delete('/api/x/1', undefined, { version: '*' });
    await api.patch('/api/x/1', { field: 'a', value: 2 });
    const h = calls.map((c) => (c.init.headers as Record<string, string>)['if-match']);
    expect(h).toEqual(['"7"', '*', undefined]);
  });

  it('keeps the same fingerprint across calls', async () => {
    await api.get('/api/a');
    await api.get('/api/b');
    expect((calls[0].init.headers as any)['x-fingerprint']).toBe((calls[1].init.headers as any)['x-fingerprint']);
  });

  it('puts GET parameters in the query string and other methods in the body', async () => {
    await api.get('/api/list', { page: 2, keyword: 'a b', ids: [1, 2], empty: undefined });
    expect(calls[0].url).toBe('/api/list?page=2&keyword=a+b&ids=1&ids=2');
    expect(calls[0].init.body).toBeUndefined();
    await api.post('/api/create', { name: 'x' });
    expect(calls[1].url).toBe('/api/create');
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ name: 'x' });
  });

  it('adds organization_id of the active organization when the call is flagged', async () => {
    setOrganizationState([{ id: 7, uid: 'u7', name: 'Seven', company_id: null, status: 'active', sub_account_roles: [] }], 7);
    await api.get('/api/scoped', { page: 1 }, { organization: true });
    expect(calls[0].url).toBe('/api/scoped?page=1&organization_id=7');
    await api.put('/api/scoped/1', { name: 'y' }, { organization: true });
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ name: 'y', organization_id: 7 });
    await api.post('/api/unscoped', { name: 'z' });
    expect(JSON.parse(String(calls[2].init.body))).toEqual({ name: 'z' });
  });

  it('clears the token 0.5 s after a 401 "Invalid token" and shows the warning toast', async () => {
    vi.useFakeTimers();
    setToken(makeToken(), { broadcast: false });
    answer = () => new Response(JSON.stringify({ message: 'Invalid token' }), { status: 401 });
    const err = (await api.get('/api/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(getToken()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(INVALID_TOKEN_CLEAR_MS - 1);
    expect(getToken()).not.toBeNull();
    expect(toasts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken()).toBeNull();
    expect(toasts).toEqual([{ type: 'warning', title: expect.any(String) }]);
  });

  it('keeps a token renewed (in another tab) after the 401: only the refused token is cleared', async () => {
    vi.useFakeTimers();
    const refused = makeToken({ id: 1 });
    setToken(refused, { broadcast: false });
    answer = () => new Response(JSON.stringify({ message: 'Invalid token' }), { status: 401 });
    await api.get('/api/x').catch(() => {});
    const renewed = makeToken({ id: 2 });
    setToken(renewed, { broadcast: false }); // what the cross-tab channel does on a renewal elsewhere
    await vi.advanceTimersByTimeAsync(INVALID_TOKEN_CLEAR_MS);
    expect(getToken()).toBe(renewed);
    expect(localStorage.getItem('admin_token')).toBe(renewed);
    expect(toasts).toHaveLength(0);
    // The next refusal of the renewed token clears it as usual.
    await api.get('/api/x').catch(() => {});
    await vi.advanceTimersByTimeAsync(INVALID_TOKEN_CLEAR_MS);
    expect(getToken()).toBeNull();
  });

  it('shows the error toast on a 423 "Recaptcha verify fail" and still rejects', async () => {
    answer = () => new Response(JSON.stringify({ message: 'Recaptcha verify fail' }), { status: 423 });
    const err = await api.post('/api/admin/account/login', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(toasts.map((t) => t.type)).toEqual(['error']);
  });

  it('rejects with no value when no response arrives', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    let caught: unknown = 'not called';
    await api.get('/api/x').catch((e) => {
      caught = e;
    });
    expect(caught).toBeUndefined();
  });

  it('passes other errors to the caller with the field errors and no toast', async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'Bad Request', errors: { email: ['validate.error.email_incorrect'] } }), { status: 400 });
    const err = await api.post('/api/x', {}).catch((e) => e);
    expect(err).toMatchObject({ status: 400, message: 'Bad Request', errors: { email: ['validate.error.email_incorrect'] } });
    expect(toasts).toHaveLength(0);
  });

  it('does not treat other 401 messages as an invalid token', async () => {
    vi.useFakeTimers();
    setToken(makeToken(), { broadcast: false });
    answer = () => new Response(JSON.stringify({ message: 'Login fail' }), { status: 401 });
    await api.post('/api/admin/account/login', {}).catch(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(getToken()).not.toBeNull();
  });
});

describe('the first screen’s calls made before the app ran (public/first-screen.js)', () => {
  afterEach(() => {
    delete window.__boFirstScreenCalls;
  });
  const early = (token: string, answer: Promise<Response>) => ({ token, answer });

  it('a GET takes the answer asked for with the same token, once: the next call asks the server', async () => {
    const t = makeToken();
    setToken(t, { broadcast: false });
    window.__boFirstScreenCalls = { '/api/admin/account/profile': early(t, Promise.resolve(new Response('{"name":"early"}'))) };
    expect(await api.get('/api/admin/account/profile')).toEqual({ name: 'early' });
    expect(calls).toEqual([]);
    expect(await api.get('/api/admin/account/profile')).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
  });

  it('asks the server itself when the token has changed since, and for another path', async () => {
    setToken(makeToken(), { broadcast: false });
    window.__boFirstScreenCalls = { '/api/settings': early('an-older-token', Promise.resolve(new Response('{"stale":true}'))) };
    expect(await api.get('/api/settings')).toEqual({ ok: true });
    expect(await api.get('/api/settings?x=1')).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/settings', '/api/settings?x=1']);
  });

  it('asks again when the early call got no answer; an early error answer is the caller’s error', async () => {
    const t = makeToken();
    setToken(t, { broadcast: false });
    window.__boFirstScreenCalls = {
      '/api/settings': early(t, Promise.reject(new TypeError('network'))),
      '/api/admin/account/profile': early(t, Promise.resolve(new Response('{"message":"Forbidden"}', { status: 403 }))),
    };
    expect(await api.get('/api/settings')).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/settings']);
    await expect(api.get('/api/admin/account/profile')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('a write never takes one', async () => {
    const t = makeToken();
    setToken(t, { broadcast: false });
    window.__boFirstScreenCalls = { '/api/admin/account/profile': early(t, Promise.resolve(new Response('{"early":true}'))) };
    expect(await api.put('/api/admin/account/profile', { name: 'x' })).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
  });
});

describe('toasts', () => {
  it('ignores a duplicate toast while the first is on screen', async () => {
    const { toast } = await import('./toast.ts');
    toast.success({ title: 'copy successfully' });
    toast.success({ title: 'copy successfully' });
    expect(toasts).toHaveLength(1);
  });
});
