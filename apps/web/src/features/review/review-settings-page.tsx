import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ADMIN_ROLES } from '@bo/shared/roles';
import { BUILT_IN_STAGES, type ReviewStage, type ReviewWorkflow, type ReviewWorkflows } from '@bo/shared/schemas/review';
import { api } from '../../lib/api-client.ts';
import { adminPath } from '../../lib/feature.ts';
import { toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { roleLabel } from '../../components/resource/role-tags.tsx';
import { REVIEW_WORKFLOWS, reviewErrorText, reviewKeys } from '../../components/review/review-api.ts';
import './i18n.ts';
import './review.css';

const BUILT_IN = new Set<string>(BUILT_IN_STAGES);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A new stage's key, unique in its workflow: `review_2`, `review_3`, … */
const freshKey = (stages: readonly ReviewStage[]) => {
  let n = 2;
  while (stages.some((s) => s.key === `review_${n}`)) n += 1;
  return `review_${n}`;
};

/**
 * /admin/app-settings/review (super admins): per content type the workflow on or off, its stages
 * renamed or added (between 待審核 and 已核准, each one more approval), and the roles that may move an
 * item into each stage. Switching on is refused while fewer than two admins can edit the type.
 */
export default function ReviewSettingsPage() {
  const { t } = useTranslation('review-admin');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: reviewKeys.workflows, queryFn: () => api.get<ReviewWorkflows>(REVIEW_WORKFLOWS) });
  const [draft, setDraft] = useState<ReviewWorkflow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = !!draft && !!q.data && !same(draft, q.data.data);
  const unsaved = useUnsavedChanges(dirty);
  // Only a new answer replaces the draft, and only while nothing was changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dirty is read, not followed
  useEffect(() => {
    if (q.data && !dirty) setDraft(structuredClone(q.data.data));
  }, [q.data]);
  const save = useMutation({
    mutationFn: (data: ReviewWorkflow[]) => api.put<ReviewWorkflows>(REVIEW_WORKFLOWS, { data }, { version: q.data?.version }),
    onSuccess: (answer) => {
      qc.setQueryData(reviewKeys.workflows, answer);
      setDraft(structuredClone(answer.data));
      void qc.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });

  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data || !draft) return <Skeleton active />;
  const editors = q.data.editors;

  const change = (type: string, fn: (w: ReviewWorkflow) => ReviewWorkflow) => {
    setProblem(null);
    setDraft((d) => d!.map((w) => (w.target_type === type ? fn(structuredClone(w)) : w)));
  };
  const setStage = (type: string, key: string, fn: (s: ReviewStage) => ReviewStage) =>
    change(type, (w) => ({ ...w, stages: w.stages.map((s) => (s.key === key ? fn(s) : s)) }));
  const addStage = (type: string) =>
    change(type, (w) => {
      const at = w.stages.findIndex((s) => s.key === 'approved');
      const stage: ReviewStage = { key: freshKey(w.stages), name: { 'zh-TW': t('newStage.zh'), 'en-US': t('newStage.en') }, roles: [] };
      return { ...w, stages: [...w.stages.slice(0, at), stage, ...w.stages.slice(at)] };
    });

  const submit = async () => {
    try {
      await unsaved.whileSaving(() => save.mutateAsync(draft));
      toast.success({ title: t('saved') });
    } catch (e) {
      setProblem(reviewErrorText(e));
    }
  };

  return (
    <div className="page review-settings-page">
      <PageHeader extra={<Link to={adminPath('app-settings')}>{t('backToSettings')}</Link>} />
      <Typography.Paragraph type="secondary">{t('settingsIntro')}</Typography.Paragraph>
      {problem ? (
        <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="review-settings-error" role="alert" />
      ) : null}
      <Flex vertical gap={16}>
        {draft.map((w) => {
          const count = editors[w.target_type] ?? 0;
          const alone = count < 2;
          return (
            <Card
              key={w.target_type}
              size="small"
              title={t(`types.${w.target_type}`)}
              data-testid={`review-workflow-${w.target_type}`}
              extra={
                <Flex gap={8} align="center">
                  <label htmlFor={`review-on-${w.target_type}`}>{t('enabled')}</label>
                  <Switch
                    id={`review-on-${w.target_type}`}
                    checked={w.enabled}
                    onChange={(on) => change(w.target_type, (x) => ({ ...x, enabled: on }))}
                    data-testid={`review-on-${w.target_type}`}
                  />
                </Flex>
              }
            >
              <Typography.Paragraph type={alone ? 'warning' : 'secondary'} data-testid={`review-editors-${w.target_type}`}>
                {alone ? t('editorsAlone', { count }) : t('editors', { count })}
              </Typography.Paragraph>
              {w.enabled ? (
                <Flex vertical gap={8}>
                  {w.stages.map((s) => (
                    <div key={s.key} className="review-stage-row" data-testid={`review-stage-${w.target_type}-${s.key}`}>
                      <Input
                        value={s.name['zh-TW']}
                        aria-label={t('stageNameZh', { key: s.key })}
                        addonBefore="中"
                        maxLength={40}
                        onChange={(e) => setStage(w.target_type, s.key, (x) => ({ ...x, name: { ...x.name, 'zh-TW': e.target.value } }))}
                      />
                      <Input
                        value={s.name['en-US']}
                        aria-label={t('stageNameEn', { key: s.key })}
                        addonBefore="EN"
                        maxLength={40}
                        onChange={(e) => setStage(w.target_type, s.key, (x) => ({ ...x, name: { ...x.name, 'en-US': e.target.value } }))}
                      />
                      <Select
                        mode="multiple"
                        allowClear
                        value={s.roles}
                        placeholder={t('rolesAny')}
                        aria-label={t('stageRoles', { key: s.key })}
                        options={ADMIN_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
                        onChange={(roles) => setStage(w.target_type, s.key, (x) => ({ ...x, roles }))}
                        style={{ width: '100%' }}
                      />
                      {BUILT_IN.has(s.key) ? (
                        <Tag>{t('builtIn')}</Tag>
                      ) : (
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('removeStage', { name: s.name['zh-TW'] })}
                          onClick={() => change(w.target_type, (x) => ({ ...x, stages: x.stages.filter((y) => y.key !== s.key) }))}
                        />
                      )}
                    </div>
                  ))}
                  <div>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => addStage(w.target_type)}
                      data-testid={`review-add-stage-${w.target_type}`}
                    >
                      {t('addStage')}
                    </Button>
                  </div>
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('offLine')}</Typography.Text>
              )}
            </Card>
          );
        })}
      </Flex>
      <Flex gap={8} className="settings-actions" style={{ marginTop: 16 }}>
        <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={() => void submit()} data-testid="review-settings-save">
          {t('save')}
        </Button>
        <Button
          disabled={!dirty || save.isPending}
          onClick={() => {
            setProblem(null);
            setDraft(structuredClone(q.data!.data));
          }}
        >
          {t('discard')}
        </Button>
      </Flex>
    </div>
  );
}
