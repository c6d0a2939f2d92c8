import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { saveBlob } from '../../lib/api-client.ts';
import { useAppConfig } from '../../lib/settings.ts';
import { CopyButton } from '../copy-button.tsx';
import './i18n-two-factor.ts';

/**
 * The ten recovery codes, shown once (after turning two-factor on, or making new ones): copy, download
 * as a text file, and "Continue" only once the admin says they are saved.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('two-factor');
  const config = useAppConfig();
  const [saved, setSaved] = useState(false);
  const text = [t('recovery.fileHeader', { app: config.appName, email }), '', ...codes, ''].join('\n');
  return (
    <div className="recovery-codes" data-testid="recovery-codes">
      <p>{t('recovery.intro')}</p>
      <ol className="recovery-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <CopyButton text={codes.join('\n')}>{t('recovery.copy')}</CopyButton>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), `${config.appName}-recovery-codes.txt`)}
        >
          {t('recovery.download')}
        </Button>
      </Flex>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ margin: '16px 0' }} data-testid="recovery-saved">
        {t('recovery.saved')}
      </Checkbox>
      <Button type="primary" block disabled={!saved} onClick={onDone} data-testid="recovery-continue">
        {t('recovery.continue')}
      </Button>
    </div>
  );
}
