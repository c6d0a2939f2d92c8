import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { staffContractorsQuery } from './api.ts';
import './i18n-company.ts';

/** Issue 38: an import for the organization's own staff, or for a 協力廠商 (every row becomes its worker). */
export function ImportCompanyChoice({
  contractorId,
  disabled,
  onChange,
}: {
  contractorId: number | null;
  disabled?: boolean;
  onChange(id: number | null): void;
}) {
  const { t } = useTranslation('staff');
  const contractors = useQuery(staffContractorsQuery());
  if (!contractors.data?.length) return null;
  return (
    <div className="staff-import-company">
      <label htmlFor="import-company">{t('importCompany')}</label>
      <Select
        id="import-company"
        allowClear
        showSearch
        optionFilterProp="label"
        disabled={disabled}
        value={contractorId ?? undefined}
        placeholder={t('ownCompany')}
        onChange={(v) => onChange(v ?? null)}
        options={contractors.data.map((c) => ({ value: c.id, label: c.name }))}
        style={{ minWidth: 220, maxWidth: '100%' }}
        data-testid="import-company"
      />
      <Typography.Paragraph type="secondary">{t('importCompanyHint')}</Typography.Paragraph>
    </div>
  );
}
