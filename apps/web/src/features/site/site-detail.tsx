import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ColumnsType } from 'antd/es/table';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { ROLES } from '@bo/shared/permissions';
import { todayInTaipei } from '@bo/shared/dates';
import { WORK_KINDS } from '@bo/shared/compliance/vocabulary';
import { rosterAddInput, rosterUpdateInput, type Site } from '@bo/shared/schemas/site';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { formatDay } from '../../i18n/index.ts';
import { adminPath } from '../../lib/feature.ts';
import { useSession } from '../../lib/session.ts';
import { useRecordSections } from '../../lib/record-sections.ts';
import Skeleton from 'antd/es/skeleton';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { ListFilters } from '../../components/resource/list-filters.tsx';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { dateStringProps } from '../../components/resource/date-string-props.ts';
import { allContractorsQuery, rosterQuery, siteContractorsQuery, staffSearchQuery, useSiteWrites, type RosterRow } from './api.ts';
import { endedBody, pickableCompany, siteRoleLabel, siteRoleOptions } from './site-roster-logic.ts';
import './i18n.ts';

const addShape = rosterAddInput.shape;
const updateShape = rosterUpdateInput.shape;

/** The update screen's tabs below the site's details: its subcontractors and its roster. */
export function SiteDetail({ record, canWrite }: { record: Site; canWrite: boolean }) {
  const { t } = useTranslation('site');
  const canSeeCompliance = useSession().can(ROLES.staffRead);
  // Issue 39: tabs other features add to the site (its passes, its entry log), each shown to its roles.
  const sections = useRecordSections('site');
  return (
    <section className="site-detail" aria-label={t('tabs.roster')}>
      {canSeeCompliance ? (
        <Link to={adminPath(`sites/${record.id}/compliance`)} data-testid="site-compliance-link">
          <SafetyCertificateOutlined aria-hidden /> {t('complianceLink')}
        </Link>
      ) : null}
      <Tabs
        items={[
          { key: 'roster', label: t('tabs.roster'), children: <RosterTab site={record} canWrite={canWrite} /> },
          { key: 'contractors', label: t('tabs.contractors'), children: <ContractorsTab site={record} canWrite={canWrite} /> },
          ...sections.map(({ key, Section }) => ({
            key,
            label: t(`tabs.${key}`),
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
                <Section record={record} canWrite={canWrite} />
              </Suspense>
            ),
          })),
        ]}
      />
    </section>
  );
}

function ContractorsTab({ site, canWrite }: { site: Site; canWrite: boolean }) {
  const { t } = useTranslation('site');
  const current = useQuery(siteContractorsQuery(site.id));
  const all = useQuery(allContractorsQuery());
  const writes = useSiteWrites(site.id);
  const [ids, setIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (current.data) setIds(current.data.contractor_ids);
  }, [current.data]);
  if (current.isError || all.isError) return <ErrorState error={current.error ?? all.error} onRetry={() => void current.refetch()} />;
  if (!all.data || !current.data) return null;
  if (!all.data.length) return <EmptyState description={t('contractors.none')} />;
  const save = async () => {
    setError(null);
    try {
      await writes.setContractors.mutateAsync({ ids, version: current.data.version });
      toast.success({ title: t('contractors.saved') });
    } catch (e) {
      const keys = (e as { errors?: Record<string, string[]> }).errors?.contractor_ids;
      setError(keys ? keys.map((key) => t(key, { ns: 'translation' })).join(' ') : errorText(e));
    }
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('contractors.hint')}</Typography.Text>
      <label htmlFor="site-contractors">{t('contractors.title')}</label>
      <Select
        id="site-contractors"
        mode="multiple"
        disabled={!canWrite}
        value={ids}
        onChange={setIds}
        placeholder={t('contractors.pick')}
        optionFilterProp="label"
        options={all.data.map((c) => ({ value: c.id, label: `${c.name}（${t('contractors.workers', { count: c.worker_count })}）` }))}
        data-testid="site-contractors"
      />
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {canWrite ? (
        <div>
          <Button type="primary" onClick={save} loading={writes.setContractors.isPending} data-testid="site-contractors-save">
            {t('contractors.save')}
          </Button>
        </div>
      ) : null}
    </Flex>
  );
}

const FILTERS = ['company', 'site_role', 'period'] as const;

