import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import type { RevealResponse, RevealableStaffField } from '@bo/shared/schemas/personal-data-reveal';
import { MESSAGES } from '@bo/shared/messages';
import { ApiError, api, errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useIdentityProof } from '../../components/identity/with-identity-proof.tsx';
import { useRevealReason } from './reveal-reason-dialog.tsx';
import './i18n.ts';

/** The verify-identity dialog closed without a proof: nothing to say beyond the closed dialog. */
const proofCancelled = (e: unknown) => e instanceof ApiError && e.status === 403 && e.message === MESSAGES.identityVerificationRequired;

/**
 * A masked national ID or health value with 「顯示」: asks the reason (and the verify-identity proof when
 * the server wants one), shows the value for the seconds the server says, counting down, then masks it
 * again. Each reveal is logged by the server (docs/personal-data.md "Reveal").
 */
export function RevealField({ staffId, field, masked }: { staffId: number; field: RevealableStaffField; masked: string }) {
  const { t } = useTranslation('staff');
  const reason = useRevealReason();
  const proof = useIdentityProof();
  const [shown, setShown] = useState<{ value: string | null; left: number } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!shown) return;
    if (shown.left <= 0) {
      setShown(null);
      return;
    }
    const timer = setTimeout(() => setShown((s) => (s ? { ...s, left: s.left - 1 } : s)), 1000);
    return () => clearTimeout(timer);
  }, [shown]);

  const label = t(field === 'national_id' ? 'nationalId' : 'bloodType');
  const reveal = async () => {
    const why = await reason.ask(t('reveal.title', { field: label }));
    if (!why) return;
    setBusy(true);
    try {
      const res = await proof.run(() =>
        api.post<RevealResponse>(`/api/admin/organization/staff/${staffId}/reveal`, { field, ...why }, { organization: true }),
      );
      setShown({ value: res.value, left: res.expires_in });
    } catch (e) {
      if (!proofCancelled(e)) toast.error({ title: t('reveal.failed'), description: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    // A read-only form disables its controls (and its dialogs' through the context); showing a value is a reader's act, not an edit.
    <ConfigProvider componentDisabled={false}>
      <span className="reveal-field" data-testid={`reveal-${field}`}>
        {shown ? (
          <Space size={8} wrap>
            <Typography.Text strong copyable={!!shown.value} data-testid={`revealed-${field}`}>
              {shown.value ?? t('reveal.none')}
            </Typography.Text>
            <Typography.Text type="secondary" aria-live="polite" data-testid={`reveal-countdown-${field}`}>
              {t('reveal.countdown', { count: shown.left })}
            </Typography.Text>
            <Button size="small" icon={<EyeInvisibleOutlined />} onClick={() => setShown(null)}>
              {t('reveal.hide')}
            </Button>
          </Space>
        ) : (
          <Space size={8} wrap>
            <Typography.Text data-testid={`masked-${field}`}>{masked}</Typography.Text>
            <Button
              size="small"
              icon={<EyeOutlined />}
              loading={busy}
              onClick={() => void reveal()}
              aria-label={t('reveal.showField', { field: label })}
              data-testid={`reveal-button-${field}`}
            >
              {t('reveal.show')}
            </Button>
          </Space>
        )}
        {reason.dialog}
        {proof.dialog}
      </span>
    </ConfigProvider>
  );
}
