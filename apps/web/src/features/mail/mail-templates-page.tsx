import { useEffect, useMemo, useState } from 'react';
import { useRecordVersion } from '../../components/resource/use-record-version.tsx';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import type { MailLocale, MailTemplate, MailTemplateName } from '@bo/shared/schemas/mail';
import { api, errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { HistoryPanel } from '../../components/history/history-panel.tsx';
import { applyServerErrors } from '../../components/resource/field-rules.ts';
import { mailTemplatesQuery } from './api.ts';
import { MailPreviewFrame } from './mail-preview-frame.tsx';
import './i18n.ts';
import { EditLeaseBanner } from '../../components/edit-lease/edit-lease-banner.tsx';
import { useEditLease } from '../../components/edit-lease/use-edit-lease.ts';

interface Draft {
  subject: string;
  html: string;
}

/** /admin/debug/mail-template: edit, preview, reset and test-send each template per locale (issue 10). */
export default function MailTemplatesPage() {
  const { t } = useTranslation('mail');
  const q = useQuery(mailTemplatesQuery());
  const [name, setName] = useState<MailTemplateName>('password_reset');
  const [locale, setLocale] = useState<MailLocale>('zh-TW');
  const template = q.data?.find((x) => x.name === name);
  return (
    <div className="page mail-templates-page">
      <PageHeader subtitle={t('templates.intro')} />
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Flex gap={12} wrap style={{ marginBottom: 16 }}>
            <Select
              aria-label={t('templates.names.password_reset')}
              style={{ minWidth: 220 }}
              value={name}
              onChange={setName}
              data-testid="template-select"
              options={q.data.map((x) => ({
                value: x.name,
                label: (
                  <>
                    {t(`templates.names.${x.name}`)}{' '}
                    {x.locales['zh-TW'].customised || x.locales['en-US'].customised ? (
                      <Tag color="blue">{t('templates.customised')}</Tag>
                    ) : null}
                  </>
                ),
              }))}
            />
            <Segmented
              value={locale}
              onChange={(v) => setLocale(v as MailLocale)}
              options={[
                { value: 'zh-TW', label: '繁體中文' },
                { value: 'en-US', label: 'English' },
              ]}
            />
          </Flex>
          {template ? <TemplateEditor key={`${name}:${locale}`} template={template} locale={locale} /> : null}
        </>
      )}
    </div>
  );
}

