import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { RuleInput, RuleOverrides } from '@bo/shared/compliance/rules';
import { HEALTH_CHECK_KINDS, SITE_ROLES, TRAINING_KINDS } from '@bo/shared/compliance/vocabulary';
import type { ComplianceRuleView } from '@bo/shared/schemas/compliance-rules';
import './i18n.ts';

/** Asks why a rule is switched off, or why an unconfirmed one is switched on (the reason is audited). */
export function ReasonDialog({
  target,
  title,
  onOk,
  onCancel,
  pending,
}: {
  target: { rule: ComplianceRuleView; enabled: boolean } | null;
  title: string;
  onOk(reason: string): void;
  onCancel(): void;
  pending: boolean;
}) {
  const { t } = useTranslation('compliance-rules');
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={!!target}
      title={target?.enabled ? t('reasonDialog.onUnconfirmed', { title }) : t('reasonDialog.off', { title })}
      okText={t('reasonDialog.ok')}
      okButtonProps={{ disabled: !reason.trim(), loading: pending, 'data-testid': 'rule-reason-ok' }}
      onOk={() => onOk(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('reasonDialog.label')} htmlFor="rule-reason" extra={t('reasonDialog.hint')} required>
          <Input.TextArea id="rule-reason" value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A stricter interval of a pack rule: fewer months between checks, or more days of warning. */
export function IntervalDialog({
  rule,
  title,
  onOk,
  onCancel,
  pending,
}: {
  rule: ComplianceRuleView | null;
  title: string;
  onOk(overrides: RuleOverrides | null): void;
  onCancel(): void;
  pending: boolean;
}) {
  const { t } = useTranslation('compliance-rules');
  const [value, setValue] = useState<number | null>(null);
  const timing = rule?.timing;
  useEffect(() => {
    setValue(timing?.kind === 'every' ? timing.months : timing?.kind === 'valid_until' ? timing.warn_days : null);
  }, [timing]);
  const byAge = timing?.kind === 'every' && timing.months === null;
  const overrides = (): RuleOverrides | null =>
    value === null ? null : timing?.kind === 'valid_until' ? { warn_days: value } : { months: value };
  return (
    <Modal
      open={!!rule}
      title={t('intervalDialog.title', { title })}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        rule?.overrides ? (
          <Button key="reset" onClick={() => onOk(null)} loading={pending}>
            {t('intervalDialog.reset')}
          </Button>
        ) : null,
        <Button key="ok" type="primary" disabled={byAge || value === null} loading={pending} onClick={() => onOk(overrides())}>
          {t('intervalDialog.ok')}
        </Button>,
      ]}
    >
      {byAge ? (
        <p>{t('intervalDialog.byAge')}</p>
      ) : (
        <Form layout="vertical">
          <Form.Item
            label={timing?.kind === 'valid_until' ? t('intervalDialog.warnDays') : t('intervalDialog.months')}
            htmlFor="rule-interval"
            extra={t('intervalDialog.hint')}
          >
            <InputNumber id="rule-interval" min={timing?.kind === 'valid_until' ? 0 : 1} max={3650} value={value} onChange={setValue} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

interface CustomRuleFields {
  key: string;
  titleZh: string;
  titleEn: string;
  requiresZh: string;
  requiresEn: string;
  citationZh: string;
  citationEn: string;
  law: string;
  article?: string;
  evidence: 'training' | 'health_check' | 'certificate';
  courseKinds?: string[];
  checkKinds?: string[];
  typeNames?: string[];
  siteRoles?: string[];
  timing: 'before_work' | 'every';
  months?: number;
}

/** The rule schema's input from the form's fields. */
function ruleOf(v: CustomRuleFields): RuleInput {
  const requirement =
    v.evidence === 'training'
      ? {
          kind: 'training' as const,
          course_kinds: (v.courseKinds?.length ? v.courseKinds : ['other']) as RuleInputTraining['course_kinds'],
        }
      : v.evidence === 'health_check'
        ? {
            kind: 'health_check' as const,
            check_kinds: (v.checkKinds?.length ? v.checkKinds : ['general']) as RuleInputCheck['check_kinds'],
          }
        : { kind: 'certificate' as const, type_names: v.typeNames ?? [] };
  return {
    key: v.key.trim(),
    version: 1,
    source: 'custom',
    title: { 'zh-TW': v.titleZh, 'en-US': v.titleEn },
    requires: { 'zh-TW': v.requiresZh, 'en-US': v.requiresEn },
    citation: { text: { 'zh-TW': v.citationZh, 'en-US': v.citationEn }, laws: [{ law: v.law, article: v.article?.trim() || null }] },
    applies: { site_roles: v.siteRoles?.length ? v.siteRoles : null },
    requirement,
    timing: v.timing === 'every' ? { kind: 'every', months: v.months ?? 12 } : { kind: 'before_work' },
  };
}
type RuleInputTraining = Extract<RuleInput['requirement'], { kind: 'training' }>;
type RuleInputCheck = Extract<RuleInput['requirement'], { kind: 'health_check' }>;

/** A rule of the company's own: who, which evidence, when, and the source it follows. */
export function CustomRuleDialog({
  open,
  onOk,
  onCancel,
  pending,
}: {
  open: boolean;
  onOk(rule: RuleInput): void;
  onCancel(): void;
  pending: boolean;
}) {
  const { t } = useTranslation('compliance-rules');
  const [form] = Form.useForm<CustomRuleFields>();
  const evidence = Form.useWatch('evidence', form);
  const timing = Form.useWatch('timing', form);
  const required = [{ required: true, whitespace: true }];
  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.ok')}
      okButtonProps={{ loading: pending, 'data-testid': 'rule-create-ok' }}
      onOk={() => void form.validateFields().then((v) => onOk(ruleOf(v)))}
      onCancel={onCancel}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ evidence: 'training', timing: 'every', months: 12 }} preserve={false}>
        <Form.Item name="key" label={t('create.key')} rules={[...required, { pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/ }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="titleZh" label={t('create.titleZh')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('create.titleEn')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="requiresZh" label={t('create.requiresZh')} rules={required}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="requiresEn" label={t('create.requiresEn')} rules={required}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="citationZh" label={t('create.citationZh')} rules={required}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="citationEn" label={t('create.citationEn')} rules={required}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="law" label={t('create.law')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="article" label={t('create.article')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="siteRoles" label={t('create.siteRoles')}>
          <Select mode="tags" options={SITE_ROLES.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        <Form.Item name="evidence" label={t('create.evidence')}>
          <Radio.Group
            options={(['training', 'health_check', 'certificate'] as const).map((k) => ({
              value: k,
              label: t(`create.evidenceKinds.${k}`),
            }))}
          />
        </Form.Item>
        {evidence === 'training' ? (
          <Form.Item name="courseKinds" label={t('create.courseKinds')}>
            <Select mode="multiple" options={TRAINING_KINDS.map((k) => ({ value: k, label: t(`courseKind.${k}`) }))} />
          </Form.Item>
        ) : evidence === 'health_check' ? (
          <Form.Item name="checkKinds" label={t('create.checkKinds')}>
            <Select mode="multiple" options={HEALTH_CHECK_KINDS.map((k) => ({ value: k, label: t(`checkKind.${k}`) }))} />
          </Form.Item>
        ) : (
          <Form.Item name="typeNames" label={t('create.typeNames')} rules={[{ required: true }]}>
            <Select mode="tags" />
          </Form.Item>
        )}
        <Form.Item name="timing" label={t('create.timing')}>
          <Radio.Group options={(['before_work', 'every'] as const).map((k) => ({ value: k, label: t(`create.timingKinds.${k}`) }))} />
        </Form.Item>
        {timing === 'every' ? (
          <Form.Item name="months" label={t('create.months')} rules={[{ required: true }]}>
            <InputNumber min={1} max={240} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
