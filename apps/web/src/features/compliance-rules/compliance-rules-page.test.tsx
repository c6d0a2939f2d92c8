import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import type { ComplianceRuleView } from '@bo/shared/schemas/compliance-rules';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import ComplianceRulesPage from './compliance-rules-page.tsx';

const words = (zh: string, en: string) => ({ 'zh-TW': zh, 'en-US': en });
const applies = { site_roles: null, job_titles: null, age_min: null, age_max: null, migrant: null, work_kinds: null };
const operator: ComplianceRuleView = {
  key: 'training-operator-3y3h',
  source: 'pack',
  rule_version: 1,
  enabled: true,
  reason: null,
  title: words('操作人員在職教育訓練', 'In-service training: operators'),
  requires: words('每 3 年至少 3 小時', 'At least 3 hours every 3 years'),
  citation: {
    text: words('職業安全衛生教育訓練規則第18、19條', 'OSH Training Rules arts. 18–19'),
    laws: [{ law: '職業安全衛生教育訓練規則', article: '18' }],
  },
  unconfirmed: null,
  per_worker: true,
  applies,
  requirement: { kind: 'training', course_kinds: ['in_service'], subject: null, subject_by_site_role: null, min_hours: 3 },
  timing: { kind: 'every', months: 24, by_age: null },
  pack_timing: { kind: 'every', months: 36, by_age: null },
  overrides: { months: 24 },
  version: 3,
};
const passport: ComplianceRuleView = {
  ...operator,
  key: 'migrant-passport',
  enabled: false,
  title: words('護照效期', 'Passport validity'),
  citation: { text: words('實務慣例', 'Common practice'), laws: [{ law: '實務', article: null }] },
  unconfirmed: words('非法定要求，尚未確認', 'Not confirmed as a legal rule'),
  requirement: { kind: 'migrant_document', document: 'passport' },
  timing: { kind: 'valid_until', warn_days: 60, min_remaining_months: 6 },
  pack_timing: { kind: 'valid_until', warn_days: 60, min_remaining_months: 6 },
  overrides: null,
  version: 0,
};

let sent: { url: string; method: string; body: unknown; ifMatch: string | null }[] = [];
function serve() {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        const headers = new Headers(init.headers);
        sent.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null, ifMatch: headers.get('if-match') });
        return json({ ...passport, enabled: true, reason: '已確認' });
      }
      if (url.startsWith('/api/admin/organization/compliance/rules')) return json({ data: [operator, passport] });
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
          <ComplianceRulesPage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );

describe('法規規則', () => {
  it('lists each rule with its citation, the law’s interval beside the company’s, and the unconfirmed note', async () => {
    serve();
    open();
    const table = await screen.findByTestId('compliance-rules');
    expect(table.textContent).toContain('職業安全衛生教育訓練規則第18、19條');
    expect(table.textContent).toContain('本公司：每 24 個月');
    expect(table.textContent).toContain('法定：每 36 個月');
    expect(screen.getByTestId('rule-migrant-passport').textContent).toContain('未確認');
    expect(screen.getByTestId('rule-migrant-passport').textContent).toContain('非法定要求，尚未確認');
  });

  it('asks for a reason before switching an unconfirmed rule on, and sends it with the rule’s version', async () => {
    serve();
    open();
    fireEvent.click(await screen.findByTestId('rule-switch-migrant-passport'));
    const reason = await screen.findByLabelText('原因');
    fireEvent.change(reason, { target: { value: '已確認' } });
    fireEvent.click(screen.getByTestId('rule-reason-ok'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: expect.stringContaining('/api/admin/organization/compliance/rules/migrant-passport'),
      method: 'PATCH',
      body: { enabled: true, reason: '已確認' },
      ifMatch: '"0"',
    });
  });
});
