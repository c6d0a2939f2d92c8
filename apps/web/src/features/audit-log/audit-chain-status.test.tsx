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
let state: { head: typeof HEAD; last_check: unknown; last_anchor: unknown; anchor_every: string; anchor_delivery: string };
const anchor = (over: Record<string, unknown> = {}) => ({
  day: '2026-11-26',
  until: '2026-11-26T16:00:00.000Z',
  last_id: 40,
  head_hash: 'b'.repeat(64),
  entries: 40,
  created_at: '2026-11-26T16:10:00.000Z',
  left_at: null,
  mailed: false,
  ...over,
});
const base = { head: HEAD, anchor_every: 'hour', anchor_delivery: 'super_admins' };
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
  vi.useRealTimers();
});
const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuditChainStatusBar />
    </QueryClientProvider>,
  );

describe('audit chain status on the audit log screen', () => {
  it('says it was never verified, verifies on request and shows a broken entry with its problem', async () => {
    state = { ...base, last_check: null, last_anchor: null };
    verified = check({ status: 'broken', broken_id: 17, problem: 'altered', checked_by: 'admin:1' });
    show();
    expect(await screen.findByText('尚未驗證過稽核鏈。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('audit-chain-verify'));
    await waitFor(() => expect(screen.getByTestId('audit-chain-status').textContent).toContain('稽核鏈在第 17 筆紀錄中斷（內容被修改）'));
    expect(screen.getByTestId('audit-chain-status').textContent).toContain('（管理員）');
    expect(posts).toBe(1);
  });

  it('shows an intact chain with its Taipei time, who checked, how old the check is and the latest anchor, in English too', async () => {
    // A fixed clock: three hours after the check.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T19:15:00.000Z'));
    state = { ...base, last_check: check(), last_anchor: anchor({ left_at: '2026-11-26T16:10:05.000Z', mailed: true }) };
    show();
    const bar = await screen.findByTestId('audit-chain-status');
    expect(bar.textContent).toContain('稽核鏈完整：2026-11-27 00:10 驗證了 42 筆紀錄（每日排程，3 小時前）');
    expect(screen.getByTestId('audit-chain-anchor').textContent).toContain(
      `最近的錨點：2026-11-26 當日結束時，第 40 筆，雜湊值 ${'b'.repeat(64)}`,
    );
    expect(screen.getByTestId('audit-chain-anchor').textContent).toContain('已於 2026-11-27 00:10 寄出，保存在這台伺服器以外。');
    cleanup();
    await setLanguage('en-US');
    show();
    expect((await screen.findByTestId('audit-chain-status')).textContent).toContain(
      'The audit chain is intact: 42 entries verified 2026-11-27 00:10 (daily job, 3 hours ago).',
    );
    expect(screen.getByTestId('audit-chain-anchor').textContent).toContain('Mailed 2026-11-27 00:10: kept outside this server.');
  });

  it('says an hourly anchor not mailed stays on this server, and plainly what that means with no mail at all', async () => {
    state = { ...base, anchor_delivery: 'none', last_check: check(), last_anchor: anchor({ day: '2026-11-27T09' }) };
    show();
    const line = (await screen.findByTestId('audit-chain-anchor')).textContent;
    expect(line).toContain('最近的錨點：2026-11-27 09:00 這一小時結束時，第 40 筆');
    expect(line).toContain('沒有寄出：只在這台伺服器的資料庫與記錄檔中。');
    expect(screen.getByTestId('audit-chain-delivery').textContent).toContain('錨點只保存在這台伺服器上');
    cleanup();
    state = { ...state, anchor_delivery: 'super_admins', last_anchor: anchor({ mailed: true }) };
    show();
    expect((await screen.findByTestId('audit-chain-anchor')).textContent).toContain('郵件仍在寄件匣等待寄出');
    expect(screen.getByTestId('audit-chain-delivery').textContent).toContain('每日錨點會寄給每位超級管理員');
  });
});
