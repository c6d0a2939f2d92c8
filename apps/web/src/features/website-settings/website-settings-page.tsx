import { useState } from 'react';
import { useRecordVersion } from '../../components/resource/use-record-version.tsx';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  SOCIAL_NETWORKS,
  socialLink,
  type WebsiteSettings,
  type WebsiteSettingsInput,
  websiteSettingsInput,
} from '@bo/shared/schemas/website-settings';
import { api, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { HistoryPanel } from '../../components/history/history-panel.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { PhotoField } from '../../components/photo-field.tsx';
import { ResourceRecordContext } from '../../components/resource/resource-record.ts';
import { applyServerErrors, schemaRule } from '../../components/resource/field-rules.ts';
import './i18n.ts';
import { SettingsActions } from '../../components/settings-actions.tsx';
import { EditLeaseBanner } from '../../components/edit-lease/edit-lease-banner.tsx';
import { useEditLease } from '../../components/edit-lease/use-edit-lease.ts';

const URL = '/api/admin/website-settings';
const KEY = ['website-settings'];
type Values = Required<{ [K in keyof WebsiteSettingsInput]: Exclude<WebsiteSettingsInput[K], undefined> }>;
type TextField = Exclude<keyof Values, 'logo_photo_id' | 'social_links'>;

// The version travels as If-Match (issue 36), not in the body the server checks strictly.
const valuesOf = ({ logo: _l, updated_at: _u, version: _v, ...fields }: WebsiteSettings & { version?: number }): Values => fields as Values;
const rule = (name: TextField) => [schemaRule(websiteSettingsInput.shape[name])];

/** /admin/website-settings: the company's identity on the website (name per language, tagline, logo, contact, social links, footer). */
export default function WebsiteSettingsPage() {
  const { t } = useTranslation('website-settings');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => api.get<WebsiteSettings>(URL) });
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const version = useRecordVersion<WebsiteSettings, Values>({
    form,
    record: q.data,
    toValues: valuesOf,
    target: { type: 'website_settings', id: 1 },
    refetch: async () => (await q.refetch()).data,
    resubmit: () => form.submit(),
    onLoaded: () => setDirty(false),
  });
  // Issue 36: an open 網站設定 holds an edit lease; another admin sees 「王小明 正在編輯」 here.
  const lease = useEditLease(q.data ? { targetType: 'website_settings', id: 1 } : null);
  const save = useMutation({
    mutationFn: (body: Values) => api.put<WebsiteSettings>(`${URL}/update`, body, { version: version.version() }),
    // The answer carries no version: the form shows it, and the settings are read again for the next save's.
    onSuccess: (r) => {
      version.saved(r);
      return qc.invalidateQueries({ queryKey: KEY });
    },
  });

  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;

  const submit = async (values: Values) => {
    try {
      await unsaved.whileSaving(() => save.mutateAsync({ ...valuesOf(q.data), ...values }));
      setDirty(false);
      lease.saved();
      toast.success({ title: t('saved'), duration: SHELL_TOAST.duration });
    } catch (e) {
      if (!version.handleError(e) && !applyServerErrors(form, e)) toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    }
  };
  const text = (name: TextField, opts: { area?: boolean; help?: string; inputMode?: 'email' | 'tel' } = {}) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={rule(name)} extra={opts.help}>
      {opts.area ? (
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid={`website-${name}`} />
      ) : (
        <Input inputMode={opts.inputMode} data-testid={`website-${name}`} />
      )}
    </Form.Item>
  );
  const pair = (zh: TextField, en: TextField, opts: { area?: boolean; help?: string } = {}) => (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        {text(zh, { area: opts.area })}
      </Col>
      <Col xs={24} md={12}>
        {text(en, opts)}
      </Col>
    </Row>
  );

  return (
    <div className="page website-settings-page">
      <PageHeader
        subtitle={t('intro')}
        extra={
          <HistoryPanel<WebsiteSettings>
            targetType="website_settings"
            id={1}
            version={version.version()}
            canRestore
            invalidate={KEY}
            onRestored={(r) => {
              version.saved(r);
              setDirty(false);
              lease.saved();
            }}
          />
        }
      />
      <EditLeaseBanner lease={lease} />
      {version.notice}
      <ResourceRecordContext.Provider value={q.data}>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={save.isPending}
          onValuesChange={() => {
            lease.touched();
            setDirty(true);
          }}
          onFinish={(v) => void submit(v)}
          scrollToFirstError
        >
          <Card title={t('identity')} className="settings-card">
            {pair('company_name', 'company_name_en', { help: t('help.company_name_en') })}
            {pair('tagline', 'tagline_en')}
            <Form.Item name="logo_photo_id" label={t('fields.logo_photo_id')} extra={t('help.logo')}>
              <PhotoField recordKey="logo" />
            </Form.Item>
          </Card>
          <Card title={t('contact')} className="settings-card">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                {text('phone', { inputMode: 'tel' })}
              </Col>
              <Col xs={24} md={12}>
                {text('email', { inputMode: 'email' })}
              </Col>
            </Row>
            {pair('address', 'address_en')}
          </Card>
          <Card title={t('social')} className="settings-card">
            <Form.List name="social_links">
              {(fields, { add, remove }) => (
                <>
                  {fields.length ? null : <Typography.Paragraph type="secondary">{t('noLinks')}</Typography.Paragraph>}
                  {fields.map((f, i) => (
                    <Flex key={f.key} gap={8} align="flex-start" wrap className="social-link-row">
                      <Form.Item
                        name={[f.name, 'network']}
                        label={t('fields.network')}
                        rules={[schemaRule(socialLink.shape.network)]}
                        style={{ minWidth: 140 }}
                      >
                        <Select options={SOCIAL_NETWORKS.map((n) => ({ value: n, label: t(`networks.${n}`) }))} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'url']}
                        label={t('fields.url')}
                        extra={t('help.url')}
                        rules={[schemaRule(socialLink.shape.url)]}
                        style={{ flex: '1 1 240px' }}
                      >
                        <Input inputMode="url" placeholder="https://" data-testid={`website-social-${i}`} />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('removeLink', { n: i + 1 })}
                        onClick={() => remove(f.name)}
                        style={{ marginTop: 30 }}
                      />
                    </Flex>
                  ))}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ network: 'facebook', url: '' })}
                    disabled={fields.length >= 10}
                    data-testid="website-social-add"
                  >
                    {t('addLink')}
                  </Button>
                </>
              )}
            </Form.List>
          </Card>
          <Card title={t('footer')} className="settings-card">
            {pair('footer_text', 'footer_text_en', { area: true })}
          </Card>
          <SettingsActions
            dirty={dirty}
            saving={save.isPending}
            testId="website-save"
            onReset={() => {
              form.resetFields();
              form.setFieldsValue(valuesOf(q.data));
              setDirty(false);
            }}
          />
        </Form>
      </ResourceRecordContext.Provider>
    </div>
  );
}
