import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import { useDevice } from '../../lib/device.ts';
import { useDebug } from '../../lib/debug.ts';
import { useSettings } from '../../lib/settings.ts';
import { organizationLabel, useActiveOrganization, useSession } from '../../lib/session.ts';
import { currentLanguage } from '../../i18n/index.ts';

/** /debug: client facts (version, size class, language, debug flag). */
export default function ClientDebugPage() {
  const { t } = useTranslation();
  const { size, mobile } = useDevice();
  const debug = useDebug();
  const { settings } = useSettings();
  const { payload } = useSession();
  const { organization } = useActiveOrganization();
  return (
    <div className="page narrow-page">
      <Card title={<h1 className="inline-heading">{t('debug.title')}</h1>}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'v', label: t('debug.version'), children: <span data-testid="debug-version">{settings.config.version}</span> },
            { key: 'api', label: t('debug.apiVersion'), children: settings.api_version || '—' },
            { key: 's', label: t('debug.size'), children: <span data-testid="debug-size">{size}</span> },
            { key: 'm', label: t('debug.mobile'), children: mobile ? t('debug.yes') : t('debug.no') },
            { key: 'l', label: t('debug.language'), children: currentLanguage() },
            {
              key: 'd',
              label: t('debug.debugMode'),
              children: (
                <Tag color={debug ? 'green' : undefined} data-testid="debug-flag">
                  {debug ? t('debug.on') : t('debug.off')}
                </Tag>
              ),
            },
            { key: 'li', label: t('debug.loggedIn'), children: payload ? t('debug.yes') : t('debug.no') },
            { key: 'o', label: t('debug.organization'), children: organization ? organizationLabel(organization) : '—' },
          ]}
        />
      </Card>
    </div>
  );
}
