import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { LEAK_NOTIFICATIONS, type PersonalDataInventory, type RetentionPreview } from '@bo/shared/schemas/personal-data';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import PersonalDataPage from './personal-data-page.tsx';

const rules: RetentionPreview['rules'] = [
  { id: 'departed-staff', years: 5, minimum_years: 5, citation: '勞動基準法 §7 ¶2', counts_from: 'left_on', applies: true },
  { id: 'general-health', years: 7, minimum_years: 7, citation: '勞工健康保護規則', counts_from: 'checked_on', applies: false },
];
const inventory: PersonalDataInventory = {
  generated_at: '2026-12-01T01:00:00.000Z',
  categories: [
    {
      category: 'identifier',
      people: 12,
      records: 12,
      places: [{ table: 'staff', column: 'national_id', encrypted: false, records: 12 }],
      reveal_roles: ['ROLE_SUPER_ADMIN'],
      retention: ['departed-staff'],
    },
  ],
  notify: LEAK_NOTIFICATIONS.map((n) => ({ ...n })),
  retention: rules,
  departed_staff: 3,
  anonymised_staff: 1,
};

function serve(preview: RetentionPreview | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });
      if (url.startsWith('/api/admin/personal-data/retention/preview'))
        return preview ? json(preview) : json({ message: 'Server error' }, 500);
      if (url.startsWith('/api/admin/personal-data/inventory')) return json(inventory);
      return json({ data: [] });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  queryClient.clear();
  setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
});

const open = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter>
          <PersonalDataPage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );

describe('個資保存與清冊', () => {
  it('lists exactly the records the next run touches, with the rules and their sources', async () => {
    serve({
      day: '2026-12-01',
      rules,
      total: 2,
      items: [
        {
          rule: 'departed-staff',
          action: 'anonymise',
          staff_id: 7,
          organization_id: 1,
          organization_name: '北區工務所',
          name: '王○○',
          left_on: '2021-11-30',
          kept_until: '2026-11-30',
        },
        {
          rule: 'departed-staff',
          action: 'anonymise',
          staff_id: 9,
          organization_id: 1,
          organization_name: '北區工務所',
          name: '林○○',
          left_on: '2015-03-01',
          kept_until: '2020-03-01',
        },
      ],
    });
    open();
    const table = await screen.findByTestId('retention-preview');
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
    expect(table.textContent).toContain('王○○');
    expect(table.textContent).toContain('2026-11-30');
    expect(table.textContent).toContain('匿名化');
    expect(screen.getByTestId('retention-preview-summary').textContent).toContain('2026-12-01 的執行會處理以下 2 筆資料');
    const card = screen.getByTestId('retention-card');
    expect(card.textContent).toContain('勞動基準法 §7 ¶2');
    expect(card.textContent).toContain('目前尚未存放此類紀錄');
    const inv = await screen.findByTestId('inventory-card');
    expect(inv.textContent).toContain('身分證明文件號碼');
    expect(inv.textContent).toContain('staff.national_id');
    expect(inv.textContent).toContain('未加密');
    expect(inv.textContent).toContain('離職人員 3 人，其中已匿名化 1 人');
    // Whom to notify after a leak: the persons (§12) and the authority, its 72 hours marked unconfirmed.
    const notify = screen.getByTestId('inventory-notify');
    expect(notify.textContent).toContain('不是法律意見');
    const persons = screen.getByTestId('notify-persons');
    expect(persons.textContent).toContain('當事人');
    expect(persons.textContent).toContain('個人資料保護法 §12');
    expect(persons.textContent).not.toContain('未確認');
    const authority = screen.getByTestId('notify-authority');
    expect(authority.textContent).toContain('個人資料保護委員會');
    expect(authority.textContent).toContain('72 小時');
    expect(authority.textContent).toContain('未確認');
    expect(authority.textContent).toContain('施行細則草案');
  });

  it('says when the next run touches nothing', async () => {
    serve({ day: '2026-12-01', rules, total: 0, items: [] });
    open();
    expect((await screen.findByTestId('retention-preview-empty')).textContent).toContain('下次執行不會處理任何資料');
  });

  it('shows an error with a retry when the preview cannot be loaded', async () => {
    serve(null);
    open();
    expect(await screen.findByRole('button', { name: /重試|重新/ })).toBeTruthy();
  });
});