function RosterTab({ site, canWrite }: { site: Site; canWrite: boolean }) {
  const { t } = useTranslation('site');
  const list = useListParams(FILTERS, { sort: 'staff_name', order: 'asc' });
  const q = useQuery(rosterQuery(site.id, list.query));
  const contractors = useQuery(siteContractorsQuery(site.id));
  const writes = useSiteWrites(site.id);
  const confirm = useConfirmDestructive();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RosterRow | null>(null);
  const version = () => q.data?.version ?? 0;
  const roleLabel = (r: string) => siteRoleLabel(r, t);
  const failed = (e: unknown) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });

  const end = async (row: RosterRow) => {
    if (!(await confirm({ title: t('roster.endConfirm', { name: row.staff_name }), okText: t('roster.end'), note: ' ' }))) return;
    try {
      await writes.update.mutateAsync({ rowId: row.id, body: endedBody(row, todayInTaipei()) as never, version: version() });
      toast.success({ title: t('roster.ended') });
    } catch (e) {
      failed(e);
    }
  };
  const remove = async (row: RosterRow) => {
    if (!(await confirm({ title: t('roster.removeConfirm', { name: row.staff_name }), items: [row.staff_name] }))) return;
    try {
      await writes.remove.mutateAsync({ rowId: row.id, version: version() });
      toast.success({ title: t('roster.removed') });
    } catch (e) {
      failed(e);
    }
  };

  const today = todayInTaipei();
  const columns: ColumnsType<RosterRow> = [
    { key: 'staff_name', dataIndex: 'staff_name', title: t('roster.staff'), sorter: true, fixed: 'left' },
    { key: 'company', title: t('roster.company'), render: (_, r) => r.contractor_name ?? t('roster.ownCompany') },
    { key: 'site_role', dataIndex: 'site_role', title: t('roster.role'), sorter: true, render: (v: string) => roleLabel(v) },
    {
      key: 'work_kinds',
      title: t('roster.workKinds'),
      render: (_, r) =>
        r.work_kinds.length ? r.work_kinds.map((w) => <Tag key={w}>{t(`workKindLabels.${w}`, { defaultValue: w })}</Tag>) : '—',
    },
    { key: 'starts_on', dataIndex: 'starts_on', title: t('roster.startsOn'), sorter: true, render: (v: string) => formatDay(v) },
    {
      key: 'ends_on',
      dataIndex: 'ends_on',
      title: t('roster.endsOn'),
      sorter: true,
      render: (v: string | null) =>
        v ? <Tag color={v < today ? 'default' : 'green'}>{formatDay(v)}</Tag> : <Tag color="green">{t('roster.open')}</Tag>,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            fixed: 'right' as const,
            title: '',
            render: (_: unknown, r: RosterRow) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('roster.edit')}
                </Button>
                {!r.ends_on || r.ends_on > today ? (
                  <Button size="small" onClick={() => void end(r)} data-testid="roster-end">
                    {t('roster.end')}
                  </Button>
                ) : null}
                <Button size="small" danger onClick={() => void remove(r)}>
                  {t('roster.remove')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const companyOptions = [
    { value: 'own', label: t('roster.ownCompany') },
    ...(contractors.data?.contractors ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" wrap gap={8}>
        <ListFilters list={list} placeholder={t('roster.searchPlaceholder')}>
          <Select
            allowClear
            aria-label={t('roster.company')}
            placeholder={t('roster.allCompanies')}
            value={list.params.filters.company ?? undefined}
            onChange={(v) => list.set({ filters: { company: v ?? null } })}
            options={companyOptions}
            style={{ minWidth: 140 }}
          />
          <Select
            allowClear
            aria-label={t('roster.role')}
            placeholder={t('roster.allRoles')}
            value={list.params.filters.site_role ?? undefined}
            onChange={(v) => list.set({ filters: { site_role: v ?? null } })}
            options={siteRoleOptions(t, '')}
            style={{ minWidth: 160 }}
          />
          <Select
            allowClear
            aria-label={t('roster.period')}
            placeholder={t('roster.allPeriods')}
            value={list.params.filters.period ?? undefined}
            onChange={(v) => list.set({ filters: { period: v ?? null } })}
            options={(['current', 'ended'] as const).map((p) => ({ value: p, label: t(`roster.periods.${p}`) }))}
            style={{ minWidth: 120 }}
          />
        </ListFilters>
        {canWrite ? (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="roster-add">
            {t('roster.add')}
          </Button>
        ) : null}
      </Flex>
      <ResourceTable<RosterRow>
        query={q}
        list={list}
        columns={columns}
        emptyText={{ empty: t('roster.empty') }}
        testId="site-roster-table"
      />
      {adding ? (
        <RosterDialog
          site={site}
          siteContractorIds={contractors.data?.contractor_ids ?? []}
          onClose={() => setAdding(false)}
          onSave={async (body) => {
            const out = await writes.add.mutateAsync({ body: body as never, version: version() });
            toast.success({ title: t('roster.added', { count: out.data.length }) });
          }}
        />
      ) : null}
      {editing ? (
        <RosterDialog
          site={site}
          row={editing}
          siteContractorIds={contractors.data?.contractor_ids ?? []}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            await writes.update.mutateAsync({ rowId: editing.id, body: body as never, version: version() });
            toast.success({ title: t('roster.saved') });
          }}
        />
      ) : null}
    </Flex>
  );
}

