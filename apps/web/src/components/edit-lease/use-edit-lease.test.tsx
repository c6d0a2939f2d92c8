import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { EditLeaseState } from '@bo/shared/schemas/edit-leases';
import { setLanguage } from '../../i18n/index.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations } from '../../lib/organization-store.ts';
import { makeToken } from '../../test/tokens.ts';
import { EDIT_LEASE_IDLE_KEY, EDIT_LEASE_POLL_KEY, editLeaseIdleMs, editLeasePollMs, useEditLease } from './use-edit-lease.ts';
import { EditLeaseBanner } from './edit-lease-banner.tsx';

let calls: { method: string; url: string; body: unknown }[];
let answer: EditLeaseState;
const wang = { admin: { id: 2, name: '王小明' }, since: '2026-12-02T02:42:00.000Z' };

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  resetOrganizations();
  setToken(makeToken());
  calls = [];
  answer = { mine: { since: '2026-12-02T02:50:00.000Z', expires_at: '2026-12-02T02:55:00.000Z' }, others: [wang], taken_over: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json =
        method === 'GET'
          ? { data: answer.others.map((o) => ({ target_id: '7', ...o })) }
          : method === 'DELETE'
            ? { message: 'OK' }
            : answer;
      return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const posts = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/admin/edit-leases'));
const target = { targetType: 'staff', id: '7', organization: true };

describe('useEditLease', () => {
  it('renews the lease every minute by default', () => {
    expect(editLeasePollMs()).toBe(60_000);
    localStorage.setItem(EDIT_LEASE_POLL_KEY, '250');
    expect(editLeasePollMs()).toBe(250);
  });

  it('takes the lease when the form opens, renews it on every heartbeat, and ends it on unmount', async () => {
    localStorage.setItem(EDIT_LEASE_POLL_KEY, '250');
    const { result, unmount } = renderHook(() => useEditLease(target));
    await waitFor(() => expect(result.current.others).toEqual([wang]));
    expect(posts()[0].body).toMatchObject({ target_type: 'staff', target_id: '7' });
    await waitFor(() => expect(posts().length).toBeGreaterThanOrEqual(2));
    unmount();
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'DELETE', body: { target_type: 'staff', target_id: '7' } }));
  });

  it('ends the lease on save and only watches until the user edits again', async () => {
    localStorage.setItem(EDIT_LEASE_POLL_KEY, '250');
    const { result } = renderHook(() => useEditLease(target));
    await waitFor(() => expect(posts()).toHaveLength(1));
    act(() => result.current.saved());
    await waitFor(() => expect(calls.at(-1)?.method).toBe('DELETE'));
    answer = { ...answer, others: [] };
    await waitFor(() => expect(calls.at(-1)?.method).toBe('GET'));
    expect(posts()).toHaveLength(1);
    await waitFor(() => expect(result.current.others).toEqual([]));
    act(() => result.current.touched());
    await waitFor(() => expect(posts()).toHaveLength(2));
  });

  it('lets the lease go after five minutes without a key or a click, and takes it again on the next one', async () => {
    expect(editLeaseIdleMs()).toBe(5 * 60_000);
    localStorage.setItem(EDIT_LEASE_POLL_KEY, '200');
    localStorage.setItem(EDIT_LEASE_IDLE_KEY, '500');
    renderHook(() => useEditLease(target));
    await waitFor(() => expect(posts()).toHaveLength(1));
    // Typing keeps it: heartbeats go on renewing.
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 200));
      fireEvent.keyDown(window, { key: 'a' });
    }
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(posts().length).toBeGreaterThanOrEqual(2);
    // Untouched: the lease ends, and the form only watches.
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true), { timeout: 2000 });
    const renewed = posts().length;
    await new Promise((r) => setTimeout(r, 500));
    expect(calls.at(-1)?.method).toBe('GET');
    expect(posts()).toHaveLength(renewed);
    fireEvent.pointerDown(window);
    await waitFor(() => expect(posts()).toHaveLength(renewed + 1));
  });

  it('takes nothing for a form without a record (a create form)', async () => {
    renderHook(() => useEditLease({ targetType: 'staff', id: undefined }));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });
});

function Banner() {
  return <EditLeaseBanner lease={useEditLease(target)} />;
}

describe('EditLeaseBanner', () => {
  it('says who is editing since when, in Taipei time, and takes over', async () => {
    await setLanguage('zh-TW');
    render(<Banner />);
    expect((await screen.findByTestId('edit-lease-banner')).textContent).toContain('王小明 正在編輯（10:42 起）');
    answer = { ...answer, others: [] };
    fireEvent.click(screen.getByTestId('edit-lease-take-over'));
    await waitFor(() => expect(screen.queryByTestId('edit-lease-banner')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/take-over'))).toBe(true);
  });

  it('says in en-US who took the editing over', async () => {
    await setLanguage('en-US');
    answer = { mine: null, others: [], taken_over: { by: { id: 3, name: 'Lin' }, at: '2026-12-02T02:45:00.000Z' } };
    render(<Banner />);
    expect((await screen.findByTestId('edit-lease-banner')).textContent).toContain('Lin took over editing (10:45)');
    await setLanguage('zh-TW');
  });
});
