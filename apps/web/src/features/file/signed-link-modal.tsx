import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { SIGNED_URL_TTL_CHOICES, type FileItem, type SignedUrl } from '@bo/shared/schemas/file';
import { CopyButton } from '../../components/copy-button.tsx';
import { errorText } from '../../lib/api-client.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { absoluteUrl, useSignedUrl } from './api.ts';
import './i18n.ts';

/** Signs a link to one file with an expiry from the picker (the server caps it at one day by default). */
export function SignedLinkModal({ file, onClose }: { file: FileItem | null; onClose(): void }) {
  const { t } = useTranslation('file');
  const sign = useSignedUrl();
  const [ttl, setTtl] = useState<number>(3600);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<SignedUrl | null>(null);
  const close = () => {
    setResult(null);
    setNote('');
    sign.reset();
    onClose();
  };
  const submit = async () => {
    if (!file) return;
    const r = await sign
      .mutateAsync({ path: file.path, ttl, ...(note.trim() ? { payload: { note: note.trim() } } : {}) })
      .catch(() => null);
    if (r) setResult({ ...r, url: absoluteUrl(r.url) });
  };
  return (
    <Modal open={!!file} title={t('signTitle')} onCancel={close} footer={null} destroyOnHidden>
      {file ? (
        <Form layout="vertical" onFinish={() => void submit()}>
          <Typography.Paragraph type="secondary">{t('signHelp', { name: file.name })}</Typography.Paragraph>
          <Form.Item label={t('expiry')}>
            <Select
              value={ttl}
              onChange={(v) => {
                setTtl(v);
                setResult(null);
              }}
              data-testid="signed-expiry"
              options={SIGNED_URL_TTL_CHOICES.map((s) => ({ value: s, label: t(`expiries.${s}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('note')}>
            <Input
              value={note}
              maxLength={200}
              placeholder={t('notePlaceholder')}
              onChange={(e) => {
                setNote(e.target.value);
                setResult(null);
              }}
            />
          </Form.Item>
          {sign.isError ? <Alert type="error" showIcon message={errorText(sign.error)} style={{ marginBottom: 16 }} /> : null}
          {result ? (
            <Form.Item label={t('signedUrl')} extra={t('expiresAt', { time: formatDateTime(result.expires_at) })}>
              <Space.Compact style={{ width: '100%' }}>
                <Input readOnly value={result.url} data-testid="signed-url" onFocus={(e) => e.target.select()} />
                <CopyButton text={result.url} />
              </Space.Compact>
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={sign.isPending} block data-testid="signed-create">
            {t('sign')}
          </Button>
        </Form>
      ) : null}
    </Modal>
  );
}
