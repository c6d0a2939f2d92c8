import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '../test/tokens.ts';
import { clearToken, getToken, initTokenStore, resetTokenStore, setToken, TOKEN_CHANNEL } from './token-store.ts';
import { markApiReady, renewDelay, resetSessionManager, scheduleRenewal, startSessionManager, RENEW } from './session.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

type Call = { url: string; method: string; body: any; headers: Record<string, string> };
let calls: Call[];
let respond: (c: Call) => Promise<Response> | Response;

function installFetch() {
  calls = [];
  respond = () => new Response(JSON.stringify({ token: makeToken({ expInMs: 60 * MIN, id: 2 }) }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const c: Call = {
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: init.headers as Record<string, string>,
      };
      calls.push(c);
      return respond(c);
    }),
  );
}
const renewCalls = () => calls.filter((c) => c.url === '/api/admin/account/renew');

beforeEach(() => {
  vi.useFakeTimers({
    now: new Date('2026-03-01T00:00:00Z'),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  localStorage.clear();
  resetTokenStore();
  resetSessionManager();
  installFetch();
});
afterEach(() => {
  resetSessionManager();
  resetTokenStore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('renewDelay (spec section 9)', () => {
  it('waits until a random 5 to 10 minutes before expiry', () => {
    expect(renewDelay(60 * MIN, () => 0)).toBe(55 * MIN);
    expect(renewDelay(60 * MIN, () => 1)).toBe(50 * MIN);
    expect(renewDelay(60 * MIN, () => 0.5)).toBe(52.5 * MIN);
  });
  it('renews at once when 5 to 10 minutes or less remain', () => {
    expect(renewDelay(4 * MIN, () => 0)).toBe(0);
    expect(renewDelay(7 * MIN, () => 0.5)).toBe(0);
    expect(renewDelay(10 * MIN, () => 1)).toBe(0);
  });
  it('caps the wait at 10 days', () => {
    expect(renewDelay(30 * DAY, () => 0)).toBe(10 * DAY);
  });
  it('reports an expired token', () => {
    expect(renewDelay(0)).toBe('expired');
    expect(renewDelay(-1000)).toBe('expired');
  });
});

describe('renewal schedule', () => {
  it('renews 5 minutes before expiry after the first 2 s wait, without keep_login for a short token', async () => {
    setToken(makeToken({ expInMs: 60 * MIN }), { broadcast: false });
    markApiReady();
    scheduleRenewal(() => 0);
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(renewCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs - 1);
    expect(renewCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(renewCalls()).toHaveLength(1);
    expect(renewCalls()[0].method).toBe('PUT');
    expect(renewCalls()[0].body).toEqual({});
  });

  it('renews at once when little time remains', async () => {
    setToken(makeToken({ expInMs: 3 * MIN }), { broadcast: false });
    markApiReady();
    scheduleRenewal(() => 0.5);
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs);
    expect(renewCalls()).toHaveLength(1);
  });

  it('sends keep_login for a token with more than 2 days left, and waits at most 10 days', async () => {
    setToken(makeToken({ expInMs: 30 * DAY }), { broadcast: false });
    markApiReady();
    scheduleRenewal(() => 0);
    await vi.advanceTimersByTimeAsync(10 * DAY - 1);
    expect(renewCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1 + RENEW.firstDelayMs);
    expect(renewCalls()).toHaveLength(1);
    expect(renewCalls()[0].body).toEqual({ keep_login: true });
  });

  it('clears a token that has already expired', () => {
    setToken(makeToken({ expInMs: 1000 }), { broadcast: false });
    vi.setSystemTime(Date.now() + 5000);
    scheduleRenewal();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
  });

  it('waits while the API is not ready, checking every 2 s', async () => {
    setToken(makeToken({ expInMs: 3 * MIN }), { broadcast: false });
    scheduleRenewal(() => 0);
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs + 3 * RENEW.retryMs);
    expect(renewCalls()).toHaveLength(0);
    markApiReady();
    await vi.advanceTimersByTimeAsync(RENEW.retryMs);
    expect(renewCalls()).toHaveLength(1);
  });

  it('retries every 2 s when no response arrives', async () => {
    setToken(makeToken({ expInMs: 3 * MIN }), { broadcast: false });
    markApiReady();
    let fail = 2;
    respond = () => {
      if (fail-- > 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ token: makeToken({ expInMs: 60 * MIN, id: 9 }) }), { status: 200 });
    };
    scheduleRenewal(() => 0);
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs);
    expect(renewCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RENEW.retryMs);
    expect(renewCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RENEW.retryMs);
    expect(renewCalls()).toHaveLength(3);
    expect(getToken()).toContain('.');
  });

  it('tries again on the schedule after a renewal fails with a server error, and signs out at exp if it never passes', async () => {
    setToken(makeToken({ expInMs: 3 * MIN }), { broadcast: false });
    markApiReady();
    respond = () => new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 });
    scheduleRenewal(() => 0);
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs);
    expect(renewCalls()).toHaveLength(1);
    // Little time is left, so "at once" on the schedule, but never sooner than the 2 s retry.
    await vi.advanceTimersByTimeAsync(RENEW.retryMs - 1);
    expect(renewCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(renewCalls()).toHaveLength(2);
    expect(getToken()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(3 * MIN);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
    const made = renewCalls().length;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(renewCalls()).toHaveLength(made);
  });

  it('picks the renewal up again once the server answers after a failure', async () => {
    setToken(makeToken({ expInMs: 3 * MIN }), { broadcast: false });
    markApiReady();
    let fail = 1;
    respond = () =>
      fail-- > 0
        ? new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 })
        : new Response(JSON.stringify({ token: makeToken({ expInMs: 60 * MIN, id: 9 }) }), { status: 200 });
    const stop = startSessionManager();
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs + RENEW.retryMs);
    expect(renewCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(getToken()).not.toBeNull();
    stop();
  });

  it('does not retry after a 401', async () => {
    setToken(makeToken({ expInMs: 3 * MIN }), { broadcast: false });
    markApiReady();
    respond = () => new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 });
    scheduleRenewal(() => 0);
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs + 10 * RENEW.retryMs);
    expect(renewCalls()).toHaveLength(1);
  });

  it('clears the token when exp passes even while no renewal can go out', async () => {
    setToken(makeToken({ expInMs: 60 * MIN }), { broadcast: false });
    scheduleRenewal(() => 0); // the API never becomes ready
    await vi.advanceTimersByTimeAsync(60 * MIN - 1000);
    expect(getToken()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(getToken()).toBeNull();
  });

  it('keeps a token that outlives the longest timer (more than 24.8 days)', async () => {
    setToken(makeToken({ expInMs: 40 * DAY }), { broadcast: false });
    markApiReady();
    respond = () => new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 });
    scheduleRenewal(() => 0);
    await vi.advanceTimersByTimeAsync(30 * DAY);
    expect(getToken()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(10 * DAY);
    expect(getToken()).toBeNull();
  });

  it('reschedules after a renewal replaces the token', async () => {
    setToken(makeToken({ expInMs: 3 * MIN }), { broadcast: false });
    markApiReady();
    const stop = startSessionManager();
    await vi.advanceTimersByTimeAsync(RENEW.firstDelayMs);
    expect(renewCalls()).toHaveLength(1);
    // The new token has 60 minutes: the next renewal is 50–55 minutes away, with no first wait.
    await vi.advanceTimersByTimeAsync(49 * MIN);
    expect(renewCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6 * MIN);
    expect(renewCalls()).toHaveLength(2);
    stop();
  });
});

