import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { REVEAL_REASONS, REVEAL_REASON_TEXT_MAX, type RevealReason } from '@bo/shared/schemas/personal-data-reveal';
import './i18n.ts';
import './staff.css';

export interface RevealReasonAnswer {
  reason_code: RevealReason;
  reason_text?: string;
}

/**
 * Asks why a masked value is to be shown (a reveal, an unmasked export): a reason of the short list, or
 * typed words (required with 其他). `ask(title)` resolves the answer, or null when cancelled. Render
 * `dialog` once in the component.
 */
export function useRevealReason(): { ask: (title: string) => Promise<RevealReasonAnswer | null>; dialog: ReactNode } {
  const [title, setTitle] = useState<string | null>(null);
  const pending = useRef<((a: RevealReasonAnswer | null) => void) | null>(null);
  const ask = useCallback(
    (t: string) =>
      new Promise<RevealReasonAnswer | null>((resolve) => {
        pending.current = resolve;
        setTitle(t);
      }),
    [],
  );
  const close = (answer: RevealReasonAnswer | null) => {
    setTitle(null);
    pending.current?.(answer);
    pending.current = null;
  };
  return { ask, dialog: title === null ? null : <RevealReasonDialog title={title} onDone={close} /> };
}

function RevealReasonDialog({ title, onDone }: { title: string; onDone: (a: RevealReasonAnswer | null) => void }) {
  const { t } = useTranslation('staff');
  const [form] = Form.useForm<RevealReasonAnswer>();
  const submit = (v: RevealReasonAnswer) => {
    const text = v.reason_text?.trim();
    onDone({ reason_code: v.reason_code, ...(text ? { reason_text: text } : {}) });
  };
  return (
    <Modal
      open
      title={title}
      okText={t('reveal.confirm')}
      onOk={() => form.submit()}
      onCancel={() => onDone(null)}
      destroyOnHidden
      width={440}
      data-testid="reveal-reason-dialog"
    >
      <Typography.Paragraph type="secondary">{t('reveal.logged')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="reason_code" label={t('reveal.reason')} rules={[{ required: true, message: t('reveal.reasonRequired') }]}>
          <Radio.Group
            className="reveal-reasons"
            options={REVEAL_REASONS.map((r) => ({ value: r, label: t(`reveal.reasons.${r}`) }))}
            data-testid="reveal-reasons"
          />
        </Form.Item>
        <Form.Item
          name="reason_text"
          label={t('reveal.reasonText')}
          dependencies={['reason_code']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v?: string) =>
                getFieldValue('reason_code') === 'other' && !v?.trim()
                  ? Promise.reject(new Error(t('reveal.reasonTextRequired')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={REVEAL_REASON_TEXT_MAX}
            placeholder={t('reveal.reasonTextPlaceholder')}
            data-testid="reveal-reason-text"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
