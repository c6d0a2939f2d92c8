import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AntApp from 'antd/es/app';
import { makeToken } from '../../test/tokens.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import { i18n } from '../../i18n/index.ts';
import { RevealField } from './reveal-field.tsx';

let calls: { url: string; body: unknown }[];
/** The server's answers to the reveal, in turn. */
let answers: Array<() => Response>;

beforeEach(async () => {
  await i18n.changeLanguage('zh-TW');
  resetTokenStore();
  resetOrganizations();
  setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_PERSONAL_DATA'] }));
  setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
      return (answers.shift() ?? (() => new Response('{}', { status: 500 })))();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

async function chooseReason(label: string, words?: string) {
  const dialog = await screen.findByTestId('reveal-reason-dialog');
  fireEvent.click(await screen.findByText(label));
  if (words) fireEvent.change(dialog.querySelector('textarea')!, { target: { value: words } });
  fireEvent.click(screen.getByRole('button', { name: /^顯 ?示$/ }));
}

describe('RevealField (issue 37)', { timeout: 30_000 }, () => {
  it('sends the reason, shows the value counting down, then masks it again when its seconds are up', async () => {
    answers = [json(200, { value: 'A123456789', expires_in: 2 })];
    render(
      <AntApp>
        <RevealField staffId={7} field="national_id" masked="A12****789" />
      </AntApp>,
    );
    expect(screen.getByTestId('masked-national_id').textContent).toBe('A12****789');
    fireEvent.click(screen.getByTestId('reveal-button-national_id'));
    await chooseReason('其他（請說明）', '勞檢補件');
    expect((await screen.findByTestId('revealed-national_id')).textContent).toBe('A123456789');
    expect(screen.getByTestId('reveal-countdown-national_id').textContent).toBe('2 秒後隱藏');
    expect(calls).toEqual([
      {
        url: '/api/admin/organization/staff/7/reveal',
        body: { field: 'national_id', reason_code: 'other', reason_text: '勞檢補件', organization_id: 1 },
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('reveal-countdown-national_id').textContent).toBe('1 秒後隱藏'), { timeout: 2500 });
    await waitFor(() => expect(screen.queryByTestId('revealed-national_id')).toBeNull(), { timeout: 2500 });
    expect(screen.getByTestId('masked-national_id').textContent).toBe('A12****789');
  });

  it('without a fresh proof opens the verify-identity dialog, and after it reveals', async () => {
    answers = [
      json(403, { message: 'Identity verification required' }),
      json(200, { verified_until: '2099-01-01T00:00:00Z' }),
      json(200, { value: 'O', expires_in: 60 }),
    ];
    render(
      <AntApp>
        <RevealField staffId={7} field="blood_type" masked="已記錄" />
      </AntApp>,
    );
    fireEvent.click(screen.getByTestId('reveal-button-blood_type'));
    await chooseReason('勞保加保／投保作業');
    fireEvent.change(await screen.findByTestId('verify-password'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('revealed-blood_type')).textContent).toBe('O');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/admin/organization/staff/7/reveal',
      '/api/admin/account/verify-identity',
      '/api/admin/organization/staff/7/reveal',
    ]);
  });

  it('asks for the words of "other" before anything is sent', async () => {
    answers = [];
    render(
      <AntApp>
        <RevealField staffId={7} field="national_id" masked="A12****789" />
      </AntApp>,
    );
    fireEvent.click(screen.getByTestId('reveal-button-national_id'));
    await chooseReason('其他（請說明）');
    await screen.findByText('請說明原因');
    expect(calls).toEqual([]);
  });
});
