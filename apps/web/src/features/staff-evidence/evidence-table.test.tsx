import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import { makeToken } from '../../test/tokens.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import { i18n } from '../../i18n/index.ts';
import type { useDownloads } from '../../components/download-progress.tsx';
import { EvidenceTable } from './evidence-table.tsx';

let calls: { method: string; url: string; body: unknown }[];
let answers: Array<() => Response>;
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });
const downloads = { jobs: [], busy: false, run: vi.fn() } as unknown as ReturnType<typeof useDownloads>;
const CHECK = {
  id: 5,
  staff_id: 7,
  check_kind: 'special',
  checked_on: '2026-03-02',
  provider: '台大醫院',
  result_grade: '已記錄',
  notes: null,
  has_file: true,
  file_name: 'check.pdf',
  file_type: 'application/pdf',
  created_at: '2026-03-02T00:00:00Z',
  updated_at: '2026-03-02T00:00:00Z',
};

beforeEach(async () => {
  await i18n.changeLanguage('zh-TW');
  resetTokenStore();
  resetOrganizations();
  setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA'] }));
  setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : null });
      return (answers.shift() ?? (() => new Response('{}', { status: 500 })))();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

function show(props: { canWrite: boolean; canReveal: boolean }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <AntApp>
        <EvidenceTable staffId={7} kind="health-checks" downloads={downloads} {...props} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('EvidenceTable (issue 38)', { timeout: 90_000 }, () => {
  it('shows the kind in words, the ROC day, a sealed value as 「已記錄」 with 顯示, and the scan', async () => {
    answers = [json(200, { data: [CHECK], version: 4 })];
    show({ canWrite: true, canReveal: true });
    expect(await screen.findByText('特殊健康檢查')).toBeTruthy();
    expect(screen.getByText('115/03/02')).toBeTruthy();
    expect(screen.getByText('已記錄')).toBeTruthy();
    expect(screen.getByRole('button', { name: '顯示健康管理分級' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /下載/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /更換/ })).toBeTruthy();
    expect(calls[0]!.url).toContain('/api/admin/organization/staff/7/health-checks');
  });

  it('says when there is nothing, and offers no writes nor reveal to a reader', async () => {
    answers = [json(200, { data: [{ ...CHECK, has_file: false }], version: 1 })];
    show({ canWrite: false, canReveal: false });
    expect(await screen.findByText('已記錄')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '顯示健康管理分級' })).toBeNull();
    expect(screen.queryByTestId('evidence-add-health-checks')).toBeNull();
    expect(screen.queryByRole('button', { name: /上傳/ })).toBeNull();
    cleanup();
    answers = [json(200, { data: [], version: 1 })];
    show({ canWrite: true, canReveal: false });
    expect(await screen.findByText('尚無紀錄')).toBeTruthy();
  });

  it('asks a reason and reveals through the row’s own reveal', async () => {
    answers = [json(200, { data: [CHECK], version: 4 }), json(200, { value: '2', expires_in: 60 })];
    show({ canWrite: false, canReveal: true });
    fireEvent.click(await screen.findByRole('button', { name: '顯示健康管理分級' }));
    fireEvent.click(await screen.findByText('主管機關查核'));
    fireEvent.click(screen.getAllByRole('button', { name: /^顯 ?示$/ }).at(-1)!);
    await waitFor(() => expect(screen.getByText('60 秒後隱藏')).toBeTruthy());
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/admin/organization/staff/7/health-checks/5/reveal',
      body: { field: 'result_grade', reason_code: 'authority_inspection' },
    });
  });
});
