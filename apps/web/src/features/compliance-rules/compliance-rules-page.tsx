import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { LocalizedText, RuleTiming } from '@bo/shared/compliance/rules';
import { ROLES } from '@bo/shared/permissions';
import type { ComplianceRuleView } from '@bo/shared/schemas/compliance-rules';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { complianceRulesQuery, useComplianceRuleMutations } from './api.ts';
import { CustomRuleDialog, IntervalDialog, ReasonDialog } from './rule-dialogs.tsx';
import './i18n.ts';

type TFunction = ReturnType<typeof useTranslation>['t'];

export const localized = (text: LocalizedText, language: string): string => (language.startsWith('en') ? text['en-US'] : text['zh-TW']);

/** A rule's timing in words: "every 36 months", by age, "while valid; warned 60 days before". */
export function timingText(t: TFunction, timing: RuleTiming): string {
  switch (timing.kind) {
    case 'every':
      if (timing.months !== null) return t('timing.every', { months: timing.months });
      return (timing.by_age ?? [])
        .map((b) => {
          const ages =
            b.age_min !== null && b.age_max !== null
              ? t('timing.ageRange', { min: b.age_min, max: b.age_max })
              : b.age_min !== null
                ? t('timing.ageFrom', { min: b.age_min })
                : t('timing.ageTo', { max: (b.age_max ?? 0) + 1 });
          return t('timing.band', { ages, months: b.months });
        })
        .join('；');
    case 'valid_until':
      return t('timing.valid_until', { days: timing.warn_days });
    case 'windows_after_entry':
      return t('timing.windows_after_entry', { months: timing.months.join('/'), days: timing.tolerance_days });
    case 'within_days_of_departure':
      return t('timing.within_days_of_departure', { days: timing.days });
    case 'before_work':
      return t('timing.before_work');
    default:
      return t('timing.informational');
  }
}

/** The first translation key of an API refusal, in this feature's words when it has them. */
function failure(t: TFunction, tc: TFunction, e: unknown): string {
  const key = e instanceof ApiError ? Object.values(e.errors ?? {})[0]?.[0] : undefined;
  if (!key) return errorText(e);
  const own = `errors.${key.replace(/^validate\.error\./, '')}`;
  return t(own) !== own ? t(own) : tc(key);
}

