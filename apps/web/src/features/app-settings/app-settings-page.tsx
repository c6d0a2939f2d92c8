import { useState } from 'react';
import { useRecordVersion } from '../../components/resource/use-record-version.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPath } from '../../lib/feature.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import ColorPicker from 'antd/es/color-picker';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import { isHttpUrl } from '@bo/shared/validators';
import { RETENTION_MINIMUM_YEARS } from '@bo/shared/retention-minimums';
import { api, errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { loadSettings } from '../../lib/settings.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { HistoryPanel } from '../../components/history/history-panel.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { applyServerErrors } from '../../components/resource/field-rules.ts';
import {
  type Answer,
  changed,
  DEPTHS,
  type Editable,
  editable,
  HEX,
  KEY,
  HISTORY_KEY,
  MODULES,
  same,
  SEPARATOR,
  URL,
} from './app-config-api.ts';
import { History } from './app-settings-history.tsx';
import { ColorPreview } from './color-preview.tsx';
import './i18n.ts';
import { SettingsActions } from '../../components/settings-actions.tsx';
import { EditLeaseBanner } from '../../components/edit-lease/edit-lease-banner.tsx';
import { useEditLease } from '../../components/edit-lease/use-edit-lease.ts';

/** /admin/app-config: the application config (spec section 3) with validation, a live colour preview and its history. */
export default function AppSettingsPage() {
  const { t } = useTranslation('app-settings');
  // The developer's link and the version are the maintainer's (who builds and ships the app), not the office's.
  const maintainer = useSession().roles.includes('ROLE_MAINTAINER');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => api.get<Answer>(URL) });
  const [form] = Form.useForm<Editable>();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const stored = q.data ? editable(q.data.config) : null;
  const version = useRecordVersion<Answer, Editable>({
    form,
    record: q.data,
    toValues: (a) => editable(a.config),
    target: { type: 'app_config', id: 'app' },
    refetch: async () => (await q.refetch()).data,
    resubmit: () => form.submit(),
    onLoaded: () => setDirty(false),
  });
  // Issue 36: an open 系統設定 holds an edit lease; another super admin sees 「王小明 正在編輯」 here.
  const lease = useEditLease(q.data ? { targetType: 'app_config', id: 'app' } : null);

  const save = useMutation({
    mutationFn: (patch: Partial<Editable>) => api.put<Answer>(`${URL}/update`, patch, { version: version.version() }),
    onSuccess: async (r) => {
      // The answer carries no version: the form shows it, and the config is read again for the next save's.
      version.saved(r);
      await qc.invalidateQueries({ queryKey: KEY, exact: true });
      await qc.invalidateQueries({ queryKey: HISTORY_KEY });
      await loadSettings();
    },
  });

  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!stored) return <Skeleton active />;

  const submit = async (values: Editable) => {
    const patch = changed(stored, { ...stored, ...values });
    if (!Object.keys(patch).length) return;
    try {
      await unsaved.whileSaving(() => save.mutateAsync(patch));
      setDirty(false);
      lease.saved();
      toast.success({ title: t('saved'), duration: SHELL_TOAST.duration });
    } catch (e) {
      if (!version.handleError(e) && !applyServerErrors(form, e)) toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    }
  };
  const required = { required: true, whitespace: true, message: t('validate.error.required', { ns: 'common' }) };
  const int = (min: number, max: number) => ({ type: 'integer' as const, min, max, message: `${min}–${max}` });

  return (
    <div className="page app-settings-page">
      <PageHeader
        extra={
          <Flex gap={8} wrap align="center">
            <Link to={adminPath('app-settings/review')} data-testid="app-settings-review-link">
              {t('reviewWorkflow')}
            </Link>
            <HistoryPanel<Answer>
              targetType="app_config"
              id="app"
              version={version.version()}
              canRestore
              invalidate={KEY}
              onRestored={(r) => {
                version.saved(r);
                setDirty(false);
                lease.saved();
                void qc.invalidateQueries({ queryKey: HISTORY_KEY });
                void loadSettings();
              }}
            />
          </Flex>
        }
      />
      <EditLeaseBanner lease={lease} />
      {version.notice}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            disabled={save.isPending}
            onValuesChange={() => {
              lease.touched();
              setDirty(!same(changed(stored, { ...stored, ...form.getFieldsValue(true) }), {}));
            }}
            onFinish={(v) => void submit(v)}
            scrollToFirstError
          >
            <Card title={t('backOffice')} className="settings-card" data-testid="back-office-card">
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="title" label={t('fields.title')} rules={[required, { max: 100 }]}>
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="appName" label={t('fields.appName')} rules={[required, { max: 50 }]}>
                    <Input maxLength={50} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item name="description" label={t('fields.description')} rules={[{ max: 300 }]}>
                    <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="supportEmail"
                    label={t('fields.supportEmail')}
                    rules={[required, { type: 'email', message: t('validate.error.email_incorrect', { ns: 'common' }) }]}
                  >
                    <Input inputMode="email" />
                  </Form.Item>
                </Col>
                {maintainer ? (
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="developerUrl"
                      label={t('fields.developerUrl')}
                      rules={[
                        required,
                        {
                          // The server's rule (http(s) only), so javascript: is refused here too.
                          validator: async (_r, v: string) => {
                            if (v && !isHttpUrl(v.trim())) throw new Error(t('validate.error.invalid', { ns: 'common' }));
                          },
                        },
                      ]}
                    >
                      <Input inputMode="url" />
                    </Form.Item>
                  </Col>
                ) : null}
                <Col xs={12} md={6}>
                  <Form.Item name="startYear" label={t('fields.startYear')} extra={t('help.startYear')} rules={[int(1900, 2100)]}>
                    <InputNumber min={1900} max={2100} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                {maintainer ? (
                  <Col xs={12} md={6}>
                    <Form.Item name="version" label={t('fields.version')} rules={[{ max: 30 }]}>
                      <Input maxLength={30} />
                    </Form.Item>
                  </Col>
                ) : null}
              </Row>
            </Card>

            <Card title={t('look')} className="settings-card">
              <Form.Item
                name="primaryColor"
                label={t('fields.primaryColor')}
                extra={t('help.primaryColor')}
                getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
                rules={[{ pattern: HEX, message: t('validate.error.invalid', { ns: 'common' }) }]}
              >
                <ColorPicker showText disabledAlpha format="hex" data-testid="settings-color" />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => a.primaryColor !== b.primaryColor}>
                {() => <ColorPreview color={form.getFieldValue('primaryColor') ?? stored.primaryColor} />}
              </Form.Item>
            </Card>

            <Card title={t('features')} className="settings-card">
              <Row gutter={16}>
                {(['adminGroup', 'adminSubAccount', 'adminGoogleLogin', 'certificateRemindersToStaffManagers'] as const).map((k) => (
                  <Col xs={24} md={12} key={k}>
                    <Form.Item name={k} label={t(`fields.${k}`)} valuePropName="checked" extra={t(`help.${k}`)}>
                      <Switch />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <fieldset className="policy-roles">
                <legend>{t('fields.modules')}</legend>
                <Row gutter={[16, 12]}>
                  {MODULES.map((m) => (
                    <Col xs={12} md={6} key={m}>
                      <Flex align="center" gap={8}>
                        <Form.Item name={['modules', m]} valuePropName="checked" noStyle>
                          <Switch size="small" id={`modules_${m}`} />
                        </Form.Item>
                        <label htmlFor={`modules_${m}`}>{t(`modules.${m}`)}</label>
                      </Flex>
                    </Col>
                  ))}
                </Row>
              </fieldset>
            </Card>

            <Card title={t('limits')} className="settings-card">
              <fieldset className="policy-roles">
                <legend>{t('fields.pageCategoryDepth')}</legend>
                <Row gutter={16}>
                  {DEPTHS.map((d) => (
                    <Col xs={8} key={d}>
                      <Form.Item name={['pageCategoryDepth', d]} label={t(`depth.${d}`)} rules={[int(1, 5)]}>
                        <InputNumber min={1} max={5} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </fieldset>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="productCategoryDepth" label={t('fields.productCategoryDepth')} rules={[int(1, 5)]}>
                    <InputNumber min={1} max={5} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="productInstanceSeparator"
                    label={t('fields.productInstanceSeparator')}
                    extra={t('help.productInstanceSeparator')}
                    rules={[required, { pattern: SEPARATOR, message: t('separatorRule') }]}
                  >
                    <Input maxLength={3} style={{ width: 120 }} data-testid="settings-separator" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="staffExcelMaxCellLimit"
                    label={t('fields.staffExcelMaxCellLimit')}
                    extra={t('help.staffExcelMaxCellLimit')}
                    rules={[int(1, 1000)]}
                  >
                    <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>

            <Card title={t('retention')} className="settings-card" data-testid="retention-settings-card">
              <p className="muted">{t('help.retention')}</p>
              <Row gutter={16}>
                {(['departedStaffYears', 'generalHealthYears', 'specialHealthYears'] as const).map((k) => (
                  <Col xs={24} md={8} key={k}>
                    <Form.Item
                      name={['personalDataRetention', k]}
                      label={t(`fields.${k}`)}
                      extra={t(`help.${k}`, { min: RETENTION_MINIMUM_YEARS[k] })}
                      rules={[int(RETENTION_MINIMUM_YEARS[k], 100)]}
                    >
                      <InputNumber min={RETENTION_MINIMUM_YEARS[k]} max={100} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={8}>
                  <Form.Item
                    name={['personalDataRetention', 'departedStaffAction']}
                    label={t('fields.departedStaffAction')}
                    extra={t('help.departedStaffAction')}
                  >
                    <Select
                      options={(['anonymise', 'erase'] as const).map((v) => ({ value: v, label: t(`retentionAction.${v}`) }))}
                      data-testid="settings-retention-action"
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>

            <SettingsActions
              dirty={dirty}
              saving={save.isPending}
              testId="settings-save"
              onReset={() => {
                form.resetFields();
                form.setFieldsValue(stored);
                setDirty(false);
              }}
            />
          </Form>
        </Col>
        <Col xs={24} xl={8}>
          <History dirty={dirty} />
        </Col>
      </Row>
    </div>
  );
}
