import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import AntApp from 'antd/es/app';
import type { Staff } from '@bo/shared/schemas/staff';
import { makeToken } from '../../test/tokens.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import { api } from '../../lib/api-client.ts';
import { i18n } from '../../i18n/index.ts';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { PersonalRightsButton } from './personal-rights.tsx';

const staff = {
  id: 7,
  version: 3,
  name: '王大明',
  national_id: 'A12****789',
  blood_type: '已記錄',
  address: '台北市信義區',
  mobile: '0912345678',
  status: 'active',
  certificates: [],
} as unknown as Staff;

let calls: { url: string; method: string; body: unknown; ifMatch: string | null }[];
let answers: Array<() => Response>;
let onChanged: ReturnType<typeof vi.fn<() => void>>;

beforeEach(async () => {
  await i18n.changeLanguage('zh-TW');
  resetTokenStore();
  resetOrganizations();
  setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_ADMIN'] }));
  setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
  calls = [];
  answers = [];
  onChanged = vi.fn<() => void>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const h = new Headers(init.headers);
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null, ifMatch: h.get('if-match') });
      return (answers.shift() ?? (() => new Response('{}', { status: 500 })))();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

function Harness() {
  const downloads = useDownloads();
  return (
    <>
      <PersonalRightsButton staff={staff} downloads={downloads} onChanged={onChanged} />
      <DownloadProgress jobs={downloads.jobs} />
    </>
  );
}

async function choose(action: string) {
  render(
    <AntApp>
      <Harness />
    </AntApp>,
  );
  fireEvent.click(screen.getByTestId('personal-rights'));
  fireEvent.click(await screen.findByText(action));
}

const reason = (dialog: HTMLElement, words: string) =>
  fireEvent.change(within(dialog).getByTestId('rights-reason'), { target: { value: words } });

describe('個資權利 on a staff record (issue 37)', { timeout: 60_000 }, () => {
  it("exports the person's copy only with a reason, as the .xlsx download of the copy route", async () => {
    const download = vi
      .spyOn(api, 'download')
      .mockResolvedValue({ blob: new Blob(['x']), filename: 'personal-data-7-2026-12-01.xlsx' } as never);
    // The saved file goes through a temporary link (jsdom makes no object URLs, nor follows links).
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const saved = vi.fn(() => 'blob:x');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = saved;
        static revokeObjectURL = vi.fn();
      },
    );
    await choose('匯出本人資料');
    const dialog = await screen.findByTestId('rights-copy-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /匯\s?出/ }));
    expect(await within(dialog).findByText('請填寫申請原因')).toBeTruthy();
    // Blank words are no reason either.
    reason(dialog, '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: /匯\s?出/ }));
    await within(dialog).findByText('請填寫申請原因');
    expect(download).not.toHaveBeenCalled();

    reason(dialog, ' 本人以書面申請 ');
    fireEvent.click(within(dialog).getByRole('button', { name: /匯\s?出/ }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [url, body, opts] = download.mock.calls[0]!;
    expect(url).toBe('/api/admin/organization/personal-data/staff/7/copy');
    expect(body).toEqual({ reason: '本人以書面申請' });
    expect(opts).toMatchObject({ method: 'GET', organization: true });
    await waitFor(() => expect(saved).toHaveBeenCalled());
  });

  it('corrects only the fields chosen, with the reason and the version the record was read at', async () => {
    answers = [json(200, { staff_id: 7, changed: ['address'] })];
    await choose('更正');
    const dialog = await screen.findByTestId('rights-correct-dialog');
    fireEvent.mouseDown(within(within(dialog).getByTestId('rights-correct-fields')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('地址', { selector: '.ant-select-item-option-content' }));
    const address = await within(dialog).findByTestId('rights-correct-address');
    expect((address as HTMLInputElement).value).toBe('台北市信義區');
    fireEvent.change(address, { target: { value: '新北市板橋區' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /更\s?正/ }));
    expect(await within(dialog).findByText('請填寫申請原因')).toBeTruthy();
    expect(calls).toEqual([]);

    reason(dialog, '本人來電更正地址');
    fireEvent.click(within(dialog).getByRole('button', { name: /更\s?正/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: '/api/admin/organization/personal-data/staff/7/correction',
        method: 'PUT',
        body: { changes: { address: '新北市板橋區' }, reason: '本人來電更正地址', organization_id: 1 },
        ifMatch: '"3"',
      },
    ]);
  });

  it('shows a refused national ID on its field and changes nothing', async () => {
    answers = [json(400, { message: 'Validation failed', errors: { national_id: ['validate.error.national_id_incorrect'] } })];
    await choose('更正');
    const dialog = await screen.findByTestId('rights-correct-dialog');
    fireEvent.mouseDown(within(within(dialog).getByTestId('rights-correct-fields')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('身分證字號', { selector: '.ant-select-item-option-content' }));
    const id = await within(dialog).findByTestId('rights-correct-national_id');
    // The masked value is never prefilled: it is no value to send back.
    expect((id as HTMLInputElement).value).toBe('');
    fireEvent.change(id, { target: { value: 'A123456789' } });
    reason(dialog, '登打錯誤');
    fireEvent.click(within(dialog).getByRole('button', { name: /更\s?正/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ changes: { national_id: 'A123456789' } });
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-has-error')).not.toBeNull());
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('names what an erasure removes and what the law keeps, asks the reason, then says what was done', async () => {
    answers = [
      json(200, {
        staff_id: 7,
        erased: ['mobile', 'blood_type'],
        kept: [
          { field: 'name', until: null, citation: '勞動基準法 §7 ¶2' },
          { field: 'national_id', until: null, citation: '勞動基準法 §7 ¶2' },
        ],
        anonymised: false,
      }),
    ];
    await choose('刪除／匿名化');
    const dialog = await screen.findByTestId('rights-erase-dialog');
    const what = within(dialog).getByTestId('rights-erase-what').textContent!;
    expect(what).toContain('立即刪除：暱稱、手機');
    expect(what).toContain('血型');
    expect(what).toContain('依法保留：姓名、身分證字號、地址');
    expect(what).toContain('勞動基準法 §7');
    expect(dialog.textContent).toContain('刪除後無法復原');
    fireEvent.click(within(dialog).getByRole('button', { name: '確認刪除' }));
    expect(await within(dialog).findByText('請填寫申請原因')).toBeTruthy();
    expect(calls).toEqual([]);

    reason(dialog, '本人要求刪除');
    fireEvent.click(within(dialog).getByRole('button', { name: '確認刪除' }));
    const result = await screen.findByTestId('rights-erase-result');
    expect(result.textContent).toContain('已刪除：手機、血型');
    expect(result.textContent).toContain('依法保留：姓名、身分證字號');
    expect(result.textContent).toContain('在職期間保留');
    expect(calls).toEqual([
      {
        url: '/api/admin/organization/personal-data/staff/7/erasure',
        method: 'POST',
        body: { reason: '本人要求刪除', organization_id: 1 },
        ifMatch: '"3"',
      },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });
});
