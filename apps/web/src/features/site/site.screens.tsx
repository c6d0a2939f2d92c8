import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { SITE_STATUSES, type SiteStatus } from '@bo/shared/compliance/vocabulary';
import { siteInput, type Site } from '@bo/shared/schemas/site';
import { formatDay } from '../../i18n/index.ts';
import { useResourceRecord } from '../../components/resource/resource-record.ts';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import { staffSearchQuery } from './api.ts';
import { SiteDetail } from './site-detail.tsx';
import './i18n.ts';

const k = (key: string) => `site:${key}`;

const STATUS_COLOR: Record<SiteStatus, string> = { planned: 'blue', active: 'green', suspended: 'orange', completed: 'default' };

export function SiteStatusTag({ status }: { status: SiteStatus }) {
  const { t } = useTranslation('site');
  return <Tag color={STATUS_COLOR[status]}>{t(`statuses.${status}`)}</Tag>;
}

/** The director: a staff of the organization, searched by name; the record's director shows by name before any search. */
function DirectorPicker({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const { t } = useTranslation('site');
  const record = useResourceRecord() as Site | null;
  const [keyword, setKeyword] = useState('');
  const found = useQuery(staffSearchQuery(keyword));
  const options = (found.data ?? []).map((s) => ({
    value: s.id,
    label: s.contractor_name ? `${s.display_name}（${s.contractor_name}）` : s.display_name,
  }));
  if (value && record?.director_staff_id === value && record.director_name && !options.some((o) => o.value === value))
    options.unshift({ value, label: record.director_name });
  return (
    <Select
      id={id}
      allowClear
      showSearch
      filterOption={false}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      onSearch={setKeyword}
      loading={found.isFetching}
      placeholder={t('directorSearch')}
      options={options}
      data-testid="site-director"
    />
  );
}

const period = (s: Site) =>
  s.starts_on || s.ends_on ? (
    <span className="nowrap">{`${s.starts_on ? formatDay(s.starts_on) : '…'} – ${s.ends_on ? formatDay(s.ends_on) : '…'}`}</span>
  ) : (
    '—'
  );

export default {
  apiPath: '/api/admin/organization/sites',
  schema: siteInput,
  list: { sort: 'id', order: 'desc' },
  createLabel: k('create'),
  searchPlaceholder: k('searchPlaceholder'),
  defaults: { status: 'active', director_staff_id: null },
  filters: [{ name: 'status', label: k('status'), options: SITE_STATUSES.map((s) => ({ value: s, label: k(`statuses.${s}`) })) }],
  rowName: (s) => s.name,
  leaseTarget: 'site',
  history: 'site',
  columns: [
    { key: 'name', title: k('name'), sortable: true },
    { key: 'contract_number', title: k('contractNumber') },
    { key: 'status', title: k('status'), render: (s) => <SiteStatusTag status={s.status} /> },
    { key: 'starts_on', title: k('period'), sortable: true, render: period },
    { key: 'director_name', title: k('director') },
    { key: 'roster_count', title: k('rosterCount') },
    { key: 'contractor_count', title: k('contractorCount') },
    { key: 'updated_at', title: k('updated'), sortable: true },
  ],
  fields: [
    { name: 'name', label: k('name'), required: true, testId: 'site-name' },
    { name: 'contract_number', label: k('contractNumber') },
    { name: 'address', label: k('address') },
    { name: 'starts_on', label: k('startsOn'), input: 'date' },
    { name: 'ends_on', label: k('endsOn'), input: 'date' },
    { name: 'status', label: k('status'), input: 'select', options: SITE_STATUSES.map((s) => ({ value: s, label: k(`statuses.${s}`) })) },
    { name: 'director_staff_id', label: k('director'), input: DirectorPicker as never, extra: k('directorHint') },
    { name: 'notes', label: k('notes'), input: 'textarea' },
  ],
  detail: SiteDetail as never,
} satisfies ResourceScreensSpec<Site>;
