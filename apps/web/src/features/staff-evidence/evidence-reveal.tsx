import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import { MESSAGES } from '@bo/shared/messages';
import { REVEAL_REASONS, REVEAL_REASON_TEXT_MAX, type RevealReason } from '@bo/shared/schemas/personal-data-reveal';
import type { EvidenceKind } from '@bo/shared/schemas/staff-evidence';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useIdentityProof } from '../../components/identity/with-identity-proof.tsx';
import { revealEvidence } from './api.ts';
import './i18n.ts';

const proofCancelled = (e: unknown) => e instanceof ApiError && e.status === 403 && e.message === MESSAGES.identityVerificationRequired;

interface Reason {
  reason_code: RevealReason;
  reason_text?: string;
}

/**
 * A sealed evidence value (masked, or 「已記錄」) with 「顯示」: asks the reason, the verify-identity proof when
 * the server wants one, then shows the value for the seconds the server says. The server logs each reveal.
 */
export function EvidenceReveal(props: {
  staffId: number;
  kind: EvidenceKind;
  rowId: number;
  field: string;
  label: string;
  masked: string;
}) {
  const { staffId, kind, rowId, field, label, masked } = props;
  const { t } = useTranslation('staff-evidence');
  const proof = useIdentityProof();
  const [form] = Form.useForm<Reason>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ value: string | null; left: number } | null>(null);

  useEffect(() => {
    if (!shown) return;
    if (shown.left <= 0) return setShown(null);
    const timer = setTimeout(() => setShown((s) => (s ? { ...s, left: s.left - 1 } : s)), 1000);
    return () => clearTimeout(timer);
  }, [shown]);

  const reveal = async (why: Reason) => {
    setAsking(false);
    setBusy(true);
    try {
      const res = await proof.run(() => revealEvidence(staffId, kind, rowId, { field, ...why }));
      setShown({ value: res.value, left: res.expires_in });
    } catch (e) {
      if (!proofCancelled(e)) toast.error({ title: t('reveal.failed'), description: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  const code = Form.useWatch('reason_code', form);
  return (
    <span className="evidence-reveal" data-testid={`evidence-reveal-${field}-${rowId}`}>
      {shown ? (
        <Space size={4} wrap>
          <Typography.Text strong copyable={!!shown.value}>
            {shown.value ?? t('reveal.none')}
          </Typography.Text>
          <Typography.Text type="secondary" aria-live="polite">
            {t('reveal.countdown', { count: shown.left })}
          </Typography.Text>
          <Button size="small" icon={<EyeInvisibleOutlined />} onClick={() => setShown(null)}>
            {t('reveal.hide')}
          </Button>
        </Space>
      ) : (
        <Space size={4} wrap>
          <Typography.Text>{masked}</Typography.Text>
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            loading={busy}
            onClick={() => setAsking(true)}
            aria-label={t('reveal.showField', { field: label })}
          >
            {t('reveal.show')}
          </Button>
        </Space>
      )}
      <Modal
        open={asking}
        title={t('reveal.title', { field: label })}
        okText={t('reveal.show')}
        cancelText={t('cancel')}
        onCancel={() => setAsking(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('reveal.logged')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void reveal(v)} initialValues={{ reason_code: 'labor_insurance' }}>
          <Form.Item name="reason_code" label={t('reveal.reason')} required>
            <Radio.Group options={REVEAL_REASONS.map((r) => ({ value: r, label: t(`reveal.reasons.${r}`) }))} />
          </Form.Item>
          <Form.Item
            name="reason_text"
            label={t('reveal.reasonText')}
            rules={[{ required: code === 'other', message: t('reveal.reasonTextRequired') }]}
          >
            <Input maxLength={REVEAL_REASON_TEXT_MAX} />
          </Form.Item>
        </Form>
      </Modal>
      {proof.dialog}
    </span>
  );
}
