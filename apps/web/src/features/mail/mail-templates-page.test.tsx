import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import MailTemplatesPage from './mail-templates-page.tsx';

const localized = {
  subject: '重設密碼',
  html: '<p>{{name}} 您好，請在 {{expiresInMinutes}} 分鐘內</p>',
  text: '',
  customised: false,
  updated_at: null,
};

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  queryClient.clear();
  setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200 });
      if (url.startsWith('/api/admin/mail/templates'))
        return json({
          data: [
            {
              name: 'password_reset',
              variables: [
                { name: 'name', secret: false, sample: '王小明' },
                { name: 'link', secret: true, sample: 'https://example.com/x' },
                { name: 'expiresInMinutes', secret: false, sample: '30' },
              ],
              locales: { 'zh-TW': localized, 'en-US': localized },
            },
          ],
        });
      return json({ html: '<p>preview</p>', subject: '重設密碼', text: '' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
});

describe('mail templates: the variables', () => {
  it('are named in words beside their placeholders (有效分鐘數 {{expiresInMinutes}})', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <MemoryRouter>
            <MailTemplatesPage />
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    const minutes = await screen.findByText('{{expiresInMinutes}}');
    expect(minutes.closest('.ant-tag')?.textContent).toBe('有效分鐘數 {{expiresInMinutes}}');
    expect(screen.getByText('{{name}}').closest('.ant-tag')?.textContent).toBe('收件人姓名 {{name}}');
    expect(screen.getByText('{{link}}').closest('.ant-tag')?.textContent).toBe('連結 {{link}}');
    // The template in the chosen locale has its History (GET /api/admin/history/mail_template/<name>:<locale>).
    expect(screen.getByTestId('history-open')).toBeTruthy();
  });
});
