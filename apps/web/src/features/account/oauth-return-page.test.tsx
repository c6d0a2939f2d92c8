import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n from '../../i18n/index.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import OAuthReturnPage from './oauth-return-page.tsx';

const renderAt = (search: string) =>
  render(
    <MemoryRouter initialEntries={[`/oauth-return/line${search}`]}>
      <Routes>
        <Route path="/oauth-return/:provider" element={<OAuthReturnPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the provider return page', () => {
  it('says when another browser started the flow, rather than "not linked"', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, 'Bad Request', { state: ['validate.error.oauth_other_browser'] }));
    renderAt('?code=c&state=s');
    expect(await screen.findByText(/started in another browser/)).toBeTruthy();
  });
});
