import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { setLanguage } from '../../i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { makeToken } from '../../test/tokens.ts';
import { resetTokenStore } from '../../lib/token-store.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

let bodies: Record<string, unknown>[];
beforeEach(async () => {
  await setLanguage('en-US');
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.body) bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ token: makeToken({ roles: [] }) }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
});

const renderForm = (name?: string) => {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AntApp>
          <ChangePasswordForm name={name} onDone={onDone} />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onDone;
};
const fillPasswords = () => {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Old-pw-2026' } });
  fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'New-owner-pw-2026!' } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'New-owner-pw-2026!' } });
};
const submit = () => fireEvent.submit(screen.getByTestId('new-password').closest('form')!);

describe('the forced password change asks for the admin’s name (issue 42, item 12)', () => {
  it('refuses to send without a name, then sends the name given with the new password', async () => {
    const onDone = renderForm('');
    fillPasswords();
    submit();
    expect(await screen.findByText('Enter your name')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByTestId('reset-password-name'), { target: { value: 'Wang Da-ming' } });
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([{ current_password: 'Old-pw-2026', password: 'New-owner-pw-2026!', name: 'Wang Da-ming' }]);
  });

  it('asks nothing of the kind on a plain password change', async () => {
    const onDone = renderForm();
    expect(screen.queryByTestId('reset-password-name')).toBeNull();
    fillPasswords();
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).not.toHaveProperty('name');
  });
});
