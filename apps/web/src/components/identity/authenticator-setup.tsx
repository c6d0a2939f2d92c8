import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'antd/es/qr-code';
import OTP from 'antd/es/input/OTP';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { CopyButton } from '../copy-button.tsx';
import './i18n-two-factor.ts';

/** The base32 key in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up an authenticator app: the QR code of the otpauth:// address, the key to type by hand,
 * and the first code, which `onCode` sends (the profile's …/two-factor/enable, or the sign-in step's
 * …/two-factor/login). Used by the profile and by a sign-in the super admin's policy holds for setup.
 */
export function AuthenticatorSetup({
  secret,
  otpauthUrl,
  busy,
  onCode,
}: {
  secret: string;
  otpauthUrl: string;
  busy: boolean;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('two-factor');
  const [code, setCode] = useState('');
  return (
    <form
      className="authenticator-setup"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.length === 6) onCode(code);
      }}
    >
      <p>{t('setup.scan')}</p>
      <div className="authenticator-qr">
        <QRCode value={otpauthUrl} size={176} bordered={false} type="svg" aria-label="QR code" data-testid="two-factor-qr" />
      </div>
      <p className="muted">{t('setup.manual')}</p>
      <div className="authenticator-key">
        <Typography.Text code data-testid="two-factor-secret">
          {grouped(secret)}
        </Typography.Text>
        <CopyButton text={secret} size="small" />
      </div>
      <p>
        <label htmlFor="two-factor-setup-code">{t('setup.enterCode')}</label>
      </p>
      <div className="sign-in-code-input">
        <OTP
          id="two-factor-setup-code"
          length={6}
          value={code}
          disabled={busy}
          formatter={(v) => v.replace(/\D/g, '')}
          inputMode="numeric"
          aria-label={t('step.codeLabel')}
          data-testid="two-factor-setup-code"
          onChange={(v) => {
            setCode(v);
            if (v.length === 6) onCode(v);
          }}
        />
      </div>
      <Button type="primary" htmlType="submit" block loading={busy} disabled={code.length !== 6} data-testid="two-factor-setup-submit">
        {t('setup.confirm')}
      </Button>
    </form>
  );
}
