import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { api, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { AuthenticatorSetup } from '../../components/identity/authenticator-setup.tsx';
import { RecoveryCodes } from '../../components/identity/recovery-codes.tsx';
import { useIdentityProof } from '../../components/identity/with-identity-proof.tsx';
import '../../components/identity/i18n-two-factor.ts';

interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  required: boolean;
}
const KEY = ['account', 'two-factor'];
const BASE = '/api/admin/account/two-factor';

/** What the dialog shows: the app's setup, then the recovery codes (after turning on, or new ones). */
type Dialog = { kind: 'setup'; secret: string; otpauth_url: string } | { kind: 'codes'; codes: string[] } | null;

/**
 * Profile card: two-factor on or off, turning it on (QR code, first code, recovery codes), new
 * recovery codes and turning it off, each behind verify identity; off is refused when a role requires it.
 */
export function TwoFactorCard({ email }: { email: string }) {
  const { t } = useTranslation('two-factor');
  const qc = useQueryClient();
  const { modal } = AntApp.useApp();
  const proof = useIdentityProof();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: KEY, queryFn: () => api.get<TwoFactorStatus>(BASE) });
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await proof.run(action);
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });

  const turnOn = () =>
    act(async () => {
      const r = await api.post<{ secret: string; otpauth_url: string }>(`${BASE}/setup`, {});
      setDialog({ kind: 'setup', ...r });
    });
  const confirmCode = async (code: string) => {
    setBusy(true);
    try {
      const r = await proof.run(() => api.post<{ recovery_codes: string[] }>(`${BASE}/enable`, { code }));
      setDialog({ kind: 'codes', codes: r.recovery_codes });
      await refresh();
      toast.success({ title: t('card.turnedOn'), duration: SHELL_TOAST.duration });
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    } finally {
      setBusy(false);
    }
  };
  const newCodes = () =>
    modal.confirm({
      title: t('card.newCodes'),
      content: t('card.newCodesConfirm'),
      // Not awaited: the confirmation closes first, so the verify-identity dialog it may open is on top.
      onOk: () => {
        void act(async () => {
          const r = await api.post<{ recovery_codes: string[] }>(`${BASE}/recovery-codes`, {});
          setDialog({ kind: 'codes', codes: r.recovery_codes });
          await refresh();
        });
      },
    });
  const turnOff = () =>
    modal.confirm({
      title: t('card.turnOff'),
      content: t('card.turnOffConfirm'),
      okButtonProps: { danger: true },
      onOk: () => {
        void act(async () => {
          await api.delete(BASE);
          await refresh();
          toast.success({ title: t('card.turnedOff'), duration: SHELL_TOAST.duration });
        });
      },
    });

  return (
    <>
      {proof.dialog}
      <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
        <Tag color={s.enabled ? 'green' : 'default'} data-testid="two-factor-state">
          {s.enabled ? t('card.on') : t('card.off')}
        </Tag>
        {s.required ? <Tag color="blue">{t('card.required')}</Tag> : null}
        {s.enabled && s.enabled_at ? <span className="muted">{t('card.since', { date: formatDateTime(s.enabled_at) })}</span> : null}
      </Flex>
      <p className="muted">{t('card.intro')}</p>
      {s.enabled ? (
        <>
          {s.recovery_codes_left <= 3 ? (
            <Alert type="warning" showIcon message={t('card.leftLow', { count: s.recovery_codes_left })} style={{ marginBottom: 12 }} />
          ) : (
            <p>{t('card.left', { count: s.recovery_codes_left })}</p>
          )}
          <Flex gap={8} wrap>
            <Button onClick={newCodes} loading={busy} data-testid="two-factor-new-codes">
              {t('card.newCodes')}
            </Button>
            <Tooltip title={s.required ? t('card.requiredCannotOff') : undefined}>
              <Button danger onClick={turnOff} disabled={s.required || busy} data-testid="two-factor-off">
                {t('card.turnOff')}
              </Button>
            </Tooltip>
          </Flex>
        </>
      ) : (
        <Button type="primary" onClick={() => void turnOn()} loading={busy} data-testid="two-factor-on">
          {t('card.turnOn')}
        </Button>
      )}
      <Modal
        open={dialog !== null}
        title={dialog?.kind === 'codes' ? t('recovery.title') : t('setup.title')}
        footer={null}
        // The codes are shown once: the dialog closes through "Continue" only.
        closable={dialog?.kind !== 'codes'}
        maskClosable={false}
        keyboard={dialog?.kind !== 'codes'}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {dialog?.kind === 'setup' ? (
          <AuthenticatorSetup secret={dialog.secret} otpauthUrl={dialog.otpauth_url} busy={busy} onCode={(c) => void confirmCode(c)} />
        ) : dialog?.kind === 'codes' ? (
          <RecoveryCodes codes={dialog.codes} email={email} onDone={() => setDialog(null)} />
        ) : null}
      </Modal>
    </>
  );
}
