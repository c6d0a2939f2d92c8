import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeToken } from '../../test/tokens.ts';
import { getToken, resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetSessionManager } from '../../lib/session.ts';
import i18n from '../../i18n/index.ts';
import SignInPage from './sign-in-page.tsx';
import { loadSettings } from '../../lib/settings.ts';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<SignInPage />} />
        <Route path="*" element={<div>elsewhere</div>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

let answer: (url: string, body: any) => Response;
let bodies: any[];
beforeEach(async () => {
  localStorage.clear();
  resetTokenStore();
  resetSessionManager();
  await i18n.changeLanguage('zh-TW');
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (url.includes('/login')) bodies.push(body);
      return answer(url, body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function submit(email: string, password: string, keep = false) {
  fireEvent.change(screen.getByLabelText('電子郵件'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('密碼'), { target: { value: password } });
  if (keep) fireEvent.click(screen.getByLabelText('保持登入'));
  fireEvent.click(screen.getByTestId('sign-in-submit'));
}

describe('sign-in page', { timeout: 40_000 }, () => {
  it('shows "Login fail" from the catalogue in the user language', async () => {
    answer = () => new Response(JSON.stringify({ message: 'Login fail' }), { status: 401 });
    renderAt('/');
    await submit('a@example.com', 'wrong-pass');
    expect(await screen.findByText('帳號或密碼錯誤', {}, { timeout: 15_000 })).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('shows "Too Many Requests" translated', async () => {
    answer = () => new Response(JSON.stringify({ message: 'Too Many Requests' }), { status: 429 });
    renderAt('/');
    await submit('a@example.com', 'wrong-pass');
    expect(await screen.findByText('嘗試次數過多，請稍後再試', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('puts server validation keys on the fields', async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'Bad Request', errors: { email: ['validate.error.email_incorrect'] } }), { status: 400 });
    renderAt('/');
    await submit('a@example.com', 'pass1234');
    expect(await screen.findByText('電子郵件格式不正確', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('validates before calling the server', async () => {
    answer = () => new Response('{}', { status: 500 });
    renderAt('/');
    await submit('not-an-email', 'abc');
    expect(await screen.findByText('電子郵件格式不正確', {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('至少需要 4 個字元')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('signs in with keep_login, stores the token and goes back to the requested page', async () => {
    const token = makeToken();
    answer = (url) =>
      url.includes('/login')
        ? new Response(JSON.stringify({ token }), { status: 200 })
        : new Response(JSON.stringify({ organizations: [] }), { status: 200 });
    renderAt('/?redirect=%2Fadmin%2Fprofile');
    await submit(' a@example.com ', 'pass1234', true);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/profile'), { timeout: 15_000 });
    expect(bodies[0]).toEqual({ email: 'a@example.com', password: 'pass1234', keep_login: true });
    expect(localStorage.getItem('admin_token')).toBe(token);
  });

  it('loads reCAPTCHA v3 with the site key from the settings and shows the notice with its links', async () => {
    answer = () =>
      new Response(JSON.stringify({ recaptcha: { client: 'site-key-1' }, config: {}, api_version: 'v1.0.0' }), { status: 200 });
    await loadSettings();
    renderAt('/');
    await waitFor(() => expect(document.querySelector('script[src*="recaptcha/api.js?render=site-key-1"]')).not.toBeNull());
    const notice = screen.getByTestId('recaptcha-notice');
    expect(notice.textContent).toContain('reCAPTCHA');
    expect([...notice.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://policies.google.com/privacy',
      'https://policies.google.com/terms',
    ]);
  });

  it('refuses an off-site redirect after sign-in', async () => {
    setToken(makeToken(), { broadcast: false });
    renderAt('/?redirect=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin'), { timeout: 15_000 });
  });
});
