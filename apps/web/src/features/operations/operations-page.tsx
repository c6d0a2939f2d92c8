import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Tag from 'antd/es/tag';
import { driveCheckBody, lineMessageBody, LINE_TEXT_MAX, type DriveCheck } from '@bo/shared/schemas/operations';
import { api, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ServerSetting } from '../../components/server-setting.tsx';
import { applyServerErrors, schemaRule } from '../../components/resource/field-rules.ts';
import './i18n.ts';

/** /admin/operations: a LINE message and the Google Drive check (spec section 7), each a small form with its outcome. */
export default function OperationsPage() {
  return (
    <div className="page operations-page">
      <PageHeader />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <LineMessageCard />
        </Col>
        <Col xs={24} xl={12}>
          <DriveCheckCard />
        </Col>
      </Row>
    </div>
  );
}

function LineMessageCard() {
  const { t } = useTranslation('operations');
  const [form] = Form.useForm<{ target: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  return (
    <Card title={t('line.title')}>
      <p className="muted">
        {t('line.intro')}
        <ServerSetting env="LINE_MESSAGING_ACCESS_TOKEN" />
      </p>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="line-error" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onValuesChange={() => setDirty(true)}
        onFinish={async (v) => {
          setBusy(true);
          setError(null);
          try {
            const r = await unsaved.whileSaving(() =>
              api.post<{ request_id: string | null }>('/api/admin/send-line-message', { target: v.target.trim(), message: v.message }),
            );
            toast.success({ title: t('line.sent', { id: r.request_id ?? '—' }), duration: SHELL_TOAST.duration });
            form.setFieldValue('message', '');
            setDirty(false);
          } catch (e) {
            if (!applyServerErrors(form, e)) setError(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="target" label={t('line.target')} extra={t('line.targetHelp')} rules={[schemaRule(lineMessageBody.shape.target)]}>
          <Input autoComplete="off" spellCheck={false} data-testid="line-target" />
        </Form.Item>
        <Form.Item name="message" label={t('line.message')} rules={[schemaRule(lineMessageBody.shape.message)]}>
          <Input.TextArea maxLength={LINE_TEXT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} data-testid="line-message" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="line-send">
          {t('line.send')}
        </Button>
      </Form>
    </Card>
  );
}

function DriveCheckCard() {
  const { t } = useTranslation('operations');
  const [form] = Form.useForm<{ folder_id: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<DriveCheck | null>(null);
  const yesNo = (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? t('drive.yes') : t('drive.no')}</Tag>;
  return (
    <Card title={t('drive.title')}>
      <p className="muted">
        {t('drive.intro')}
        <ServerSetting env="GOOGLE_SERVICE_ACCOUNT_KEY_FILE" />
      </p>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="drive-error" /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={async (v) => {
          setBusy(true);
          setError(null);
          setResult(null);
          try {
            setResult(await api.post<DriveCheck>('/api/admin/test-google-drive-permission', { folder_id: v.folder_id.trim() }));
          } catch (e) {
            if (!applyServerErrors(form, e)) setError(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="folder_id"
          label={t('drive.folder')}
          extra={t('drive.folderHelp')}
          rules={[schemaRule(driveCheckBody.shape.folder_id)]}
        >
          <Input autoComplete="off" spellCheck={false} data-testid="drive-folder" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="drive-check">
          {t('drive.check')}
        </Button>
      </Form>
      {result ? (
        <div style={{ marginTop: 16 }} data-testid="drive-result">
          {result.reason ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={result.reason === 'not_found' ? t('drive.notFound', { account: result.service_account }) : t('drive.notFolder')}
            />
          ) : null}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('drive.account')}>
              <span className="break-anywhere">{result.service_account}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('drive.folderName')}>{result.folder?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('drive.read')}>{yesNo(result.can_read)}</Descriptions.Item>
            <Descriptions.Item label={t('drive.write')}>{yesNo(result.can_write)}</Descriptions.Item>
          </Descriptions>
        </div>
      ) : null}
    </Card>
  );
}
