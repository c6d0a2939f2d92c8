import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLanguage } from '../../i18n/index.ts';
import { AuditChainStatusBar } from './audit-chain-status.tsx';

const HEAD = { last_id: 42, last_hash: 'a'.repeat(64), entries: 42 };
const check = (over: Record<string, unknown> = {}) => ({
  checked_at: '2026-11-26T16:10:00.000Z',
  checked_by: 'daily',
  from_day: null,
  to_day: null,
  entries: 42,
  status: 'ok',
  broken_id: null,
  broken_created_at: null,
  problem: null,
  ...over,
});
let state: { head: typeof HEAD; last_check: unknown; last_anchor: unknown };
let verified: ReturnType<typeof check>;
let posts: number;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
beforeEach(async () => {
  await setLanguage('zh-TW');
  posts = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/chain/verify') && init.method === 'POST') {
        posts++;
        state = { ...state, last_check: verified };
        return json(verified);
      }
      return json(state);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuditChainStatusBar />
    </QueryClientProvider>,
  );

describe('audit chain status on the audit log screen', () => {
  it('says it was never verified, verifies on request and shows a broken entry with its problem', async () => {
    state = { head: HEAD, last_check: null, last_anchor: null };
    verified = check({ status: 'broken', broken_id: 17, problem: 'altered', checked_by: 'admin:1' });
    show();
    expect(await screen.findByText('尚未驗證過稽核鏈。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('audit-chain-verify'));
    await waitFor(() => expect(screen.getByTestId('audit-chain-status').textContent).toContain('稽核鏈在第 17 筆紀錄中斷（內容被修改）'));
    expect(screen.getByTestId('audit-chain-status').textContent).toContain('（管理員）');
    expect(posts).toBe(1);
  });

  it('shows an intact chain with its Taipei time, who checked and the latest anchor, in English too', async () => {
    state = { head: HEAD, last_check: check(), last_anchor: { day: '2026-11-26', last_id: 40, head_hash: 'b'.repeat(64), entries: 40 } };
    show();
    expect((await screen.findByTestId('audit-chain-status')).textContent).toContain(
      '稽核鏈完整：2026-11-27 00:10 驗證了 42 筆紀錄（每日排程）',
    );
    expect(screen.getByTestId('audit-chain-status').textContent).toContain('最近的每日錨點：2026-11-26，第 40 筆。');
    cleanup();
    await setLanguage('en-US');
    show();
    expect((await screen.findByTestId('audit-chain-status')).textContent).toContain(
      'The audit chain is intact: 42 entries verified 2026-11-27 00:10 (daily job).',
    );
  });
});