/** /admin/compliance-rules: the organization's rules of law (issue 38 §3) with their citations and its own settings. */
export default function ComplianceRulesPage() {
  const { t, i18n } = useTranslation('compliance-rules');
  const { t: tc } = useTranslation();
  const { can } = useSession();
  const canWrite = can(ROLES.complianceRulesWrite);
  const q = useQuery(complianceRulesQuery());
  const m = useComplianceRuleMutations();
  const [reasonFor, setReasonFor] = useState<{ rule: ComplianceRuleView; enabled: boolean } | null>(null);
  const [intervalFor, setIntervalFor] = useState<ComplianceRuleView | null>(null);
  const [creating, setCreating] = useState(false);
  const lang = i18n.language;
  const fail = (e: unknown) => toast.error({ title: failure(t, tc, e), duration: SHELL_TOAST.duration });
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  };

  const toggle = (rule: ComplianceRuleView, enabled: boolean) => {
    // Switching a rule off, or an unconfirmed one on, asks why (it is audited).
    if (!enabled || rule.unconfirmed) setReasonFor({ rule, enabled });
    else void run(m.update.mutateAsync({ rule, enabled }));
  };

  const columns = [
    {
      title: t('columns.rule'),
      key: 'rule',
      render: (r: ComplianceRuleView) => (
        <div data-testid={`rule-${r.key}`}>
          <strong>{localized(r.title, lang)}</strong>{' '}
          <Tag color={r.source === 'custom' ? 'blue' : undefined}>{t(`source.${r.source}`)}</Tag>
          {r.unconfirmed ? <Tag color="orange">{t('unconfirmed')}</Tag> : null}
          {r.per_worker ? null : <Tag>{t('informational')}</Tag>}
          <div className="muted">{localized(r.requires, lang)}</div>
          {r.unconfirmed ? <div className="muted">{localized(r.unconfirmed, lang)}</div> : null}
        </div>
      ),
    },
    {
      title: t('columns.interval'),
      key: 'interval',
      render: (r: ComplianceRuleView) =>
        r.pack_timing && r.overrides ? (
          <>
            <div>{t('ownInterval', { interval: timingText(t, r.timing) })}</div>
            <div className="muted">{t('packInterval', { interval: timingText(t, r.pack_timing) })}</div>
          </>
        ) : (
          timingText(t, r.timing)
        ),
    },
    { title: t('columns.citation'), key: 'citation', render: (r: ComplianceRuleView) => localized(r.citation.text, lang) },
    {
      title: t('columns.status'),
      key: 'status',
      render: (r: ComplianceRuleView) => (
        <>
          <Switch
            checked={r.enabled}
            disabled={!canWrite}
            aria-label={`${localized(r.title, lang)}: ${r.enabled ? t('enabled') : t('disabled')}`}
            onChange={(on) => toggle(r, on)}
            data-testid={`rule-switch-${r.key}`}
          />
          {r.reason ? <div className="muted">{t('reasonShown', { reason: r.reason })}</div> : null}
        </>
      ),
    },
    ...(canWrite
      ? [
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (r: ComplianceRuleView) => (
              <Flex gap={8} wrap>
                {r.source === 'pack' && (r.timing.kind === 'every' || r.timing.kind === 'valid_until') ? (
                  <Button size="small" onClick={() => setIntervalFor(r)} data-testid={`rule-interval-${r.key}`}>
                    {t('editInterval')}
                  </Button>
                ) : null}
                {r.source === 'custom' ? (
                  <Popconfirm
                    title={t('deleteConfirm', { title: localized(r.title, lang) })}
                    onConfirm={() => run(m.remove.mutateAsync(r))}
                  >
                    <Button size="small" danger>
                      {t('deleteRule')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="page compliance-rules-page">
      <PageHeader
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="rule-create">
              {t('create.button')}
            </Button>
          ) : undefined
        }
      />
      <Card className="settings-card">
        <p className="muted">{t('intro')}</p>
        <p className="muted">{t('disclaimer')}</p>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <Skeleton active />
        ) : (
          <ScrollRegion label={t('columns.rule')}>
            <Table<ComplianceRuleView>
              rowKey="key"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={q.data.data}
              locale={{ emptyText: <EmptyState description={t('empty')} /> }}
              style={{ minWidth: 880 }}
              data-testid="compliance-rules"
            />
          </ScrollRegion>
        )}
      </Card>
      <ReasonDialog
        target={reasonFor}
        title={reasonFor ? localized(reasonFor.rule.title, lang) : ''}
        onCancel={() => setReasonFor(null)}
        onOk={async (reason) => {
          if (!reasonFor) return;
          if (await run(m.update.mutateAsync({ rule: reasonFor.rule, enabled: reasonFor.enabled, reason }))) setReasonFor(null);
        }}
        pending={m.update.isPending}
      />
      <IntervalDialog
        rule={intervalFor}
        title={intervalFor ? localized(intervalFor.title, lang) : ''}
        onCancel={() => setIntervalFor(null)}
        onOk={async (overrides) => {
          if (!intervalFor) return;
          if (await run(m.update.mutateAsync({ rule: intervalFor, overrides }))) setIntervalFor(null);
        }}
        pending={m.update.isPending}
      />
      <CustomRuleDialog
        open={creating}
        onCancel={() => setCreating(false)}
        onOk={async (rule) => {
          if (await run(m.create.mutateAsync(rule))) setCreating(false);
        }}
        pending={m.create.isPending}
      />
    </div>
  );
}

/** A table wider than a phone scrolls sideways in a focusable region (WCAG 2.1.1, axe scrollable-region-focusable). */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users
    <section tabIndex={0} aria-label={label} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
