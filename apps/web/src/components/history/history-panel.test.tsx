import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import { setLanguage } from '../../i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { makeToken } from '../../test/tokens.ts';
import { HistoryPanel } from './history-panel.tsx';

let calls: { method: string; url: string; body: unknown; ifMatch: string | null }[];
const entry = {
  id: 41,
  action: 'update',
  actor_kind: 'admin',
  actor: { id: 2, name: '林經理', email: 'lin@example.com' },
  job: null,
  created_at: '2026-03-01T17:00:00.000Z',
  changes: [
    { field: 'job_title', label_key: 'staff.job_title', before: '工地主任', after: '領班' },
    {
      field: 'certificates',
      label_key: 'staff.certificates',
      before: [{ id: 5, certificate_type_id: 1, certificate_type_name: '職業安全衛生教育訓練', number: 'S-1', expires_at: '2029-12-01' }],
      after: [],
    },
  ],
  restorable: true,
  restored_entry_id: null,
  restored_as_of: null as string | null,
  part: null as null | { target_type: string; target_id: string; label: string | null },
};
let listed: unknown[];
/** The as-of answer: that day's state and what a restore of it would change (before = now, after = then). */
const asOfAnswer = {
  day: '2026-03-01',
  instant: '2026-03-01T16:00:00.000Z',
  state: { name: '王大明', job_title: '工地主任', certificates: entry.changes[1]!.before },
  changes: [
    { field: 'job_title', label_key: 'staff.job_title', before: '技師', after: '工地主任' },
    { field: 'certificates', label_key: 'staff.certificates', before: [], after: entry.changes[1]!.before },
  ],
  entry_ids: [44, 43, 41],
};

beforeEach(() => {
  resetTokenStore();
  setToken(makeToken());
  queryClient.clear();
  calls = [];
  listed = [entry];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null, ifMatch: headers.get('if-match') });
      const asOf = new URL(url, 'http://x').searchParams.get('as_of');
      const body =
        method === 'POST'
          ? { id: 9, job_title: '工地主任', version: 4 }
          : {
              data: listed,
              meta: { page: 1, per_page: 10, total: listed.length, last_page: 1 },
              ...(asOf ? { as_of: { ...asOfAnswer, day: asOf } } : {}),
            };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (onRestored = vi.fn()) => {
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <HistoryPanel targetType="staff" id={9} canRestore version={3} onRestored={onRestored} />
      </AntApp>
    </QueryClientProvider>,
  );
  return onRestored;
};

describe('HistoryPanel', () => {
  it('shows who changed what in words, a removed certificate as one line, and restores one field with the loaded version', async () => {
    await setLanguage('zh-TW');
    const onRestored = show();
    fireEvent.click(screen.getByTestId('history-open'));
    const row = await screen.findByText('職稱');
    expect(row.closest('tr')!.textContent).toContain('工地主任');
    expect(row.closest('tr')!.textContent).toContain('領班');
    expect(screen.getByText(/林經理/).textContent).toContain('2026-03-02 01:00');
    expect(screen.getByText('證照 1').closest('tr')!.textContent).toContain('職業安全衛生教育訓練、S-1、2029-12-01');
    expect(calls[0]!.url).toContain('/api/admin/history/staff/9?');

    fireEvent.click(screen.getByRole('button', { name: '還原「職稱」' }));
    const dialog = (await screen.findAllByText('還原「職稱」？'))[0]!.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/職稱：工地主任/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('history-restore-ok'));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith({ id: 9, job_title: '工地主任', version: 4 }));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/admin/history/staff/9/restore');
    expect(post.body).toEqual({ entry_id: 41, fields: ['job_title'] });
    expect(post.ifMatch).toBe('"3"');
  });

  it('speaks en-US and says so when a record has no changes yet', async () => {
    await setLanguage('en-US');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: [], meta: { page: 1, per_page: 10, total: 0, last_page: 1 } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    show();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No changes recorded for this record yet.')).toBeTruthy();
    expect(screen.getByText('As of a day')).toBeTruthy();
  });

  it("shows a product's SKU row entry by the row's name and labels, with no restore", async () => {
    await setLanguage('zh-TW');
    listed = [
      {
        ...entry,
        id: 52,
        action: 'patch',
        changes: [{ field: 'stock', label_key: 'product_instance.stock', before: 3, after: 9 }],
        restorable: false,
        part: { target_type: 'product_instance', target_id: '7', label: '水泥 20kg' },
      },
    ];
    render(
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <HistoryPanel targetType="product" id={3} canRestore version={3} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('history-open'));
    expect((await screen.findByTestId('history-part-52')).textContent).toBe('產品品項：水泥 20kg');
    expect(screen.getByText('庫存').closest('tr')!.textContent).toContain('9');
    expect(screen.queryByTestId('history-restore-52')).toBeNull();
  });

  it('restores the whole state of a chosen day in one step, confirmed field by field from what is now to what it was', async () => {
    await setLanguage('zh-TW');
    listed = [{ ...entry, id: 45, action: 'restore', changes: [], restorable: false, restored_as_of: '2026-02-20' }];
    const onRestored = show();
    fireEvent.click(screen.getByTestId('history-open'));
    expect(await screen.findByText('還原成 2026-02-20 的內容')).toBeTruthy();
    // Without a day there is nothing to restore as a whole.
    expect(screen.queryByTestId('history-restore-as-of')).toBeNull();

    const input = screen.getByTestId('history-as-of').querySelector('input') ?? (screen.getByTestId('history-as-of') as HTMLInputElement);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '2026-03-01' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(await screen.findByTestId('history-restore-as-of'));
    expect(calls.some((c) => c.method === 'GET' && c.url.includes('as_of=2026-03-01'))).toBe(true);

    const dialog = (await screen.findByTestId('history-as-of-confirm')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getAllByText('還原成 2026-03-01 的內容？').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('職稱：技師 → 工地主任')).toBeTruthy();
    expect(within(dialog).getByText(/證照 1：— → 職業安全衛生教育訓練、S-1、2029-12-01/)).toBeTruthy();
    expect(within(dialog).getByText('這會一次復原此後的 3 筆變更。')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('history-restore-ok'));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith({ id: 9, job_title: '工地主任', version: 4 }));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ url: '/api/admin/history/staff/9/restore', body: { as_of: '2026-03-01' }, ifMatch: '"3"' });
  });

  it('offers no whole-state restore to a reader', async () => {
    await setLanguage('en-US');
    render(
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <HistoryPanel targetType="staff" id={9} canRestore={false} version={3} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('history-open'));
    const input = screen.getByTestId('history-as-of').querySelector('input') ?? (screen.getByTestId('history-as-of') as HTMLInputElement);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '2026-03-01' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByText('As it was at the end of 2026-03-01')).toBeTruthy();
    expect(screen.queryByTestId('history-restore-as-of')).toBeNull();
  });
});