function TemplateEditor({ template, locale }: { template: MailTemplate; locale: MailLocale }) {
  const { t } = useTranslation('mail');
  const qc = useQueryClient();
  const { modal } = AntApp.useApp();
  const { payload } = useSession();
  const current = template.locales[locale];
  const [form] = Form.useForm<Draft>();
  const [edited, setEdited] = useState(false);
  const unsaved = useUnsavedChanges(edited);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [testTo, setTestTo] = useState(payload?.data.email ?? '');
  const subject = Form.useWatch('subject', form);
  const html = Form.useWatch('html', form);
  const draft = useMemo(() => ({ subject: subject ?? current.subject, html: html ?? current.html }), [subject, html, current]);

  useEffect(() => {
    const id = setTimeout(() => {
      api
        .post<{ subject: string; html: string }>(`/api/admin/mail/templates/${template.name}/preview`, { locale, draft }, { silent: true })
        .then(setPreview)
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(id);
  }, [draft, locale, template.name]);

  const version = useRecordVersion<MailTemplate['locales'][typeof locale], Draft>({
    form,
    record: current,
    toValues: (c) => ({ subject: c.subject, html: c.html }),
    target: { type: 'mail_template', id: `${template.name}:${locale}` },
    refetch: async () =>
      (await qc.fetchQuery({ ...mailTemplatesQuery(), staleTime: 0 })).find((x) => x.name === template.name)?.locales[locale],
    resubmit: () => form.submit(),
    onLoaded: () => setEdited(false),
  });
  // Issue 36: an open template (one locale) holds an edit lease; another admin sees 「王小明 正在編輯」 on it.
  const lease = useEditLease({ targetType: 'mail_template', id: `${template.name}:${locale}` });
  const refresh = (next: MailTemplate) =>
    qc.setQueryData(mailTemplatesQuery().queryKey, (all) => all?.map((x) => (x.name === next.name ? next : x)));
  const save = async (v: Draft) => {
    setBusy(true);
    try {
      const next = await unsaved.whileSaving(() =>
        api.put<MailTemplate>(`/api/admin/mail/templates/${template.name}/${locale}`, v, { version: version.version() }),
      );
      refresh(next);
      version.saved(next.locales[locale]);
      setEdited(false);
      lease.saved();
      toast.success({ title: t('templates.saved'), duration: SHELL_TOAST.duration });
    } catch (e) {
      if (!version.handleError(e) && !applyServerErrors(form, e)) toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    } finally {
      setBusy(false);
    }
  };
  const reset = () =>
    modal.confirm({
      title: t('templates.resetConfirm'),
      onOk: async () => {
        const next = await api.delete<MailTemplate>(`/api/admin/mail/templates/${template.name}/${locale}`, undefined, {
          version: version.version(),
        });
        refresh(next);
        version.saved(next.locales[locale]);
        setEdited(false);
        lease.saved();
        toast.success({ title: t('templates.resetDone'), duration: SHELL_TOAST.duration });
      },
    });
  const sendTest = async () => {
    try {
      await api.post(`/api/admin/mail/templates/${template.name}/send-test`, { to: testTo.trim(), locale });
      toast.success({ title: t('templates.testQueued'), duration: SHELL_TOAST.duration });
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card
          title={
            <>
              {t(`templates.names.${template.name}`)} <Tag>{current.customised ? t('templates.customised') : t('templates.default')}</Tag>
            </>
          }
        >
          <EditLeaseBanner lease={lease} />
          {version.notice}
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ subject: current.subject, html: current.html }}
            onValuesChange={() => {
              lease.touched();
              setEdited(true);
            }}
            onFinish={save}
            disabled={busy}
          >
            <Form.Item
              name="subject"
              label={t('templates.subject')}
              rules={[{ required: true, message: t('validate.error.required', { ns: 'common' }) }]}
            >
              <Input maxLength={200} data-testid="template-subject" />
            </Form.Item>
            <Form.Item
              name="html"
              label={t('templates.html')}
              rules={[{ required: true, message: t('validate.error.required', { ns: 'common' }) }]}
            >
              <Input.TextArea
                autoSize={{ minRows: 8, maxRows: 20 }}
                className="code-textarea"
                spellCheck={false}
                data-testid="template-html"
              />
            </Form.Item>
            <p className="muted">
              {t('templates.variables')}:{' '}
              {template.variables.map((v) => (
                <Tag key={v.name} color={v.secret ? 'orange' : undefined} title={v.secret ? t('templates.secret') : undefined}>
                  {/* In words first: the office reads 有效分鐘數, the template needs {{expiresInMinutes}}. */}
                  {t(`templates.variableWords.${v.name}`, { defaultValue: v.name })} <code>{`{{${v.name}}}`}</code>
                </Tag>
              ))}
            </p>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="template-save">
                {t('templates.save')}
              </Button>
              <Button onClick={reset} disabled={!current.customised}>
                {t('templates.reset')}
              </Button>
              <HistoryPanel<MailTemplate>
                targetType="mail_template"
                id={`${template.name}:${locale}`}
                version={version.version()}
                canRestore
                onRestored={(next) => {
                  refresh(next);
                  version.saved(next.locales[locale]);
                  setEdited(false);
                  lease.saved();
                }}
              />
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('templates.preview')}>
          {preview ? (
            <>
              <p>
                <strong>{t('templates.subject')}:</strong> {preview.subject}
              </p>
              <MailPreviewFrame html={preview.html} title={t('templates.preview')} />
            </>
          ) : (
            <Skeleton active />
          )}
          <Flex gap={8} wrap style={{ marginTop: 16 }}>
            <Input
              aria-label={t('templates.testTo')}
              placeholder={t('templates.testTo')}
              value={testTo}
              onChange={(e) => setTestTo(e.target.value)}
              style={{ flex: '1 1 200px' }}
              inputMode="email"
            />
            <Button onClick={sendTest} disabled={!testTo.trim()} data-testid="template-send-test">
              {t('templates.sendTest')}
            </Button>
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}
