import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLanguage } from '../../i18n/index.ts';
import { AuditChainCard } from './audit-chain-card.tsx';

const checkOf = (over: Record<string, unknown>) => ({
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
let lastCheck: unknown;
beforeEach(async () => {
  await setLanguage('zh-TW');
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            head: { last_id: 42, last_hash: 'a'.repeat(64), entries: 42 },
            last_check: lastCheck,
            last_anchor: null,
            anchor_every: 'hour',
            anchor_delivery: 'super_admins',
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const show = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AuditChainCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
};

describe('the overview card of a broken audit chain', () => {
  it('alerts where the chain broke and links to the audit log', async () => {
    lastCheck = checkOf({ status: 'broken', broken_id: 17, problem: 'altered' });
    show();
    const card = await screen.findByTestId('audit-chain-card');
    expect(card.textContent).toContain('稽核鏈在第 17 筆紀錄中斷（內容被修改），2026-11-27 00:10 發現。');
    expect(screen.getByRole('link', { name: '開啟稽核紀錄' }).getAttribute('href')).toBe('/admin/audit-log');
  });

  it('shows nothing while the chain holds', async () => {
    lastCheck = checkOf({});
    const client = show();
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByTestId('audit-chain-card')).toBeNull();
  });
});
