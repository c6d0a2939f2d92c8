import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MailDeliveryStatus } from '@bo/shared/schemas/mail';
import { queryClient } from '../../lib/query-client.ts';
import { setLanguage } from '../../i18n/index.ts';
import { MailDeliveryCard } from './mail-delivery-card.tsx';

let status: MailDeliveryStatus;
let asked = 0;

beforeEach(async () => {
  await setLanguage('en-US');
  queryClient.clear();
  asked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/mail/status') asked++;
      return new Response(JSON.stringify(status), { status: 200 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('zh-TW');
});

const renderCard = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <MailDeliveryCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the overview mail card (issue 26)', () => {
  it('says mail is failing with the server’s reason, how many mails wait and where to fix it', async () => {
    status = {
      link_origin: 'http://192.168.1.20:3000',
      links_local: false,
      smtp_configured: true,
      waiting: 4,
      failing: true,
      reason: '535 Authentication failed',
      since: '2026-11-27T01:00:00Z',
    };
    renderCard();
    const card = await screen.findByTestId('mail-delivery-card');
    expect(card.dataset.state).toBe('failing');
    expect(card.textContent).toContain('Mail is failing (since 2026-11-27 09:00)');
    expect(card.textContent).toContain('535 Authentication failed');
    expect(card.textContent).toContain('4');
    expect(card.textContent).toContain('SMTP_URL');
    expect(screen.getByRole('link', { name: 'Open the outbox' }).getAttribute('href')).toBe('/admin/mail/outbox');
  });

  it('says links open on this computer only while they start at localhost, even with mail going out', async () => {
    status = {
      link_origin: 'http://localhost:3000',
      links_local: true,
      smtp_configured: true,
      waiting: 0,
      failing: false,
      reason: null,
      since: null,
    };
    renderCard();
    const card = await screen.findByTestId('mail-delivery-card');
    expect(card.dataset.state).toBe('links-local');
    expect(screen.getByTestId('links-local').textContent).toContain('Links open on this computer only');
    expect(card.textContent).toContain('http://localhost:3000');
    expect(card.textContent).not.toContain('No mail server is configured');
  });

  it('shows nothing while mail goes out', async () => {
    status = {
      link_origin: 'http://192.168.1.20:3000',
      links_local: false,
      smtp_configured: true,
      waiting: 1,
      failing: false,
      reason: null,
      since: null,
    };
    const { container } = renderCard();
    // Answered (not merely pending, when the card also shows nothing): still nothing.
    await waitFor(() => expect(queryClient.getQueryState(['/api/admin/mail/status'])?.status).toBe('success'));
    expect(asked).toBe(1);
    expect(container.textContent).toBe('');
  });
});
