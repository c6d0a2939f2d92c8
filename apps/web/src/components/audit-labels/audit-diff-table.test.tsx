import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ROLE_LABELS } from '@bo/shared/roles';
import { setDateCalendar, setLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { AuditDiffTable } from './audit-diff-table.tsx';
import { fieldLabel, formatValue } from './readable.ts';
import { i18n } from '../../i18n/index.ts';

/** The cells of the row whose raw path is `field`: [label, before, after]. */
function row(field: string): string[] {
  const cell = document.querySelector(`[data-field="${field}"]`);
  expect(cell, field).not.toBeNull();
  const tr = cell!.closest('tr')!;
  return within(tr)
    .getAllByRole('cell')
    .map((td) => td.textContent ?? '');
}

beforeEach(async () => {
  setDateCalendar('gregorian');
  await setLanguage('zh-TW');
});
afterEach(cleanup);

describe('audit diff table', () => {
  it('shows field labels, translated roles, statuses and booleans, and Taipei times', async () => {
    render(
      <AuditDiffTable
        targetType="admin"
        before={{
          name: 'A',
          roles: ['ROLE_BASE'],
          status: 'active',
          two_factor: false,
          updated_at: '2026-03-01T17:30:00Z',
          extra_key: 'x',
        }}
        after={{
          name: 'B',
          roles: ['ROLE_BASE', 'ROLE_STAFF'],
          status: 'disabled',
          two_factor: true,
          updated_at: '2026-03-01T17:30:00Z',
          extra_key: 'x',
        }}
      />,
    );
    expect(await screen.findByTestId('audit-diff')).toBeTruthy();
    expect(row('name')).toEqual(['姓名', 'A', 'B']);
    expect(row('roles')).toEqual([
      '角色',
      ROLE_LABELS.ROLE_BASE['zh-TW'],
      `${ROLE_LABELS.ROLE_BASE['zh-TW']}、${ROLE_LABELS.ROLE_STAFF['zh-TW']}`,
    ]);
    expect(row('status')).toEqual(['狀態', '啟用', '停用']);
    expect(row('two_factor')).toEqual(['兩步驟驗證', '否', '是']);
    // 17:30 UTC on March 1st is 01:30 on March 2nd in Taipei: the shared helper, never UTC.
    const taipei = formatDateTime('2026-03-01T17:30:00Z', 'YYYY-MM-DD HH:mm');
    expect(taipei).toBe('2026-03-02 01:30');
    expect(row('updated_at')).toEqual(['更新時間', taipei, taipei]);
    // An unknown key shows as it is.
    expect(row('extra_key')).toEqual(['extra_key', 'x', 'x']);
  });

  it('shows a nested path as a readable trail and enumerated values in words', async () => {
    render(
      <AuditDiffTable
        targetType="staff_excel"
        before={{ layout: 'card', cells: [{ cell: 'B2', type: 'field', field: 'name' }] }}
        after={{ layout: 'roster', cells: [{ cell: 'C3', type: 'field', field: 'name' }] }}
      />,
    );
    expect(await screen.findByTestId('audit-diff')).toBeTruthy();
    expect(row('cells.0.cell')).toEqual(['儲存格 1 › 位置', 'B2', 'C3']);
    expect(row('layout')).toEqual(['版面', '個人卡片', '名冊']);
    expect(row('cells.0.type')).toEqual(['儲存格 1 › 類型', '欄位', '欄位']);
  });

  it('speaks English too', async () => {
    await setLanguage('en-US');
    const t = i18n.getFixedT('en-US', 'audit-log');
    expect(fieldLabel(t, 'staff_excel', 'cells.0.cell')).toBe('Cell 1 › Position');
    expect(formatValue(t, 'en-US', 'admin', 'memberships.0.sub_account_roles', ['SUB_ACCOUNT_ROLE_ADMIN'])).toBe(
      ROLE_LABELS.SUB_ACCOUNT_ROLE_ADMIN['en-US'],
    );
    expect(formatValue(t, 'en-US', 'file', 'is_private', 1)).toBe('Yes');
    expect(formatValue(t, 'en-US', 'staff', 'status', 'left')).toBe('Left');
    expect(formatValue(t, 'en-US', 'admin', 'updated_at', '2026-03-01T17:30:45.000Z')).toBe(
      formatDateTime('2026-03-01T17:30:45.000Z', 'YYYY-MM-DD HH:mm:ss'),
    );
    render(
      <AuditDiffTable targetType="organization" before={{ name: 'Old', status: 'active' }} after={{ name: 'New', status: 'active' }} />,
    );
    expect(await screen.findByTestId('audit-diff')).toBeTruthy();
    expect(row('name')).toEqual(['Organization name', 'Old', 'New']);
    expect(row('status')).toEqual(['Status', 'Active', 'Active']);
  });

  it('names organizations instead of their ids, and reads staff standing in words (has_photo, expiring)', async () => {
    const names = { organization_id: new Map([[7, '大安營造股份有限公司 (24681357)']]) };
    render(
      <AuditDiffTable
        targetType="staff"
        before={{ organization_id: 7, has_photo: false, certificate_status: 'valid' }}
        after={{ organization_id: 8, has_photo: true, certificate_status: 'expiring' }}
        names={names}
      />,
    );
    expect(row('organization_id')).toEqual(['組織', '大安營造股份有限公司 (24681357)', '8']);
    expect(row('has_photo')).toEqual(['有照片', '否', '是']);
    expect(row('certificate_status')).toEqual(['證照狀態', '有效', '即將到期']);
    cleanup();
    render(
      <AuditDiffTable
        targetType="staff"
        before={null}
        after={{ display_name: '阿明', certificates: [{ status: 'expiring', has_file: false }] }}
      />,
    );
    expect(row('display_name')).toEqual(['顯示名稱', '', '阿明']);
    expect(row('certificates.0.status')).toEqual(['證照 1 › 狀態', '', '即將到期']);
    expect(row('certificates.0.has_file')).toEqual(['證照 1 › 有檔案', '', '否']);
    cleanup();
    await setLanguage('en-US');
    render(<AuditDiffTable targetType="staff" before={{ has_photo: false }} after={{ has_photo: true, certificate_status: 'expiring' }} />);
    expect(row('has_photo')).toEqual(['Has photo', 'No', 'Yes']);
    expect(row('certificate_status')).toEqual(['Certificate standing', '', 'Expiring']);
  });
});