interface RosterValues {
  staff_ids?: number[];
  site_role: string;
  work_kinds: string[];
  starts_on: string;
  ends_on: string | null;
}

/** Adds workers (a row absent) or edits one row: role (a usual one or typed), kinds of work, period. */
function RosterDialog({
  site,
  row,
  siteContractorIds,
  onClose,
  onSave,
}: {
  site: Site;
  row?: RosterRow;
  siteContractorIds: number[];
  onClose(): void;
  onSave(values: RosterValues): Promise<void>;
}) {
  const { t } = useTranslation('site');
  const [form] = Form.useForm<RosterValues>();
  const { onError, formError } = useServerFieldErrors(form);
  const [keyword, setKeyword] = useState('');
  const [typedRole, setTypedRole] = useState('');
  const [saving, setSaving] = useState(false);
  const staff = useQuery({ ...staffSearchQuery(keyword), enabled: !row });
  const staffOptions = (staff.data ?? [])
    .filter((s) => pickableCompany(s, siteContractorIds))
    .map((s) => ({ value: s.id, label: `${s.display_name}（${s.contractor_name ?? t('roster.ownCompany')}）` }));
  const shape = row ? updateShape : addShape;
  const submit = async () => {
    let values: RosterValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onSave({ ...values, ends_on: values.ends_on ?? null });
      onClose();
    } catch (e) {
      onError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={row ? t('roster.editTitle', { name: row.staff_name }) : t('roster.addTitle')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ ...({ 'data-testid': 'roster-save' } as object) }}
    >
      <Form<RosterValues>
        form={form}
        layout="vertical"
        initialValues={
          row
            ? { site_role: row.site_role, work_kinds: row.work_kinds, starts_on: row.starts_on, ends_on: row.ends_on }
            : {
                site_role: 'worker',
                work_kinds: [],
                starts_on: site.starts_on && site.starts_on > todayInTaipei() ? site.starts_on : todayInTaipei(),
              }
        }
      >
        {row ? null : (
          <Form.Item
            name="staff_ids"
            label={t('roster.staff')}
            extra={t('roster.staffHint')}
            required
            rules={[schemaRule(addShape.staff_ids)]}
          >
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              loading={staff.isFetching}
              placeholder={t('roster.staffSearch')}
              options={staffOptions}
              data-testid="roster-staff"
            />
          </Form.Item>
        )}
        <Form.Item name="site_role" label={t('roster.role')} extra={t('roster.roleHint')} required rules={[schemaRule(shape.site_role)]}>
          <Select
            showSearch
            onSearch={setTypedRole}
            optionFilterProp="label"
            options={siteRoleOptions(t, typedRole)}
            data-testid="roster-role"
          />
        </Form.Item>
        <Form.Item name="work_kinds" label={t('roster.workKinds')}>
          <Select mode="multiple" allowClear options={WORK_KINDS.map((w) => ({ value: w, label: t(`workKindLabels.${w}`) }))} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="starts_on" label={t('roster.startsOn')} required rules={[schemaRule(shape.starts_on)]} {...dateStringProps}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="ends_on" label={t('roster.endsOn')} {...dateStringProps}>
            <DatePicker />
          </Form.Item>
        </Flex>
        {formError ? <Alert type="error" showIcon message={formError} /> : null}
      </Form>
    </Modal>
  );
}
