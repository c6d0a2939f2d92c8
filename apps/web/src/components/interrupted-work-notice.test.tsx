import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { setLanguage } from '../i18n/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { resetTokenStore, setToken } from '../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../lib/organization-store.ts';
import { makeToken } from '../test/tokens.ts';
import { InterruptedWorkNotice } from './interrupted-work-notice.tsx';

let calls: { method: string; url: string }[];
let runs: unknown[];

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  resetOrganizations();
  setToken(makeToken());
  queryClient.clear();
  calls = [];
  runs = [
    {
      id: 7,
      kind: 'staff_import',
      organization_id: 1,
      started_at: '2026-12-01T16:30:00.000Z',
      file_name: '名冊.xlsx',
      key: 'work_run.staff_import_interrupted',
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'DELETE') {
        runs = [];
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify({ data: runs }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <InterruptedWorkNotice kind="staff_import" />
    </QueryClientProvider>,
  );

describe('InterruptedWorkNotice', () => {
  it('says in zh-TW that the last import was interrupted, saved nothing and should be done again, in Taipei time', async () => {
    await setLanguage('zh-TW');
    show();
    const notice = await screen.findByTestId('interrupted-work');
    expect(notice.textContent).toContain('上次的匯入（名冊.xlsx，2026-12-02 00:30 開始）在完成前中斷，沒有寫入任何資料，請重新匯入。');
    expect(calls[0]).toMatchObject({ method: 'GET', url: expect.stringContaining('/api/admin/work-runs/interrupted?kind=staff_import') });
  });

  it('says it in en-US, and is gone once dismissed', async () => {
    await setLanguage('en-US');
    show();
    const notice = await screen.findByTestId('interrupted-work');
    expect(notice.textContent).toContain(
      'The last import (名冊.xlsx, started 2026-12-02 00:30) was interrupted before it finished. Nothing was saved',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByTestId('interrupted-work')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/admin/work-runs/interrupted/7'))).toBe(true);
  });

  it("leaves another organization's interrupted import to that organization's screen", async () => {
    await setLanguage('en-US');
    setOrganizationState([{ id: 2, uid: 's', name: 'South', company_id: null, status: 'active' } as never], 2);
    runs.push({ ...(runs[0] as object), id: 8, organization_id: 2, file_name: 'south.xlsx' });
    show();
    const [notice, ...more] = await screen.findAllByTestId('interrupted-work');
    expect(notice!.textContent).toContain('south.xlsx');
    expect(more).toEqual([]);
  });

  it('shows nothing when no work was interrupted', async () => {
    runs = [];
    show();
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId('interrupted-work')).toBeNull();
  });
});
