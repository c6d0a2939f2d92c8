import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ColumnsType } from 'antd/es/table';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { ROLES } from '@bo/shared/permissions';
import type { Site } from '@bo/shared/schemas/site';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { adminPath } from '../../lib/feature.ts';
import { useSession } from '../../lib/session.ts';
import { formatDay } from '../../i18n/index.ts';
import { dateTimeColumn, ResourceTable } from '../../components/resource/resource-table.tsx';
import { ListFilters } from '../../components/resource/list-filters.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { passListQuery, usePassWrites, type Pass } from './api.ts';
import { useLocalList } from '../../components/resource/use-local-list.ts';
import './i18n.ts';

const STATES = ['current', 'revoked', 'all'] as const;
const REVOKE_REASONS = ['lost', 'revoked', 'left_site'] as const;

/** The badge sheet of some passes (or of every current pass when `ids` is empty). */
export const badgesPath = (siteId: number, ids: number[] = []) =>
  adminPath(`sites/${siteId}/badges${ids.length ? `?ids=${ids.join(',')}` : ''}`);

/**
 * A site's passes (issue 39 point 1): the list by state, issuing to the whole roster, and per pass revoke,
 * reissue (the old pass stops working) and the phone pass link; chosen rows print as badges.
 */
export function PassesTab({ site }: { site: Site }) {
  const { t } = useTranslation('site-pass');
  const canWrite = useSession().can(ROLES.passWrite);
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const list = useLocalList<'state'>({ sort: 'staff_name', order: 'asc', filters: { state: 'current' } });
  const q = useQuery(passListQuery(site.id, list.query));
  const writes = usePassWrites(site.id);
  const [revoking, setRevoking] = useState<Pass | null>(null);
  const [link, setLink] = useState<{ pass: Pass; url: string; expires_at: string } | null>(null);
  const failed = (e: unknown) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });

  const issueAll = () =>
    modal.confirm({
      title: t('issueAllConfirm'),
      content: t('issueAllHint'),
      okText: t('issueAll'),
      okButtonProps: { ...({ 'data-testid': 'passes-issue-ok' } as object) },
      onOk: async () => {
        try {
          const out = await writes.issue.mutateAsync(undefined);
          toast.success({ title: out.issued ? t('issued', { count: out.issued }) : t('issuedNone') });
        } catch (e) {
          failed(e);
        }
      },
    });

  const reissue = (p: Pass) =>
    modal.confirm({
      title: t('reissueTitle', { name: p.staff_name }),
      content: <Alert type="warning" showIcon message={t('reissueWarning', { code: p.code })} />,
      okText: t('reissueOk'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'pass-reissue-ok' } as object) },
      onOk: async () => {
        try {
          const next = await writes.reissue.mutateAsync({ id: p.id, reason: 'lost' });
          toast.success({ title: t('reissued', { code: next.code }) });
        } catch (e) {
          failed(e);
        }
      },
    });

  const phoneLink = async (p: Pass) => {
    try {
      const out = await writes.phoneLink.mutateAsync(p.id);
      setLink({ pass: p, ...out });
    } catch (e) {
      failed(e);
    }
  };

  const state = (list.params.filters.state ?? 'current') as (typeof STATES)[number];
  const columns: ColumnsType<Pass> = [
    { key: 'staff_name', dataIndex: 'staff_name', title: t('columns.staff'), sorter: true, fixed: 'left' },
    { key: 'company', title: t('columns.company'), render: (_, p) => p.contractor_name ?? t('ownCompany') },
    { key: 'job_title', dataIndex: 'job_title', title: t('columns.jobTitle'), render: (v: string | null) => v ?? '—' },
    {
      key: 'code',
      dataIndex: 'code',
      title: t('columns.code'),
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'serial', dataIndex: 'serial', title: t('columns.serial'), align: 'right' },
    dateTimeColumn<Pass>('issued_at', t('columns.issuedAt')),
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, p) =>
        p.revoked_at ? (
          <Tag color="default">
            {t('state.revoked')}
            {p.revoked_reason ? `（${t(`reasons.${p.revoked_reason}`)}）` : ''} {formatDay(p.revoked_at.slice(0, 10))}
          </Tag>
        ) : (
          <Tag color="green">{t('state.current')}</Tag>
        ),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            fixed: 'right' as const,
            title: '',
            render: (_: unknown, p: Pass) =>
              p.revoked_at ? null : (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => void phoneLink(p)} data-testid="pass-phone-link">
                    {t('phoneLink')}
                  </Button>
                  <Button size="small" onClick={() => reissue(p)} data-testid="pass-reissue">
                    {t('reissue')}
                  </Button>
                  <Button size="small" danger onClick={() => setRevoking(p)} data-testid="pass-revoke">
                    {t('revoke')}
                  </Button>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12} data-testid="site-passes">
      <Flex justify="space-between" wrap gap={8}>
        <Flex gap={8} wrap align="center">
          <ListFilters list={list} placeholder={t('searchPlaceholder')} />
          {/* The state is always one of three, never "no filter": beside the search, not counted as a filter. */}
          <Select
            aria-label={t('state.label')}
            value={state}
            onChange={(v) => list.set({ filters: { state: v } })}
            options={STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            style={{ minWidth: 120 }}
            data-testid="passes-state"
          />
        </Flex>
        <Space wrap>
          <Button icon={<PrinterOutlined />} onClick={() => navigate(badgesPath(site.id))} data-testid="passes-print-all">
            {t('printAll')}
          </Button>
          {canWrite ? (
            <Button type="primary" onClick={issueAll} loading={writes.issue.isPending} data-testid="passes-issue-all">
              {t('issueAll')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      <ResourceTable<Pass>
        query={q}
        list={list}
        columns={columns}
        filtered={list.filtered}
        selectable={(p) => !p.revoked_at}
        batchActions={({ ids }) => (
          <Button icon={<PrinterOutlined />} onClick={() => navigate(badgesPath(site.id, ids))} data-testid="passes-print-selected">
            {t('printSelected')}
          </Button>
        )}
        emptyText={{ empty: `${t('empty')}：${t('emptyHint')}`, noMatch: t('noMatch') }}
        totalText={(n) => t('total', { count: n })}
        testId="site-passes-table"
      />
      {revoking ? <RevokeDialog pass={revoking} siteId={site.id} onClose={() => setRevoking(null)} /> : null}
      {link ? (
        <Modal
          open
          title={t('phoneLinkTitle', { name: link.pass.staff_name })}
          onCancel={() => setLink(null)}
          footer={null}
          destroyOnHidden
        >
          <Flex vertical gap={12}>
            <Typography.Paragraph>{t('phoneLinkHint', { date: formatDay(link.expires_at.slice(0, 10)) })}</Typography.Paragraph>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={link.url} aria-label={t('phoneLink')} data-testid="pass-phone-url" />
              <CopyButton text={link.url} data-testid="pass-phone-copy" />
            </Space.Compact>
          </Flex>
        </Modal>
      ) : null}
    </Flex>
  );
}

function RevokeDialog({ pass, siteId, onClose }: { pass: Pass; siteId: number; onClose(): void }) {
  const { t } = useTranslation('site-pass');
  const writes = usePassWrites(siteId);
  const [reason, setReason] = useState<(typeof REVOKE_REASONS)[number]>('revoked');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await writes.revoke.mutateAsync({ id: pass.id, reason });
      toast.success({ title: t('revoked') });
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={t('revokeTitle', { name: pass.staff_name })}
      onCancel={onClose}
      onOk={submit}
      okText={t('revoke')}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'pass-revoke-ok' } as object) }}
      confirmLoading={writes.revoke.isPending}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('revokeHint')}</Typography.Text>
        <label htmlFor="pass-revoke-reason">{t('revokeReason')}</label>
        <Select
          id="pass-revoke-reason"
          value={reason}
          onChange={setReason}
          options={REVOKE_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
          data-testid="pass-revoke-reason"
        />
        {error ? <Alert type="error" showIcon message={error} /> : null}
      </Flex>
    </Modal>
  );
}