describe('token store', () => {
  it('drops an expired stored token at start-up', () => {
    localStorage.setItem('admin_token', makeToken({ expInMs: -1000 }));
    initTokenStore();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
  });

  it('keeps a live stored token', () => {
    const t = makeToken();
    localStorage.setItem('admin_token', t);
    initTokenStore();
    expect(getToken()).toBe(t);
  });
});

describe('cross-tab events', () => {
  it('broadcasts set and clean to other tabs', async () => {
    vi.useRealTimers();
    initTokenStore();
    const other = new BroadcastChannel(TOKEN_CHANNEL);
    const seen: any[] = [];
    other.onmessage = (e) => seen.push(e.data);
    const t = makeToken();
    setToken(t);
    clearToken();
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([{ type: 'set', token: t }, { type: 'clean' }]);
    other.close();
  });

  it('updates from another tab without echoing the event back', async () => {
    vi.useRealTimers();
    initTokenStore();
    const other = new BroadcastChannel(TOKEN_CHANNEL);
    const third = new BroadcastChannel(TOKEN_CHANNEL);
    const echoed: any[] = [];
    other.onmessage = (e) => echoed.push(e.data);
    const t = makeToken();
    third.postMessage({ type: 'set', token: t });
    await new Promise((r) => setTimeout(r, 50));
    expect(getToken()).toBe(t);
    third.postMessage({ type: 'clean' });
    await new Promise((r) => setTimeout(r, 50));
    expect(getToken()).toBeNull();
    // `other` saw only what `third` sent: the receiving tab re-broadcast nothing.
    expect(echoed).toEqual([{ type: 'set', token: t }, { type: 'clean' }]);
    other.close();
    third.close();
  });
});
